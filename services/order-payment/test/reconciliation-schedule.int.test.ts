import { closeDependencies, createLogger } from "@storefront/http";
import { bullConnection } from "@storefront/stores";
import {
  freshDatabase,
  isolatedRedis,
  isolatedVhost,
  type TestDatabase,
  type TestRedis,
  type TestVhost,
} from "@storefront/testing";
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrderPayment } from "../src/app.js";
import { loadOrderPaymentConfig } from "../src/config.js";

/**
 * Redis restarted empty (a fault drill: Redis down 101 s, back with no data) forgot the reconciliation schedule, and
 * no pass ran again until order-payment restarted. Here Redis "restarts empty" for this test's keys: every key under
 * its prefix is deleted while order-payment runs.
 */
const logger = createLogger({ service: "reconciliation-schedule-test", level: "silent" });
const EVERY_MS = 1000;
let database: TestDatabase;
let vhost: TestVhost;
let redis: TestRedis;
let service: Awaited<ReturnType<typeof createOrderPayment>>;
let queue: Queue;

beforeAll(async () => {
  [database, vhost, redis] = await Promise.all([
    freshDatabase("reconciliation_schedule"),
    isolatedVhost("reconciliation-schedule"),
    isolatedRedis("reconciliation-schedule"),
  ]);
  const prefix = `${redis.prefix}:order-payment`;
  const config = loadOrderPaymentConfig({
    NODE_ENV: "test",
    MONGO_URL: database.url,
    MONGO_DB: database.name,
    AMQP_URL: vhost.amqpUrl,
    REDIS_URL: redis.url,
    REDIS_PREFIX: prefix,
    RECONCILE_EVERY_MS: String(EVERY_MS),
    CASHFREE_SECRET_KEY: "not-asked-in-this-test",
    PUBLIC_URL: "http://127.0.0.1:9",
  });
  service = await createOrderPayment(config, logger);
  queue = new Queue("payment-reconciliation", { connection: bullConnection(redis.url), prefix });
}, 60_000);
afterAll(async () => {
  await queue?.close();
  if (service) await closeDependencies(service.dependencies);
  await Promise.all([database?.drop(), vhost?.cleanup(), redis?.cleanup()]);
});

async function emptyRedis(prefix: string): Promise<number> {
  let deleted = 0;
  let cursor = "0";
  do {
    const [next, keys] = await redis.client.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
    if (keys.length > 0) deleted += await redis.client.del(...keys);
    cursor = next;
  } while (cursor !== "0");
  return deleted;
}

const completedPasses = async () => (await queue.getJobCounts("completed")).completed ?? 0;

describe("the reconciliation schedule", () => {
  it("is registered again, and passes run again, after Redis lost every key, without a restart", async () => {
    await expect.poll(completedPasses, { timeout: 10_000, interval: 200 }).toBeGreaterThan(0);
    expect(await queue.getJobScheduler("reconcile-pending-orders")).toBeTruthy();

    expect(await emptyRedis(redis.prefix)).toBeGreaterThan(0);
    expect(await queue.getJobScheduler("reconcile-pending-orders")).toBeFalsy();
    expect(await completedPasses()).toBe(0);

    // Within two periods the watchdog has put the schedule back and a pass has run on it.
    await expect.poll(completedPasses, { timeout: 4 * EVERY_MS, interval: 200 }).toBeGreaterThan(0);
    expect(await queue.getJobScheduler("reconcile-pending-orders")).toBeTruthy();
  });
});
