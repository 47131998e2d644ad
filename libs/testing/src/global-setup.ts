import { resolveTestInfra } from "./infra.js";

/**
 * Vitest global setup for integration suites: resolves the servers once and hands their URLs to the test workers
 * through the environment (workers start after this and inherit it).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const infra = await resolveTestInfra();
  process.env.MONGO_URL = infra.mongoUrl;
  process.env.AMQP_URL = infra.amqpUrl;
  process.env.REDIS_URL = infra.redisUrl;
  process.env.RABBITMQ_MANAGEMENT_URL = infra.rabbitManagementUrl;
  return infra.stop;
}
