import { eventually, localBroker, receiptsPipeline, sampleOrderPaid } from "@storefront/testing";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Readiness means "send me traffic" (docs/operations/readiness.md): a billing and a notification process stay in
 * traffic while the broker is stopped (200, degraded, naming RabbitMQ: their work waits in the broker and the
 * outbox), report ready again when it returns without a restart, and then do their work.
 */
let pipeline: Awaited<ReturnType<typeof receiptsPipeline>> | undefined;
afterAll(async () => {
  await localBroker.startApp().catch(() => {});
  await pipeline?.close();
}, 60_000);

const readiness = async (url: string) => {
  const answer = await fetch(`${url}/readyz`);
  return { status: answer.status, body: (await answer.json()) as { status: string; checks: Record<string, string> } };
};

describe("a service's /readyz across a broker stop and start (rabbitmqctl stop_app / start_app)", () => {
  it("stays in traffic naming the broker as degraded, comes back ready by itself, and works again", async () => {
    pipeline = await receiptsPipeline("readiness", { instances: 1 });
    const services = [...pipeline.billing, ...pipeline.notification];
    for (const service of services) expect((await readiness(service.url)).status).toBe(200);

    await localBroker.stopApp();
    for (const service of services) {
      const down = await eventually(
        async () => {
          const answer = await readiness(service.url);
          return answer.body.status === "degraded" && answer;
        },
        { what: "degraded from /readyz while the broker is stopped", timeoutMs: 15_000 },
      );
      expect(down.status).toBe(200);
      expect(down.body.checks.rabbitmq).toMatch(/^degraded: /);
      expect(down.body.checks.mongo).toBe("ok");
    }

    await localBroker.startApp();
    for (const service of services) {
      await eventually(async () => (await readiness(service.url)).body.status === "ready", {
        what: "/readyz ready again once the broker is back",
        timeoutMs: 60_000,
      });
    }
    // Same processes, reconnected: an order paid now gets its invoice and its email.
    const current = pipeline;
    await current.publish([sampleOrderPaid(`${Date.now()}ready0`)]);
    await eventually(async () => (await current.sentConfirmations()) === 1, {
      what: "the confirmation email after the broker came back",
      timeoutMs: 30_000,
    });
  });
});
