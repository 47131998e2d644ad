/**
 * Scale-out benchmark: the same burst of N `order.paid` events through 1 and then 3 instances each of billing and
 * notification (built services, separate processes, one broker and database), timed from the first publish to the
 * last confirmation email sent (the notification's delivery log). Also checks the outcome: one receipt and one
 * invoice number per order, one email per order, and each instance's share of the work.
 *
 *   node --import tsx bench/scale-out.ts [orders=1000]
 * Needs the built services and the local infrastructure (scripts/infra.sh up) with MailDev; throw-away databases,
 * vhosts and Redis prefixes; deletes its emails from MailDev afterwards.
 */
import { eventually, maildev, receiptsPipeline, sampleOrderPaid } from "@storefront/testing";

process.env.AMQP_URL ??= "amqp://guest:guest@127.0.0.1:5672";
process.env.MONGO_URL ??= "mongodb://127.0.0.1:27017";
process.env.REDIS_URL ??= "redis://127.0.0.1:6379";

const ORDERS = Number(process.argv[2] ?? 1000);

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

const rows = [await measure(1), await measure(3)];
console.table(rows);
