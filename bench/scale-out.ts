/**
 * Scale-out benchmark, two parts:
 *  - receipts: the same burst of N `order.paid` events through 1 and then 3 instances each of billing and
 *    notification (built services, separate processes, one broker and database), timed from the first publish to the
 *    last confirmation email sent (the notification's delivery log). Also checks the outcome: one receipt and one
 *    invoice number per order, one email per order, and each instance's share of the work.
 *  - payments: M checkouts (15 at a time) paid through the sandbox on 1 and then 3 order-payment instances sharing
 *    one database, each webhook sent twice and spread over the instances, the browser's verify racing on the others;
 *    timed from the first checkout to the last order PAID, and checked: settled once each across the instances.
 *
 *   node --import tsx bench/scale-out.ts [orders=1000] [checkouts=300]
 * Needs the built services and the local infrastructure (scripts/infra.sh up) with MailDev; throw-away databases,
 * vhosts and Redis prefixes; deletes its emails from MailDev afterwards.
 */

import { signAccessToken } from "@storefront/auth";
import { useLocalInfraByDefault } from "@storefront/config";
import { eventually, maildev, paymentsPipeline, receiptsPipeline, sampleOrderPaid } from "@storefront/testing";

useLocalInfraByDefault();

const ORDERS = Number(process.argv[2] ?? 1000);
const CHECKOUTS = Number(process.argv[3] ?? 300);
const CHECKOUTS_AT_ONCE = 15;
const JWT_SECRET = "bench-scale-out-jwt-secret-0123456789";

async function measure(instances: number) {
  const pipeline = await receiptsPipeline(`bench-scale-${instances}`, { instances });
  try {
    const warm = Array.from({ length: 20 }, (_, i) => sampleOrderPaid(`${Date.now()}warm${i}`));
    await pipeline.publish(warm);
    await eventually(async () => (await pipeline.sentConfirmations()) === warm.length, {
      what: "the warm-up emails",
      timeoutMs: 60_000,
    });
    const stamp = Date.now();
    const events = Array.from({ length: ORDERS }, (_, i) => sampleOrderPaid(`${stamp}burst${i}`));
    const started = Date.now();
    await pipeline.publish(events);
    const total = warm.length + ORDERS;
    await eventually(async () => (await pipeline.sentConfirmations()) === total, {
      what: `${ORDERS} confirmation emails`,
      timeoutMs: 600_000,
      intervalMs: 250,
    });
    const deliveries = await pipeline.deliveries();
    const lastSent = Math.max(...deliveries.map((delivery) => delivery.sentAt?.getTime() ?? 0));
    const receipts = await pipeline.receipts();
    const handled = await pipeline.handledPerInstance();
    const shares = (counts: number[]) => counts.map((count) => Math.round((count / total) * 100)).join("/");
    return {
      instances,
      orders: ORDERS,
      "invoices+emails /s": Math.round((ORDERS / ((lastSent - started) / 1000)) * 10) / 10,
      seconds: Math.round((lastSent - started) / 100) / 10,
      "receipts (distinct numbers)": `${receipts.length} (${new Set(receipts.map((r) => r.invoiceNumber)).size})`,
      "emails (distinct)": `${deliveries.length} (${new Set(deliveries.map((d) => d.messageId)).size})`,
      "billing share %": shares(handled.billing),
      "notification share %": shares(handled.notification),
    };
  } finally {
    await maildev.deleteWithSubjectPrefix(`Your ${pipeline.shopName} order `);
    await pipeline.close();
  }
}

async function measurePayments(instances: number) {
  const receipts = await receiptsPipeline(`bench-pay-${instances}`, { instances: 1 });
  const payments = await paymentsPipeline(`bench-pay-${instances}`, {
    instances,
    amqpUrl: receipts.amqpUrl,
    redis: receipts.redis,
    jwtSecret: JWT_SECRET,
  });
  try {
    const token = signAccessToken(
      { sub: "bench-payments", email: "asha@payments.example", role: "USER" },
      { secret: JWT_SECRET, issuer: "storefront-identity", expiresInSeconds: 3600 },
    );
    const stamp = Date.now();
    const orderIds = Array.from({ length: CHECKOUTS }, (_, index) => `${stamp}pay${index}`);
    const started = Date.now();
    for (let start = 0; start < CHECKOUTS; start += CHECKOUTS_AT_ONCE) {
      const batch = orderIds.slice(start, start + CHECKOUTS_AT_ONCE);
      await Promise.all(batch.map((orderId, offset) => payments.checkout(orderId, start + offset, token)));
    }
    await eventually(async () => (await payments.paid(orderIds)) === CHECKOUTS, {
      what: `${CHECKOUTS} orders paid`,
      timeoutMs: 600_000,
      intervalMs: 100,
    });
    const seconds = (Date.now() - started) / 1000;
    return {
      "order-payment instances": instances,
      checkouts: CHECKOUTS,
      "paid orders /s": Math.round((CHECKOUTS / seconds) * 10) / 10,
      seconds: Math.round(seconds * 10) / 10,
      "settlements (counted by instances)": `${await payments.settlements()} (${await payments.settledByInstances()})`,
    };
  } finally {
    await payments.close();
    await maildev.deleteWithSubjectPrefix(`Your ${receipts.shopName} order `);
    await receipts.close();
  }
}

console.table([await measure(1), await measure(3)]);
console.table([await measurePayments(1), await measurePayments(3)]);
