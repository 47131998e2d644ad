import { createBullBoard } from "@bull-board/api";
import { BullMQAdapter } from "@bull-board/api/bullMQAdapter";
import { ExpressAdapter } from "@bull-board/express";
import { JOB_QUEUES, OPS_BOARD_PATH } from "@storefront/contracts";
import { bullConnection } from "@storefront/stores";
import { Queue } from "bullmq";
import type { RequestHandler } from "express";

interface Pingable {
  ping(): Promise<string>;
}

/**
 * bull-board over every BullMQ queue of the shop (JOB_QUEUES), mounted at OPS_BOARD_PATH: waiting, delayed and
 * failed jobs, and retry from the page. The queues are opened here only to look and retry; the services run them.
 */
export function jobBoard(redisUrl: string): {
  router: RequestHandler;
  check(): Promise<void>;
  close(): Promise<void>;
} {
  const connection = bullConnection(redisUrl);
  const queues = JOB_QUEUES.map((job) => new Queue(job.queue, { connection, prefix: job.prefix }));
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(OPS_BOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: "Storefront jobs" } },
  });
  return {
    router: serverAdapter.getRouter() as RequestHandler,
    /** Readiness: the board answers only while Redis does. */
    async check() {
      // BullMQ's client is an ioredis connection; its own type leaves PING out.
      await Promise.all(queues.map(async (queue) => ((await queue.client) as unknown as Pingable).ping()));
    },
    async close() {
      await Promise.all(queues.map((queue) => queue.close()));
    },
  };
}
