import { Redis } from "ioredis";

/** A Redis connection as a service dependency named "redis". */
export interface RedisStore {
  readonly name: "redis";
  client: Redis;
  check(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Connects to Redis. `for: "jobs"` is for BullMQ queues and workers, which need `maxRetriesPerRequest: null`
 * (a blocked command must wait for Redis to come back, not fail); `for: "requests"` fails fast, so a request path
 * (rate limits) answers an error instead of hanging while Redis is away.
 */
export async function connectRedis(url: string, options: { for: "jobs" | "requests" }): Promise<RedisStore> {
  const client = new Redis(url, {
    maxRetriesPerRequest: options.for === "jobs" ? null : 1,
    lazyConnect: true,
  });
  await client.connect();
  return {
    name: "redis",
    client,
    async check() {
      await client.ping();
    },
    async close() {
      await client.quit();
    },
  };
}

/**
 * BullMQ's connection settings from a redis:// URL (BullMQ keeps its own ioredis connections, and its workers need
 * `maxRetriesPerRequest: null`: a command waits for Redis to come back rather than fail; docs/conventions.md, Events and jobs).
 */
export function bullConnection(redisUrl: string) {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    maxRetriesPerRequest: null,
  };
}
