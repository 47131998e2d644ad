import { Redis } from "ioredis";
import { testInfra } from "./infra.js";
import { uniqueName } from "./names.js";

export interface TestRedis {
  url: string;
  /** Prefix for every key (and BullMQ `prefix`) the test writes. */
  prefix: string;
  client: Redis;
  /** Deletes every key under the prefix and closes the client. */
  cleanup(): Promise<void>;
}

/** A Redis key prefix of its own for one test. */
export async function isolatedRedis(label: string): Promise<TestRedis> {
  const url = testInfra().redisUrl;
  const prefix = uniqueName(label);
  const client = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
  await client.connect();
  return {
    url,
    prefix,
    client,
    cleanup: async () => {
      let cursor = "0";
      do {
        const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
        if (keys.length > 0) await client.del(...keys);
        cursor = next;
      } while (cursor !== "0");
      client.disconnect();
    },
  };
}
