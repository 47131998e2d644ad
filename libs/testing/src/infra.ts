import { LOCAL_INFRA } from "@storefront/config";

/** Where the integration tests find MongoDB (or FerretDB), RabbitMQ and Redis. */
export interface TestInfra {
  mongoUrl: string;
  amqpUrl: string;
  redisUrl: string;
  /** RabbitMQ's management API (vhosts per test, queue inspection). */
  rabbitManagementUrl: string;
}

const MISSING = `Integration tests need MongoDB (FerretDB locally), RabbitMQ and Redis, and found neither their URLs nor a
Docker engine. Start the local infrastructure and point the tests at it:
  scripts/infra.sh up
  export MONGO_URL=${LOCAL_INFRA.MONGO_URL} AMQP_URL=${LOCAL_INFRA.AMQP_URL} REDIS_URL=${LOCAL_INFRA.REDIS_URL}
or run everything with scripts/test.sh, which does both.`;

/**
 * Resolves the servers once per test run: from MONGO_URL, AMQP_URL and REDIS_URL when set; otherwise, when a Docker
 * engine answers, by starting them with testcontainers; otherwise it fails with what to run. It never skips.
 */
export async function resolveTestInfra(
  env: NodeJS.ProcessEnv = process.env,
): Promise<TestInfra & { stop(): Promise<void> }> {
  const configured = infraFromEnv(env);
  if (configured) return { ...configured, stop: async () => {} };
  const { MONGO_URL, AMQP_URL, REDIS_URL } = env;
  if (MONGO_URL || AMQP_URL || REDIS_URL) {
    throw new Error(`Set all of MONGO_URL, AMQP_URL and REDIS_URL, or none (to use Docker).\n\n${MISSING}`);
  }
  if (!(await dockerAnswers())) throw new Error(MISSING);
  return startContainers();
}

/** The management API beside an AMQP URL: same host and credentials, port 15672. */
export function managementUrlFor(amqpUrl: string): string {
  const amqp = new URL(amqpUrl);
  const user = decodeURIComponent(amqp.username || "guest");
  const password = decodeURIComponent(amqp.password || "guest");
  return `http://${encodeURIComponent(user)}:${encodeURIComponent(password)}@${amqp.hostname}:15672`;
}

async function dockerAnswers(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import("testcontainers");
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

async function startContainers(): Promise<TestInfra & { stop(): Promise<void> }> {
  const [{ MongoDBContainer }, { RabbitMQContainer }, { RedisContainer }] = await Promise.all([
    import("@testcontainers/mongodb"),
    import("@testcontainers/rabbitmq"),
    import("@testcontainers/redis"),
  ]);
  const [mongo, rabbit, redis] = await Promise.all([
    new MongoDBContainer("mongo:7").start(),
    new RabbitMQContainer("rabbitmq:3.13-management").withExposedPorts(5672, 15672).start(),
    new RedisContainer("redis:7-alpine").start(),
  ]);
  return {
    mongoUrl: `${mongo.getConnectionString()}?directConnection=true`,
    amqpUrl: rabbit.getAmqpUrl(),
    redisUrl: redis.getConnectionUrl(),
    rabbitManagementUrl: `http://guest:guest@${rabbit.getHost()}:${rabbit.getMappedPort(15672)}`,
    stop: async () => {
      await Promise.all([mongo.stop(), rabbit.stop(), redis.stop()]);
    },
  };
}

/** The servers named by MONGO_URL, AMQP_URL and REDIS_URL, or undefined unless all three are set. */
function infraFromEnv(env: NodeJS.ProcessEnv): TestInfra | undefined {
  const { MONGO_URL, AMQP_URL, REDIS_URL, RABBITMQ_MANAGEMENT_URL } = env;
  if (!MONGO_URL || !AMQP_URL || !REDIS_URL) return undefined;
  return {
    mongoUrl: MONGO_URL,
    amqpUrl: AMQP_URL,
    redisUrl: REDIS_URL,
    rabbitManagementUrl: RABBITMQ_MANAGEMENT_URL ?? managementUrlFor(AMQP_URL),
  };
}

/** The infrastructure of this run, as the global setup put it in the environment. */
export function testInfra(): TestInfra {
  const infra = infraFromEnv(process.env);
  if (!infra) throw new Error(MISSING);
  return infra;
}
