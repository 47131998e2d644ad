import { describe, expect, it } from "vitest";
import { z } from "zod";
import { mongoUrl, port, url } from "./env.js";
import { ConfigError, loadConfig } from "./load-config.js";

const shape = { PORT: port(4002), MONGO_URL: url("mongodb://127.0.0.1:27017"), SHOP_EMAIL: z.string().email() };

describe("loadConfig", () => {
  it("applies defaults and coerces numbers", () => {
    const config = loadConfig(shape, { SHOP_EMAIL: "shop@example.in" });
    expect(config).toEqual({ PORT: 4002, MONGO_URL: "mongodb://127.0.0.1:27017", SHOP_EMAIL: "shop@example.in" });
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig(shape, { PORT: "", SHOP_EMAIL: "a@b.in" }).PORT).toBe(4002);
  });

  it("names every bad variable and its value in one error", () => {
    let error: unknown;
    try {
      loadConfig(shape, { PORT: "eighty", MONGO_URL: "not a url" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT ("eighty")');
    expect(message).toContain('MONGO_URL ("not a url")');
    expect(message).toContain("SHOP_EMAIL (unset)");
  });
});

describe("mongoUrl", () => {
  it("accepts a replica set's several hosts and an SRV record, refuses other schemes", () => {
    const shape = { MONGO_URL: mongoUrl("mongodb://127.0.0.1:27017") };
    const replicaSet = "mongodb://a.example:27017,b.example:27017/?replicaSet=rs0";
    expect(loadConfig(shape, { MONGO_URL: replicaSet }).MONGO_URL).toBe(replicaSet);
    expect(loadConfig(shape, { MONGO_URL: "mongodb+srv://user:pw@cluster.example/admin" }).MONGO_URL).toContain("srv");
    expect(() => loadConfig(shape, { MONGO_URL: "postgres://db" })).toThrow(/MONGO_URL/);
  });
});
