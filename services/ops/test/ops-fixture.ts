import { type Logger, type RunningServer, serveService } from "@storefront/http";
import { type TestDatabase, type TestRedis, type TestVhost, testInfra } from "@storefront/testing";
import { createOps } from "../src/app.js";
import { loadOpsConfig, type OpsConfig } from "../src/config.js";

/**
 * The console in the test's process on a free port, on the test's database, vhost and Redis prefix (its credential
 * versions under it), watching the test's vhost; `env` adds what a test needs besides (a notification URL).
 */
export async function startTestOps(
  infra: { database: TestDatabase; vhost: TestVhost; redis: TestRedis },
  logger: Logger,
  env: Record<string, string> = {},
): Promise<{ ops: RunningServer; config: OpsConfig; keys: { secret: string; issuer: string } }> {
  const { database, vhost, redis } = infra;
  const config = loadOpsConfig({
    NODE_ENV: "test",
    ...database.env,
    AMQP_URL: vhost.amqpUrl,
    REDIS_URL: redis.url,
    CREDENTIAL_VERSIONS_PREFIX: `${redis.prefix}:credential-version:`,
    RABBITMQ_MANAGEMENT_URL: testInfra().rabbitManagementUrl,
    RABBITMQ_VHOST: vhost.vhost,
    PUBLIC_URL: "http://127.0.0.1:8080",
    ...env,
  });
  const service = await createOps(config, logger);
  const ops = await serveService(service, logger, { port: 0, host: "127.0.0.1", shutdownGraceMs: 500 });
  return { ops, config, keys: { secret: config.JWT_SECRET, issuer: config.JWT_ISSUER } };
}
