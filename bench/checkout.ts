/**
 * Checkout benchmark: N concurrent shoppers, each in a loop creating an order through the gateway
 * (POST /api/payment/cashfree-order, priced by the catalogue, a Cashfree order opened in the local sandbox) and
 * paying it on the sandbox's checkout (Pay), whose signed webhook comes back through the gateway to order-payment.
 * Prints orders/s, create-order p50/p99, and the time from Pay to `order.paid` on the bus (p50/p99): the webhook,
 * its signature check, the settlement and the outbox relay's confirmed publish.
 *
 *   node --import tsx bench/checkout.ts [seconds=20] [shoppers=20] [thinkMs=1000] [history=0] [products=0]
 * `history=50000` loads a year of a busy shop into order-payment's database first (scripts/seed-history.ts; its
 * billing and notification parts go to throw-away databases, as those services do not run here).
 * `products=2` puts every order on the shop's first two products (a festival morning: every checkout holds units on
 * the same two product-days, whose documents then carry every order of the day); 0 spreads them over all products.
 * Each shopper pauses about `thinkMs` (0.5x to 1.5x) in the provider's modal before Pay and again before the next
 * order, as a person does; `thinkMs=0` is a stress test (every shopper in a closed loop, no pause), where latency is
 * just shoppers / throughput.
 * Goal on this 2-core machine: create-order p99 <= 100 ms at 20 concurrent shoppers, 0 errors.
 * Needs the built services (npx turbo run build) and the local infrastructure (scripts/infra.sh up); uses a
 * throw-away database per service, vhost and Redis prefix. The shoppers share the machine's cores with the servers.
 */
import { freshDatabase } from "@storefront/testing";
import amqp from "amqplib";
import { CLOCK_TICKS, cpuMeter, shopProcesses } from "./process-cpu.js";
import { createOrder, listProducts, loadHistory, payOrder, startShop } from "./shop-processes.js";

const SECONDS = Number(process.argv[2] ?? 20);
const SHOPPERS = Number(process.argv[3] ?? 20);
const THINK_MS = Number(process.argv[4] ?? 1000);
const HISTORY = Number(process.argv[5] ?? 0);
const PRODUCTS = Number(process.argv[6] ?? 0);
const think = () => new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10;
};

async function main(): Promise<void> {
  // The services a checkout goes through, started as bench/shop-processes.ts does for every bench.
  const shop = await startShop({
    label: "bench-checkout",
    services: ["payment-sandbox", "catalogue", "order-payment", "gateway"],
    // On a year of history order-payment's start-up (its indexes, the one-time listing) takes longer.
    startUpTimeoutMs: 600_000,
    beforeStart: async (databases) => {
      if (HISTORY <= 0) return;
      const [billing, notification] = await Promise.all([
        freshDatabase("bench-checkout-history-billing"),
        freshDatabase("bench-checkout-history-notification"),
      ]);
      try {
        console.log(loadHistory({ "order-payment": databases["order-payment"], billing, notification }, HISTORY));
      } finally {
        await Promise.all([billing.drop(), notification.drop()]);
      }
    },
  });
  let connection: Awaited<ReturnType<typeof amqp.connect>> | undefined;
  try {
    connection = await amqp.connect(shop.amqpUrl);
    // order.paid as billing will receive it: a queue bound in the run's vhost, read as messages arrive.
    const channel = await connection.createChannel();
    await channel.assertExchange("storefront.events", "topic", { durable: true });
    const { queue } = await channel.assertQueue("", { exclusive: true });
    await channel.bindQueue(queue, "storefront.events", "order.paid");
    const paidAt = new Map<string, number>();
    await channel.consume(
      queue,
      (message) => {
        if (!message) return;
        const event = JSON.parse(message.content.toString()) as { data: { orderId: string } };
        paidAt.set(event.data.orderId, performance.now());
      },
      { noAck: true },
    );

    const shopProducts = await listProducts(shop.gatewayUrl);
    const products = PRODUCTS > 0 ? shopProducts.slice(0, PRODUCTS) : shopProducts;
    const createMs: number[] = [];
    const payClickedAt = new Map<string, number>();
    let errors = 0;
    // The first seconds warm the processes up (JIT, connection pools, the catalogue's cache) and are not counted.
    const WARM_UP_MS = 3000;
    const measureFrom = performance.now() + WARM_UP_MS;
    const deadline = measureFrom + SECONDS * 1000;
    // CPU of the database and of each service over the measured window (started when the warm-up ends).
    let meter: ReturnType<typeof cpuMeter> | undefined;
    const meterStart = setTimeout(() => {
      meter = cpuMeter(shopProcesses(shop.processes));
    }, WARM_UP_MS);
    const shopper = async (index: number) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const started = performance.now();
        const { orderId, response } = createOrder(shop.gatewayUrl, products, index, n);
        const created = await response;
        if (!created.ok) {
          errors++;
          await created.arrayBuffer();
          continue;
        }
        const measured = started >= measureFrom;
        if (measured) createMs.push(performance.now() - started);
        const { paymentSessionId } = (await created.json()) as { paymentSessionId: string };
        if (THINK_MS > 0) await think();
        if (measured) payClickedAt.set(orderId, performance.now());
        const paid = await payOrder(shop.sandboxUrl, paymentSessionId);
        if (!paid.ok) errors++;
        await paid.arrayBuffer();
        if (THINK_MS > 0) await think();
      }
    };
    await Promise.all(Array.from({ length: SHOPPERS }, (_, index) => shopper(index)));
    const elapsedS = (performance.now() - measureFrom) / 1000;
    clearTimeout(meterStart);
    const cpu = meter?.read() ?? [];
    // Let the last webhooks and publishes land.
    const waitUntil = performance.now() + 15_000;
    const allPaid = () => [...payClickedAt.keys()].every((orderId) => paidAt.has(orderId));
    while (!allPaid() && performance.now() < waitUntil) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const webhookToPaid = [...payClickedAt].flatMap(([orderId, clicked]) => {
      const at = paidAt.get(orderId);
      return at === undefined ? [] : [at - clicked];
    });
    console.table([
      {
        shoppers: SHOPPERS,
        "think ms": THINK_MS,
        seconds: Math.round(elapsedS * 10) / 10,
        orders: createMs.length,
        "orders/s": Math.round((createMs.length / elapsedS) * 10) / 10,
        "create p50 ms": percentile(createMs, 50),
        "create p99 ms": percentile(createMs, 99),
        "pay->order.paid p50 ms": percentile(webhookToPaid, 50),
        "pay->order.paid p99 ms": percentile(webhookToPaid, 99),
        "paid on bus": webhookToPaid.length,
        errors,
      },
    ]);
    // CPU per order: what each process spent on one checkout (create, pay, settle, publish) at this load.
    console.table(
      cpu.map((row) => ({
        ...row,
        "cpu ms per order":
          Math.round(((row["cpu ticks"] * 1000) / CLOCK_TICKS / Math.max(1, createMs.length)) * 10) / 10,
      })),
    );
    // What the shoppers would place if the shop answered at once: each thinks twice per order (0.5x-1.5x thinkMs).
    const offered = THINK_MS > 0 ? SHOPPERS / ((2 * THINK_MS) / 1000) : Number.NaN;
    const missing = payClickedAt.size - webhookToPaid.length;
    console.log(
      `create-order p99 ${percentile(createMs, 99)} ms at ${SHOPPERS} shoppers (goal: <= 100 ms, 0 errors); ` +
        `${errors} errors; ${missing} paid orders without order.paid after 15 s; ` +
        `${Math.round((createMs.length / elapsedS / offered) * 100)}% of the ${offered} orders/s the shoppers offer at this pace`,
    );
  } finally {
    await connection?.close().catch(() => {});
    await shop.close();
  }
}

await main();
