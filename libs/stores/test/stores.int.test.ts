import { testInfra, uniqueName } from "@storefront/testing";
import { describe, expect, it } from "vitest";
import { connectDatabase } from "../src/database.js";
import { connectRedis } from "../src/redis.js";

describe("connectDatabase", () => {
  it("connects to the database, checks it, and closes", async () => {
    const name = uniqueName("stores");
    const database = await connectDatabase(testInfra().mongoUrl, name, 5);
    try {
      await database.check();
      await database.db.collection("products").insertOne({ _id: "modak" } as never);
      expect(await database.db.collection("products").countDocuments()).toBe(1);
      expect(database.name).toBe("mongo");
    } finally {
      await database.db.dropDatabase();
      await database.close();
    }
    await expect(database.check()).rejects.toThrow();
  });

  it("fails instead of hanging when the server is not there", async () => {
    // A closed loopback port: refused at once, surfaced after the server-selection timeout.
    await expect(
      connectDatabase("mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=500", "nowhere", 5),
    ).rejects.toThrow();
  }, 20_000);
});

describe("connectRedis", () => {
  it("connects, answers its check, and closes", async () => {
    const redis = await connectRedis(testInfra().redisUrl, { for: "requests" });
    await redis.check();
    expect(redis.client.options.maxRetriesPerRequest).toBe(1);
    await redis.close();
    await expect(redis.check()).rejects.toThrow();
  });

  it("gives BullMQ connections no per-request retry limit", async () => {
    const redis = await connectRedis(testInfra().redisUrl, { for: "jobs" });
    expect(redis.client.options.maxRetriesPerRequest).toBeNull();
    await redis.close();
  });
});
