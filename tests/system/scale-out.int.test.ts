import { eventually, maildev, receiptsPipeline, sampleOrderPaid } from "@storefront/testing";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Scale-out on one machine: three billing and three notification processes on the same broker and databases. Every
 * order gets one invoice number, one receipt and one email, even with some events delivered twice, and the work is
 * shared by every instance (competing consumers on each service's queue). bench/scale-out.ts times 1 vs 3.
 */
// 150 orders (30 delivered twice) race enough across three of each to prove "exactly once"; bench/scale-out.ts times
// 1,000. The rolling restart keeps a longer burst, so the restart surely lands in the middle of it.
const ORDERS = 150;
const REPEATED = 30;
const BURST = 300;
let pipeline: Awaited<ReturnType<typeof receiptsPipeline>> | undefined;

/** Stops the processes of the test before, and deletes its emails. */
async function finish(): Promise<void> {
  if (pipeline) await maildev.deleteWithSubjectPrefix(`Your ${pipeline.shopName} order `);
  await pipeline?.close();
  pipeline = undefined;
}
afterAll(finish, 60_000);

describe("several instances each of billing and notification", () => {
  it(`invoice and email each of ${ORDERS} orders exactly once with three of each, and share the work`, async () => {
    pipeline = await receiptsPipeline("scale-out", { instances: 3 });
    const stamp = Date.now();
    const events = Array.from({ length: ORDERS }, (_, i) => sampleOrderPaid(`${stamp}scale${i}`));
    // The first few delivered twice, as a relay that died after publishing (before clearing its outbox) leaves them.
    await pipeline.publish([...events, ...events.slice(0, REPEATED)]);

    const current = pipeline;
    await eventually(async () => (await current.sentConfirmations()) === ORDERS, {
      what: `${ORDERS} confirmation emails sent`,
      timeoutMs: 120_000,
      intervalMs: 500,
    });
    const handled = await eventually(
      async () => {
        const counts = await current.handledPerInstance();
        const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
        // Billing handles every delivery (a repeat finds its receipt); notification at least one receipt event per
        // order (a relay that dies between its publish and its clearing leaves the event to be sent again, which the
        // keyed effects below absorb).
        return sum(counts.billing) >= ORDERS + REPEATED && sum(counts.notification) >= ORDERS && counts;
      },
      { what: "every delivery handled" },
    );
    await new Promise((resolve) => setTimeout(resolve, 1000)); // room for a late duplicate to show up

    const receipts = await pipeline.receipts();
    expect(receipts).toHaveLength(ORDERS);
    expect(new Set(receipts.map((receipt) => receipt.invoiceNumber)).size).toBe(ORDERS);
    expect(new Set(receipts.map((receipt) => receipt._id))).toEqual(new Set(events.map((e) => e.data.orderId)));
    const deliveries = await pipeline.deliveries();
    expect(deliveries).toHaveLength(ORDERS);
    expect(new Set(deliveries.map((delivery) => delivery.messageId)).size).toBe(ORDERS);

    const caught = await maildev.withSubjectPrefix(`Your ${pipeline.shopName} order `);
    expect(caught).toHaveLength(ORDERS);

    // Each instance took a share of each queue.
    for (const share of [...handled.billing, ...handled.notification]) expect(share).toBeGreaterThan(0);
  }, 180_000);

  it("lose nothing and double nothing when an instance of each is restarted in the middle of a burst", async () => {
    await finish();
    pipeline = await receiptsPipeline("rolling-restart", { instances: 2 });
    const current = pipeline;
    const stamp = Date.now();
    const events = Array.from({ length: BURST }, (_, i) => sampleOrderPaid(`${stamp}roll${i}`));
    await current.publish(events);
    await eventually(async () => (await current.sentConfirmations()) >= BURST / 5, {
      what: "the burst under way",
      timeoutMs: 60_000,
      intervalMs: 100,
    });
    const exits = await Promise.all([current.restart("billing", 0), current.restart("notification", 0)]);
    expect(exits).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
    await eventually(async () => (await current.sentConfirmations()) === BURST, {
      what: `all ${BURST} confirmation emails after the restart`,
      timeoutMs: 120_000,
      intervalMs: 500,
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const receipts = await current.receipts();
    expect(receipts).toHaveLength(BURST);
    expect(new Set(receipts.map((receipt) => receipt.invoiceNumber)).size).toBe(BURST);
    const deliveries = await current.deliveries();
    expect(deliveries).toHaveLength(BURST);
    expect(await maildev.withSubjectPrefix(`Your ${current.shopName} order `)).toHaveLength(BURST);
  }, 180_000);
});
