import { freshDatabase, type TestDatabase } from "./mongo.js";
import { isolatedVhost, type TestVhost } from "./rabbit.js";
import { isolatedRedis, type TestRedis } from "./redis.js";

/** A throw-away database, vhost and Redis prefix for one test or bench run, named by one label. */
export interface IsolatedRun {
  database: TestDatabase;
  vhost: TestVhost;
  redis: TestRedis;
  /** What a service process needs to use them (its other variables keep their defaults). */
  env: { MONGO_URL: string; MONGO_DB: string; AMQP_URL: string; REDIS_URL: string; REDIS_PREFIX: string };
  /** Drops the database, deletes the vhost and the Redis keys. */
  cleanup(): Promise<void>;
}

/** Makes the three at once; the tests and benches that start whole service processes begin here. */
export async function isolatedRun(label: string): Promise<IsolatedRun> {
  const [database, vhost, redis] = await Promise.all([
    freshDatabase(label),
    isolatedVhost(label),
    isolatedRedis(label),
  ]);
  return {
    database,
    vhost,
    redis,
    env: {
      ...database.env,
      AMQP_URL: vhost.amqpUrl,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
    },
    async cleanup() {
      await Promise.all([database.drop(), vhost.cleanup(), redis.cleanup()]);
    },
  };
}
