import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "./app.js";
import { createLogger } from "./logger.js";
import type { ReadinessCheck } from "./readiness.js";
import { type RunningServer, startServer } from "./server.js";

const logger = createLogger({ service: "test", level: "silent" });
let running: RunningServer | undefined;
let extraListener: Server | undefined;

async function serve(
  readinessChecks: Record<string, ReadinessCheck>,
  readinessTimeoutMs?: number,
  ridesOut?: readonly string[],
) {
  const app = buildApp({ service: "test", logger, routes: () => {}, readinessChecks, readinessTimeoutMs, ridesOut });
  running = await startServer(app, { port: 0, host: "127.0.0.1", logger, shutdownGraceMs: 1000 });
  return { app, url: running.url };
}

afterEach(async () => {
  await running?.close();
  extraListener?.close();
});

describe("GET /readyz", () => {
  it("answers 200 ready when every check passes", async () => {
    const { url } = await serve({ mongo: async () => {}, rabbitmq: async () => {} });
    const res = await fetch(`${url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ready", checks: { mongo: "ok", rabbitmq: "ok" } });
  });

  it("answers 503 naming the failing check and its short reason", async () => {
    const { url } = await serve({
      mongo: async () => {},
      redis: async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:6379");
      },
    });
    const res = await fetch(`${url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: "not-ready",
      checks: { mongo: "ok", redis: "connect ECONNREFUSED 127.0.0.1:6379" },
    });
  });

  it("stays ready (200 degraded) when only a dependency the service rides out fails, and names it", async () => {
    const down = async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:5672");
    };
    const { url } = await serve({ mongo: async () => {}, rabbitmq: down }, undefined, ["rabbitmq"]);
    const res = await fetch(`${url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "degraded",
      checks: { mongo: "ok", rabbitmq: "degraded: connect ECONNREFUSED 127.0.0.1:5672" },
    });
    await running?.close();
    // The database is not ridden out: its loss takes the service out of traffic, whatever else holds.
    const both = await serve({ mongo: down, rabbitmq: down }, undefined, ["rabbitmq"]);
    const answer = await fetch(`${both.url}/readyz`);
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { status: string }).status).toBe("not-ready");
  });

  it("fails a check that hangs once its timeout passes", async () => {
    const { url } = await serve({ rabbitmq: () => new Promise(() => {}) }, 50);
    const res = await fetch(`${url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "not-ready", checks: { rabbitmq: "timed out after 50 ms" } });
  });

  it("answers 503 as soon as shutdown has begun", async () => {
    const { app } = await serve({ mongo: async () => {} });
    // A second listener on the same app stays open while the first server drains.
    extraListener = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => extraListener!.once("listening", resolve));
    const other = `http://127.0.0.1:${(extraListener.address() as AddressInfo).port}`;
    expect((await fetch(`${other}/readyz`)).status).toBe(200);

    await running!.close();
    const res = await fetch(`${other}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "not-ready" });
  });
});

describe("GET /readyz with dependencies", () => {
  it("checks each dependency under its name, beside the extra checks", async () => {
    const database = { name: "mongo", check: async () => {}, close: async () => {} };
    const broker = {
      name: "rabbitmq",
      check: () => Promise.reject(new Error("message broker connection is down")),
      close: async () => {},
    };
    const app = buildApp({
      service: "test",
      logger,
      routes: () => {},
      dependencies: [database, broker],
      readinessChecks: { upstream: async () => {} },
    });
    running = await startServer(app, { port: 0, host: "127.0.0.1", logger, shutdownGraceMs: 1000 });
    const res = await fetch(`${running.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: "not-ready",
      checks: { upstream: "ok", mongo: "ok", rabbitmq: "message broker connection is down" },
    });
  });
});
