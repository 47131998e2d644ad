/**
 * Checkout benchmark: N concurrent shoppers, each in a loop creating an order through the gateway
 * (POST /api/payment/cashfree-order, priced by the catalogue, a Cashfree order opened in the local sandbox) and
 * paying it on the sandbox's checkout (Pay), whose signed webhook comes back through the gateway to order-payment.
 * Prints orders/s, create-order p50/p99, and the time from Pay to `order.paid` on the bus (p50/p99): the webhook,
 * its signature check, the settlement and the outbox relay's confirmed publish.
 *
 *   node --import tsx bench/checkout.ts [seconds=20] [shoppers=20] [thinkMs=1000]
 * Each shopper pauses about `thinkMs` (0.5x to 1.5x) in the provider's modal before Pay and again before the next
 * order, as a person does; `thinkMs=0` is a stress test (every shopper in a closed loop, no pause), where latency is
 * just shoppers / throughput.
 * Goal on this 2-core machine: create-order p99 <= 100 ms at 20 concurrent shoppers, 0 errors.
 * Needs the built services (npx turbo run build) and the local infrastructure (scripts/infra.sh up); uses a
 * throw-away database per service, vhost and Redis prefix. The shoppers share the machine's cores with the servers.
 */
import { createHmac } from "node:crypto";
import {
  freePort,
  freshDatabase,
  isolatedRedis,
  isolatedVhost,
  MANY_ORDERS_FROM_ONE_SHOPPER,
  type ServiceProcess,
  startServiceProcess,
} from "@storefront/testing";
import amqp from "amqplib";

process.env.AMQP_URL ??= "amqp://guest:guest@127.0.0.1:5672";
process.env.MONGO_URL ??= "mongodb://127.0.0.1:27017";
process.env.REDIS_URL ??= "redis://127.0.0.1:6379";

const SECONDS = Number(process.argv[2] ?? 20);
const SHOPPERS = Number(process.argv[3] ?? 20);
const THINK_MS = Number(process.argv[4] ?? 1000);
const think = () => new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));
const JWT_SECRET = "bench-checkout-jwt-secret-0123456789abcdef";
const SANDBOX_SECRET = "bench-checkout-sandbox-secret";
const entry = (service: string) => new URL(`../services/${service}/dist/main.js`, import.meta.url).pathname;

/** An HS256 token as identity signs it (a customer of the shop), so the bench needs no signup per shopper. */
function customerToken(shopper: number): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const header = encode({ alg: "HS256", typ: "JWT" });
  const payload = encode({
    sub: `bench-shopper-${shopper}`,
    email: `shopper${shopper}@bench.example`,
    role: "USER",
    iss: "storefront-identity",
    aud: "storefront-api",
    iat: now,
    exp: now + 3600,
  });
  const signature = createHmac("sha256", JWT_SECRET).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10;
};

async function main(): Promise<void> {
  const [catalogueDb, ordersDb, vhost, redis] = await Promise.all([
    freshDatabase("bench-checkout-catalogue"),
    freshDatabase("bench-checkout-orders"),
    isolatedVhost("bench-checkout"),
    isolatedRedis("bench-checkout"),
  ]);
  const processes: ServiceProcess[] = [];
  const connection = await amqp.connect(vhost.amqpUrl);
  try {
    const gatewayPort = await freePort();
    const publicUrl = `http://127.0.0.1:${gatewayPort}`;
    const sandbox = await startServiceProcess({
      entry: entry("payment-sandbox"),
      env: { SANDBOX_SECRET, LOG_LEVEL: "warn" },
    });
    const catalogue = await startServiceProcess({
      entry: entry("catalogue"),
      env: { MONGO_URL: catalogueDb.url, MONGO_DB: catalogueDb.name, AMQP_URL: vhost.amqpUrl, LOG_LEVEL: "warn" },
    });
    const orderPayment = await startServiceProcess({
      entry: entry("order-payment"),
      env: {
        MONGO_URL: ordersDb.url,
        MONGO_DB: ordersDb.name,
        AMQP_URL: vhost.amqpUrl,
        REDIS_URL: redis.url,
        REDIS_PREFIX: `${redis.prefix}:order-payment`,
        CATALOGUE_URL: catalogue.url,
        CASHFREE_BASE_URL: `${sandbox.url}/pg`,
        CASHFREE_SECRET_KEY: SANDBOX_SECRET,
        JWT_SECRET,
        PUBLIC_URL: publicUrl,
        // Each shopper places orders back to back, faster than their webhooks settle them.
        ...MANY_ORDERS_FROM_ONE_SHOPPER,
        LOG_LEVEL: "warn",
      },
    });
    const gateway = await startServiceProcess({
      entry: entry("gateway"),
      port: gatewayPort,
      env: {
        REDIS_URL: redis.url,
        RATE_LIMIT_PREFIX: `${redis.prefix}:`,
        CATALOGUE_URL: catalogue.url,
        ORDER_PAYMENT_URL: orderPayment.url,
        LOG_LEVEL: "warn",
      },
    });
    processes.push(sandbox, catalogue, orderPayment, gateway);

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

    const products = (await (await fetch(`${gateway.url}/api/v1/products`)).json()) as { productId: string }[];
    const createMs: number[] = [];
    const payClickedAt = new Map<string, number>();
    let errors = 0;
    // The first seconds warm the processes up (JIT, connection pools, the catalogue's cache) and are not counted.
    const WARM_UP_MS = 3000;
    const measureFrom = performance.now() + WARM_UP_MS;
    const deadline = measureFrom + SECONDS * 1000;
    const shopper = async (index: number) => {
      const token = customerToken(index);
      // Each shopper from its own address, as real ones are (the per-address API limit stays on).
      const address = `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`;
      for (let n = 0; performance.now() < deadline; n++) {
        const orderId = `${Date.now()}b${index}n${n}`;
        const started = performance.now();
        const created = await fetch(`${gateway.url}/api/payment/cashfree-order`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "x-forwarded-for": address },
          body: JSON.stringify({
            orderId,
            customerName: `Shopper ${index}`,
            customerEmail: `shopper${index}@bench.example`,
            mobile: "9876543210",
            products: [
              { productId: products[n % products.length]!.productId, selectedWeight: "250 Gram", selectedQuantity: 2 },
              {
                productId: products[(n + 1) % products.length]!.productId,
                selectedWeight: "500 Gram",
                selectedQuantity: 1,
              },
            ],
            shippingAddress: "Flat 4, Sai Krupa Society, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001",
          }),
        });
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
        const paid = await fetch(`${sandbox.url}/checkout/${paymentSessionId}/pay`, { method: "POST" });
        if (!paid.ok) errors++;
        await paid.arrayBuffer();
        if (THINK_MS > 0) await think();
      }
    };
    await Promise.all(Array.from({ length: SHOPPERS }, (_, index) => shopper(index)));
    const elapsedS = (performance.now() - measureFrom) / 1000;
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
    const missing = payClickedAt.size - webhookToPaid.length;
    console.log(
      `create-order p99 ${percentile(createMs, 99)} ms at ${SHOPPERS} shoppers (goal: <= 100 ms, 0 errors); ` +
        `${errors} errors; ${missing} paid orders without order.paid after 15 s`,
    );
  } finally {
    await connection.close().catch(() => {});
    await Promise.all(processes.map((process) => process.stop()));
    await Promise.all([catalogueDb.drop(), ordersDb.drop(), vhost.cleanup(), redis.cleanup()]);
  }
}

await main();
