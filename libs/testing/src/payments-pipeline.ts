import { createServer } from "node:http";
import { MongoClient } from "mongodb";
import { checkoutEnv } from "./checkout-env.js";
import { freshDatabase } from "./mongo.js";
import { seriesValue } from "./prometheus.js";
import type { TestRedis } from "./redis.js";
import { freePort, type ServiceProcess, serviceEntry, startServiceProcess } from "./service-process.js";
import { MANY_ORDERS_FROM_ONE_SHOPPER } from "./shopper-limits.js";

const SANDBOX_SECRET = "payments-pipeline-sandbox-secret";

/**
 * Checkout on `instances` order-payment processes sharing one database (as on MongoDB, and on the patched local
 * server: docs/local-database.md), with the catalogue and the payment sandbox, publishing to the broker vhost given
 * (a receipts pipeline's, so billing and notification take it from there). The provider's webhooks (each sent twice)
 * reach the instances in turn through a round robin in front of them, as a load balancer would spread them.
 */
export async function paymentsPipeline(
  label: string,
  options: { instances: number; amqpUrl: string; redis: TestRedis; jwtSecret: string },
) {
  const [catalogueDb, ordersDb] = await Promise.all([
    freshDatabase(`${label}-catalogue`),
    freshDatabase(`${label}-orders`),
  ]);
  const processes: ServiceProcess[] = [];
  const instances: ServiceProcess[] = [];
  let next = 0;
  const front = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = instances[next++ % instances.length];
    try {
      const headers = Object.entries(req.headers).filter(
        ([name]) => !["host", "connection", "content-length"].includes(name),
      );
      const answer = await fetch(`${target?.url}${req.url}`, {
        method: req.method ?? "GET",
        headers: Object.fromEntries(headers) as Record<string, string>,
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
      });
      res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "text/plain" });
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch {
      res.writeHead(502).end();
    }
  });
  const frontPort = await freePort();
  await new Promise<void>((resolve) => front.listen(frontPort, "127.0.0.1", resolve));
  const mongo = await MongoClient.connect(ordersDb.url);

  const close = async () => {
    await Promise.all(processes.map((process) => process.stop()));
    await new Promise((resolve) => front.close(resolve));
    await mongo.close();
    await Promise.all([catalogueDb.drop(), ordersDb.drop()]);
  };
  let sandbox: ServiceProcess;
  try {
    const catalogue = await startServiceProcess({
      entry: serviceEntry("catalogue"),
      env: { ...catalogueDb.env, AMQP_URL: options.amqpUrl, LOG_LEVEL: "warn" },
    });
    processes.push(catalogue);
    sandbox = await startServiceProcess({
      entry: serviceEntry("payment-sandbox"),
      env: { SANDBOX_SECRET, SANDBOX_WEBHOOK_COPIES: "2", LOG_LEVEL: "warn" },
    });
    processes.push(sandbox);
    for (let index = 0; index < options.instances; index++) {
      const instance = await startServiceProcess({
        entry: serviceEntry("order-payment"),
        env: {
          ...checkoutEnv({
            orders: ordersDb,
            amqpUrl: options.amqpUrl,
            redis: options.redis,
            catalogueUrl: catalogue.url,
            sandbox: { url: sandbox.url, secret: SANDBOX_SECRET },
          }),
          JWT_SECRET: options.jwtSecret,
          // The provider's notify_url: the round robin in front of the instances.
          PUBLIC_URL: `http://127.0.0.1:${frontPort}`,
          // One test shopper places every order.
          ...MANY_ORDERS_FROM_ONE_SHOPPER,
          LOG_LEVEL: "warn",
        },
      });
      instances.push(instance);
      processes.push(instance);
    }
  } catch (error) {
    await close();
    throw error;
  }

  const orders = mongo.db(ordersDb.name).collection<{ _id: string; paymentStatus: string }>("orders");
  return {
    instances,
    /**
     * One shopper's checkout: the order placed on instance `index`, paid in the sandbox (its webhooks go out), and
     * the browser's verify on every other instance at once, racing the webhooks. Answers whether a verify said so.
     */
    async checkout(orderId: string, index: number, token: string): Promise<boolean> {
      const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
      const placedOn = instances[index % instances.length] as ServiceProcess;
      const placed = await fetch(`${placedOn.url}/api/payment/cashfree-order`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          orderId,
          customerName: "Asha Patil",
          customerEmail: "asha@payments.example",
          mobile: "9876543210",
          products: [{ productId: "ukadiche-modak", selectedWeight: "500 Gram", selectedQuantity: 1 }],
          shippingAddress: "Flat 4, Sai Krupa Society, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001",
          amount: 1,
        }),
      });
      if (placed.status !== 200) throw new Error(`checkout of ${orderId}: ${placed.status} ${await placed.text()}`);
      const { paymentSessionId } = (await placed.json()) as { paymentSessionId: string };
      const paid = await fetch(`${sandbox.url}/checkout/${paymentSessionId}/pay`, { method: "POST" });
      if (paid.status !== 200) throw new Error(`payment of ${orderId}: ${paid.status}`);
      const others = instances.filter((_, other) => other !== index % instances.length);
      const messages = await Promise.all(
        others.map(async (other) => {
          const answer = await fetch(`${other.url}/api/payment/cashfree-verify/${orderId}`, { headers });
          return ((await answer.json()) as { message: string }).message;
        }),
      );
      return messages.includes("Payment verified");
    },
    /** How many of these orders are PAID. */
    paid: (orderIds: string[]) => orders.countDocuments({ _id: { $in: orderIds }, paymentStatus: "SUCCESS" }),
    /** Settlement claims written (one per order settled). */
    settlements: () => mongo.db(ordersDb.name).collection("settlements").countDocuments(),
    /** Settlements counted by the instances themselves (`payments_total{outcome="paid"}`), added up. */
    async settledByInstances(): Promise<number> {
      const counts = await Promise.all(
        instances.map(async (instance) =>
          seriesValue(await (await fetch(`${instance.url}/metrics`)).text(), "payments_total", { outcome: "paid" }),
        ),
      );
      return counts.reduce((sum, count) => sum + count, 0);
    },
    close,
  };
}
