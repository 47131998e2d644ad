/**
 * Every database command the shop sends: for one checkout (placed and paid, its receipt and mail included), for one
 * scrape of every service's /metrics, and for a minute with nobody shopping (the relays, the sweepers,
 * reconciliation). Each service process runs with bench/mongo-commands-preload.mjs, which turns on the MongoDB
 * driver's command monitoring (`commandStarted`/`commandSucceeded`) on its clients and writes each command to a file.
 *
 *   node --import tsx bench/checkout-commands.ts [checkouts=20] [idleSeconds=65] [history=0]
 * `history=50000` first loads that many orders of a year's history (scripts/seed-history.ts) into the databases.
 *
 * Prints, per service, each command as `command collection {filter keys}` (an order id in a dotted key is written X)
 * with its count and driver time per checkout (per scrape, per idle minute), its mean time, and `scan` when it is not
 * by `_id`: the local database reads the whole collection for it (docs/local-database.md). The checkouts run one at a
 * time, each waiting for its `order.paid`; the checkout window ends 5 s after the last one (the receipt and mail) and
 * can hold a background pass, whose commands are also in the idle table (column `idle/min` beside them). Figures from
 * a shared 2-core machine: compare rows within one run, not runs. docs/performance.md reads them.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import amqp from "amqplib";
import { createOrder, listProducts, loadHistory, payOrder, type ShopService, startShop } from "./shop-processes.js";

const CHECKOUTS = Number(process.argv[2] ?? 20);
const IDLE_SECONDS = Number(process.argv[3] ?? 65);
const HISTORY = Number(process.argv[4] ?? 0);
const PRELOAD = new URL("./mongo-commands-preload.mjs", import.meta.url).pathname;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One command as the preload writes it. */
export interface LoggedCommand {
  service: string;
  db: string;
  collection: string;
  command: string;
  filter: string;
  statements: number;
  byId: boolean | null;
  /** When it ended (ms since the epoch) and how long the driver waited for it. */
  at: number;
  ms: number;
  ok: boolean;
}

export const readCommands = (file: string): LoggedCommand[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LoggedCommand);

const keyOf = (c: LoggedCommand) => `${c.command} ${c.collection} {${c.filter}}`;

interface Row {
  key: string;
  count: number;
  ms: number;
  scan: boolean;
}

/** Commands grouped by service and key, with totals. */
export function group(commands: readonly LoggedCommand[]): Map<string, Map<string, Row>> {
  const services = new Map<string, Map<string, Row>>();
  for (const command of commands) {
    const rows = services.get(command.service) ?? new Map<string, Row>();
    services.set(command.service, rows);
    const key = keyOf(command);
    const row = rows.get(key) ?? { key, count: 0, ms: 0, scan: false };
    row.count++;
    row.ms += command.ms;
    if (command.byId === false) row.scan = true;
    rows.set(key, row);
  }
  return services;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Prints one table per service: each command's count and time divided by `per` (checkouts, scrapes, minutes). */
function printPer(
  title: string,
  commands: readonly LoggedCommand[],
  per: number,
  unit: string,
  idlePerMinute?: Map<string, number>,
) {
  console.log(`\n## ${title}`);
  const services = group(commands);
  const totals: Record<string, unknown>[] = [];
  for (const [service, rows] of [...services].sort()) {
    const sorted = [...rows.values()].sort((a, b) => b.ms - a.ms);
    const count = sorted.reduce((sum, row) => sum + row.count, 0);
    const ms = sorted.reduce((sum, row) => sum + row.ms, 0);
    totals.push({ service, [`commands/${unit}`]: round(count / per), [`ms/${unit}`]: round(ms / per, 1) });
    console.log(`\n${service}: ${round(count / per)} commands, ${round(ms / per, 1)} ms per ${unit}`);
    console.table(
      sorted.map((row) => ({
        command: row.key.length > 110 ? `${row.key.slice(0, 107)}...` : row.key,
        [`n/${unit}`]: round(row.count / per),
        [`ms/${unit}`]: round(row.ms / per, 1),
        "ms each": round(row.ms / row.count, 1),
        scan: row.scan ? "scan" : "",
        ...(idlePerMinute ? { "idle/min": idlePerMinute.get(`${service} ${row.key}`) ?? "" } : {}),
      })),
    );
  }
  console.table(totals);
}

async function main(): Promise<void> {
  const logFile = join(mkdtempSync(join(tmpdir(), "mongo-commands-")), "commands.jsonl");
  const shop = await startShop({
    label: "bench-commands",
    startUpTimeoutMs: 600_000,
    beforeStart: async (databases) => {
      if (HISTORY > 0) console.log(loadHistory(databases, HISTORY));
    },
    env: (service: ShopService) => ({
      NODE_OPTIONS: `--import ${PRELOAD}`,
      MONGO_COMMANDS_LOG: logFile,
      MONGO_COMMANDS_SERVICE: service,
    }),
  });
  const connection = await amqp.connect(shop.amqpUrl);
  try {
    const channel = await connection.createChannel();
    await channel.assertExchange("storefront.events", "topic", { durable: true });
    const { queue } = await channel.assertQueue("", { exclusive: true });
    await channel.bindQueue(queue, "storefront.events", "order.paid");
    const paid = new Set<string>();
    await channel.consume(
      queue,
      (message) => {
        if (message) paid.add((JSON.parse(message.content.toString()) as { data: { orderId: string } }).data.orderId);
      },
      { noAck: true },
    );
    const products = await listProducts(shop.gatewayUrl);
    const payToPaidMs: number[] = [];
    // A first checkout warms the processes up (JIT, pools, the catalogue's cache, the first product-days); not counted.
    const checkout = async (n: number) => {
      const { orderId, response } = createOrder(shop.gatewayUrl, products, 0, n);
      const created = await response;
      if (!created.ok) throw new Error(`checkout ${n}: ${created.status} ${await created.text()}`);
      const { paymentSessionId } = (await created.json()) as { paymentSessionId: string };
      const clicked = performance.now();
      const payment = await payOrder(shop.sandboxUrl, paymentSessionId);
      if (!payment.ok) throw new Error(`pay ${n}: ${payment.status}`);
      await payment.arrayBuffer();
      // Long: on a year of history the relay's publish waits behind its own scans (docs/performance.md).
      for (const until = Date.now() + 120_000; !paid.has(orderId) && Date.now() < until; ) await sleep(20);
      if (!paid.has(orderId)) throw new Error(`checkout ${n}: no order.paid after 120 s`);
      payToPaidMs.push(performance.now() - clicked);
    };
    await checkout(1000);
    await sleep(5000);
    payToPaidMs.length = 0;

    const checkoutsFrom = Date.now();
    const started = performance.now();
    for (let n = 0; n < CHECKOUTS; n++) await checkout(n);
    const checkoutsMs = performance.now() - started;
    await sleep(5000);
    const checkoutsTo = Date.now();

    // One scrape of every service's /metrics, as the PodMonitor does every 30 s (k8s/monitoring/pod-monitor.yaml).
    await sleep(1000);
    const scrapeFrom = Date.now();
    for (const process of Object.values(shop.processes)) await (await fetch(`${process.url}/metrics`)).arrayBuffer();
    await sleep(500);
    const scrapeTo = Date.now();

    console.log(`idling ${IDLE_SECONDS} s (nobody shopping)...`);
    const idleFrom = Date.now();
    await sleep(IDLE_SECONDS * 1000);
    const idleTo = Date.now();

    const commands = readCommands(logFile);
    const between = (from: number, to: number) => commands.filter((c) => c.at >= from && c.at < to);
    const idle = between(idleFrom, idleTo);
    const minutes = (idleTo - idleFrom) / 60_000;
    const idlePerMinute = new Map(
      [...group(idle)].flatMap(([service, rows]) =>
        [...rows.values()].map((row) => [`${service} ${row.key}`, round(row.count / minutes)] as const),
      ),
    );
    console.log(
      `${HISTORY > 0 ? `on ${HISTORY} orders of history: ` : "on empty databases: "}` +
        `${CHECKOUTS} checkouts one at a time in ${Math.round(checkoutsMs)} ms ` +
        `(${Math.round(checkoutsMs / CHECKOUTS)} ms each, create + pay + order.paid on the bus; pay -> order.paid ` +
        `max ${Math.round(Math.max(...payToPaidMs))} ms); log ${logFile}`,
    );
    printPer(
      `Per checkout (${CHECKOUTS} checkouts, +5 s for receipts and mails)`,
      between(checkoutsFrom, checkoutsTo),
      CHECKOUTS,
      "checkout",
      idlePerMinute,
    );
    printPer("One scrape of every service's /metrics", between(scrapeFrom, scrapeTo), 1, "scrape");
    printPer(`Nobody shopping: per minute (${round(minutes * 60, 0)} s)`, idle, minutes, "minute");
  } finally {
    await connection.close().catch(() => {});
    await shop.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
