/**
 * Receipts benchmark: publishes N `order.paid` events (as order-payment's outbox would) to the built billing and
 * notification services, paced at R orders/s, and measures each order from its publish to the moment MailDev
 * caught the confirmation email with the GST invoice attached (invoice number, PDF, receipt stored, event relayed,
 * email rendered and sent over SMTP). Also a burst of the same N at once, for invoices/s.
 *
 *   node --import tsx bench/receipts.ts [orders=500] [ordersPerSecond=20]
 * Goal on this machine: paid-to-email p50 <= 60 ms and p99 <= 250 ms at 20 orders/s.
 * Needs the built services and the local infrastructure (scripts/infra.sh up) with MailDev; uses a throw-away
 * database, vhost and Redis prefix, and deletes its emails from MailDev afterwards.
 */

import { stat } from "node:fs/promises";
import { useLocalInfraByDefault } from "@storefront/config";
import { eventually, maildevApiUrl, receiptsPipeline, sampleOrderPaid, uniqueName } from "@storefront/testing";

useLocalInfraByDefault();

const ORDERS = Number(process.argv[2] ?? 500);
const RATE = Number(process.argv[3] ?? 20);
const SHOP_NAME = `Bench ${uniqueName("shop")}`;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!)
    : NaN;
};

interface CaughtEmail {
  id: string;
  subject: string;
  /** The raw message file MailDev writes as the SMTP data arrives (on this machine). */
  source: string;
}
/**
 * When MailDev caught an email: its raw file's last write, the end of the SMTP data. (MailDev's own `time` is the
 * message's Date header, to the second: too coarse for a latency.)
 */
const caughtAt = async (email: CaughtEmail) => (await stat(email.source)).mtimeMs;
async function caught(prefix: string): Promise<CaughtEmail[]> {
  const all = (await (await fetch(`${maildevApiUrl}/email`)).json()) as CaughtEmail[];
  return all.filter((email) => email.subject.startsWith(prefix));
}

async function main(): Promise<void> {
  const pipeline = await receiptsPipeline("bench-receipts", { instances: 1, shopName: SHOP_NAME });
  try {
    const prefix = `Your ${SHOP_NAME} order `;
    const run = async (label: string, count: number, rate: number) => {
      const publishedAt = new Map<string, number>();
      const started = Date.now();
      const sends: Promise<unknown>[] = [];
      for (let i = 0; i < count; i++) {
        if (rate > 0) {
          const due = started + (i * 1000) / rate;
          if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
        }
        const orderId = `${started}${label}${i}`;
        publishedAt.set(orderId, Date.now());
        sends.push(pipeline.publish([sampleOrderPaid(orderId)]));
      }
      await Promise.all(sends);
      const mine = (email: CaughtEmail) => [...publishedAt.keys()].some((id) => email.subject.includes(` ${id} `));
      const emails = await eventually(
        async () => {
          const found = (await caught(prefix)).filter(mine);
          return found.length >= count && found;
        },
        { what: `${count} confirmation emails`, timeoutMs: 300_000, intervalMs: 500 },
      );
      const caughtTimes = await Promise.all(emails.map(caughtAt));
      const latencies = emails.map((email, i) => {
        const orderId = /order (\S+) is confirmed/.exec(email.subject)![1]!;
        return caughtTimes[i]! - publishedAt.get(orderId)!;
      });
      const lastCaught = Math.max(...caughtTimes);
      for (const email of emails) await fetch(`${maildevApiUrl}/email/${email.id}`, { method: "DELETE" });
      return {
        run: label,
        orders: count,
        "offered /s": rate > 0 ? rate : "burst",
        "invoices+emails /s": Math.round((count / ((lastCaught - started) / 1000)) * 10) / 10,
        "paid->email p50 ms": percentile(latencies, 50),
        "paid->email p99 ms": percentile(latencies, 99),
      };
    };
    await run("warm", 20, 0);
    const paced = await run("paced", ORDERS, RATE);
    const burst = await run("burst", ORDERS, 0);
    console.table([paced, burst]);
    console.log(
      `paid-to-email at ${RATE} orders/s: p50 ${paced["paid->email p50 ms"]} ms, p99 ${paced["paid->email p99 ms"]} ms ` +
        "(goal: p50 <= 60 ms, p99 <= 250 ms)",
    );
  } finally {
    await pipeline.close();
  }
}

await main();
