import { EVENT_CONSUMERS } from "@storefront/contracts";
import { consumerQueues, unroutedQueueName } from "@storefront/messaging";
import { z } from "zod";

/** One queue as RabbitMQ's management API reports it (only the fields the console shows). */
const managedQueueSchema = z.object({
  name: z.string(),
  messages: z.number().optional(),
  messages_ready: z.number().optional(),
  messages_unacknowledged: z.number().optional(),
  consumers: z.number().optional(),
  message_stats: z
    .object({
      publish_details: z.object({ rate: z.number() }).optional(),
      deliver_get_details: z.object({ rate: z.number() }).optional(),
      ack_details: z.object({ rate: z.number() }).optional(),
    })
    .optional(),
});
type ManagedQueue = z.infer<typeof managedQueueSchema>;

export interface QueueStats {
  /** The consumer (a service), or "unrouted" for the exchange's queue of events no binding took. */
  consumer: string;
  queue: string;
  messages: number;
  unacknowledged: number;
  consumers: number;
  /** Messages waiting out a retry delay (`<queue>.retry.<ms>ms`). */
  retrying: number;
  /** Messages per second, as the management API averages them. */
  rates: { published: number; delivered: number; acked: number };
}

export interface ManagementApi {
  baseUrl: string;
  vhost: string;
  timeoutMs: number;
}

/** Reads every queue of the vhost once, and tells each consumer's story: its queue, its retries. */
export async function queueStats(api: ManagementApi, exchange: string): Promise<QueueStats[]> {
  const queues = await listQueues(api);
  const byName = new Map(queues.map((queue) => [queue.name, queue]));
  const stats = (consumer: string, name: string, retrying: number): QueueStats => {
    const queue = byName.get(name);
    return {
      consumer,
      queue: name,
      messages: queue?.messages ?? 0,
      unacknowledged: queue?.messages_unacknowledged ?? 0,
      consumers: queue?.consumers ?? 0,
      retrying,
      rates: {
        published: queue?.message_stats?.publish_details?.rate ?? 0,
        delivered: queue?.message_stats?.deliver_get_details?.rate ?? 0,
        acked: queue?.message_stats?.ack_details?.rate ?? 0,
      },
    };
  };
  const consumers = EVENT_CONSUMERS.map((consumer) => {
    const retryPrefix = `${consumerQueues(consumer, []).main}.retry.`;
    const retrying = queues
      .filter((queue) => queue.name.startsWith(retryPrefix))
      .reduce((sum, queue) => sum + (queue.messages ?? 0), 0);
    return stats(consumer, consumer, retrying);
  });
  return [...consumers, stats("unrouted", unroutedQueueName(exchange), 0)];
}

async function listQueues(api: ManagementApi): Promise<ManagedQueue[]> {
  const base = new URL(api.baseUrl);
  const auth = Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString(
    "base64",
  );
  base.username = "";
  base.password = "";
  const url = new URL(`api/queues/${encodeURIComponent(api.vhost)}`, base.href.endsWith("/") ? base : `${base.href}/`);
  const res = await fetch(url, {
    headers: { authorization: `Basic ${auth}` },
    signal: AbortSignal.timeout(api.timeoutMs),
  });
  if (!res.ok) throw new Error(`RabbitMQ management answered ${res.status}`);
  return z.array(managedQueueSchema).parse(await res.json());
}
