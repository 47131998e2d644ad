import { createLogger, type RunningServer, startServer } from "@storefront/http";
import { createSandbox } from "@storefront/payment-sandbox";
import { loadSandboxConfig, type SandboxConfig } from "@storefront/payment-sandbox/config";
import {
  checkoutEnv,
  EVENTS_EXCHANGE,
  freshDatabase,
  isolatedRedis,
  isolatedVhost,
  serviceEntry,
  startServiceProcess,
} from "@storefront/testing";

export interface CheckoutPlacesOptions {
  /** The sandbox's own settings on top of its secret (webhook copies, refund delays...). */
  sandboxEnv?: Record<string, string>;
  /** Queues bound on the shop's exchange, by name, to the event types a test counts on the bus. */
  queues?: Record<string, readonly string[]>;
}

/**
 * What an order-payment under test checks out against, started once per test file: fresh catalogue and orders
 * databases, its own vhost (the shop's exchange declared) and Redis prefix, the real catalogue as a process of its
 * build, and the payment sandbox in this process standing in for Cashfree. `env` is order-payment's environment for
 * it; the caller adds its own (JWT keys, PUBLIC_URL, limits).
 */
export async function checkoutPlaces(label: string, secret: string, options: CheckoutPlacesOptions = {}) {
  const [catalogueDb, ordersDb] = await Promise.all([
    freshDatabase(`${label}_catalogue`),
    freshDatabase(`${label}_orders`),
  ]);
  const [vhost, redis] = await Promise.all([isolatedVhost(label), isolatedRedis(label)]);
  // Declared even with no queue bound: order-payment's outbox publishes to it from the first order.
  await vhost.management.request("PUT", `/exchanges/${encodeURIComponent(vhost.vhost)}/${EVENTS_EXCHANGE}`, {
    type: "topic",
    durable: true,
  });
  for (const [queue, eventTypes] of Object.entries(options.queues ?? {})) await vhost.bindQueue(queue, eventTypes);
  const catalogue = await startServiceProcess({
    entry: serviceEntry("catalogue"),
    env: { ...catalogueDb.env, AMQP_URL: vhost.amqpUrl, LOG_LEVEL: "warn" },
  });
  const logger = createLogger({ service: `${label}-sandbox`, level: "silent" });
  // Read at each call by the sandbox: a test may change how refunds behave by changing it.
  const sandboxConfig: SandboxConfig = loadSandboxConfig({
    NODE_ENV: "test",
    SANDBOX_SECRET: secret,
    ...options.sandboxEnv,
  });
  const sandbox: RunningServer = await startServer((await createSandbox(sandboxConfig, logger)).app, {
    port: 0,
    host: "127.0.0.1",
    logger,
    shutdownGraceMs: 500,
  });
  return {
    ordersDb,
    vhost,
    redis,
    catalogue,
    sandbox,
    sandboxConfig,
    env: checkoutEnv({
      orders: ordersDb,
      amqpUrl: vhost.amqpUrl,
      redis,
      catalogueUrl: catalogue.url,
      sandbox: { url: sandbox.url, secret },
    }),
    /** Stops the sandbox and the catalogue and drops what they used (order-payment is the caller's to stop first). */
    async close() {
      await sandbox.close();
      await catalogue.stop();
      await Promise.all([catalogueDb.drop(), ordersDb.drop(), vhost.cleanup(), redis.cleanup()]);
    },
  };
}

export type CheckoutPlaces = Awaited<ReturnType<typeof checkoutPlaces>>;
