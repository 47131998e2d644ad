import { signAccessToken } from "@storefront/auth";
import { eventually, maildev, paymentsPipeline, receiptsPipeline } from "@storefront/testing";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Three order-payment instances on one local database (docs/local-database.md), with three billing and three
 * notification instances behind them: 150 orders paid through the sandbox, whose webhooks (each sent twice) land on
 * the instances in turn while the browser's verify of the same order races on the two others. Each order is PAID
 * once (one settlement counted across the instances), gets one invoice and one email. bench/scale-out.ts times 1 vs 3.
 */
const ORDERS = 150;
const INSTANCES = 3;
const AT_ONCE = 15;
const JWT_SECRET = "scale-out-jwt-secret-of-32-characters";

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
}, 60_000);

describe("three order-payment instances on one database", () => {
  it(`settle ${ORDERS} orders once each while webhooks and verifies race across them`, async () => {
    const receipts = await receiptsPipeline("scale-out-payments", { instances: INSTANCES });
    cleanups.push(
      () => maildev.deleteWithSubjectPrefix(`Your ${receipts.shopName} order `),
      () => receipts.close(),
    );
    const payments = await paymentsPipeline("scale-out-payments", {
      instances: INSTANCES,
      amqpUrl: receipts.amqpUrl,
      redis: receipts.redis,
      jwtSecret: JWT_SECRET,
    });
    cleanups.push(() => payments.close());
    const token = signAccessToken(
      { sub: "u-scale-out", email: "asha@payments.example", role: "USER" },
      { secret: JWT_SECRET, issuer: "storefront-identity", expiresInSeconds: 3600 },
    );

    const stamp = Date.now();
    const orderIds = Array.from({ length: ORDERS }, (_, index) => `${stamp}scale${String(index).padStart(3, "0")}`);
    const verified: boolean[] = [];
    for (let start = 0; start < ORDERS; start += AT_ONCE) {
      const batch = orderIds.slice(start, start + AT_ONCE);
      verified.push(
        ...(await Promise.all(batch.map((orderId, offset) => payments.checkout(orderId, start + offset, token)))),
      );
    }

    await expect.poll(() => payments.paid(orderIds), { timeout: 60_000, interval: 500 }).toBe(ORDERS);
    expect(verified.filter(Boolean).length).toBeGreaterThan(0);
    expect(await payments.settlements()).toBe(ORDERS);
    // Settled once in all: the three instances' "paid" outcomes add up to one per order.
    expect(await payments.settledByInstances()).toBe(ORDERS);

    await eventually(async () => (await receipts.sentConfirmations()) === ORDERS, {
      what: `${ORDERS} confirmation emails`,
      timeoutMs: 120_000,
      intervalMs: 500,
    });
    await new Promise((resolve) => setTimeout(resolve, 1000)); // room for a late duplicate to show up
    const invoices = await receipts.receipts();
    expect(invoices).toHaveLength(ORDERS);
    expect(new Set(invoices.map((receipt) => receipt.invoiceNumber)).size).toBe(ORDERS);
    expect(new Set(invoices.map((receipt) => receipt._id))).toEqual(new Set(orderIds));
    expect(await maildev.withSubjectPrefix(`Your ${receipts.shopName} order `)).toHaveLength(ORDERS);
  }, 300_000);
});
