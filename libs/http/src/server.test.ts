import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "./app.js";
import { createLogger } from "./logger.js";
import { type RunningServer, startServer } from "./server.js";

const logger = createLogger({ service: "test", level: "silent" });
let running: RunningServer | undefined;

/** A route that answers only when the test releases it, and says when it has started. */
function gatedRoute() {
  let entered!: () => void;
  let release!: () => void;
  const started = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { started, release, entered: () => entered(), gate };
}

async function serve(
  route: ReturnType<typeof gatedRoute>,
  shutdownGraceMs: number,
  onShutdown?: () => Promise<void>,
  events: string[] = [],
) {
  const app = buildApp({
    service: "test",
    logger,
    routes: (r) => {
      r.get("/slow", async (_req, res) => {
        route.entered();
        await route.gate;
        res.json({ receipt: "done" });
        events.push("response sent");
      });
    },
  });
  running = await startServer(app, { port: 0, host: "127.0.0.1", logger, shutdownGraceMs, onShutdown });
  return running;
}

afterEach(async () => {
  await running?.close();
});

describe("startServer", () => {
  it("reports the real url of a port-0 server", async () => {
    const { url } = await serve(gatedRoute(), 1000);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it("lets an in-flight request finish before close() resolves, then runs onShutdown once", async () => {
    const events: string[] = [];
    const route = gatedRoute();
    const onShutdown = async () => {
      events.push("onShutdown");
    };
    const { url, close } = await serve(route, 5000, onShutdown, events);
    const response = fetch(`${url}/slow`);
    await route.started;

    const closed = close().then(() => events.push("closed"));
    expect(close()).toBe(close());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual([]);

    route.release();
    const res = await response;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ receipt: "done" });
    await closed;
    expect(events).toEqual(["response sent", "onShutdown", "closed"]);
  });

  it("stops accepting new connections once closing", async () => {
    const { url, close } = await serve(gatedRoute(), 1000);
    await close();
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });

  it("cuts a request still running after the grace period so close() cannot hang", async () => {
    const route = gatedRoute();
    const { url, close } = await serve(route, 100);
    const response = fetch(`${url}/slow`);
    await route.started;
    const startedAt = Date.now();
    await close();
    expect(Date.now() - startedAt).toBeLessThan(1000);
    await expect(response).rejects.toThrow();
    route.release();
  });

  it("rejects close() when onShutdown fails", async () => {
    const { close } = await serve(gatedRoute(), 1000, async () => {
      throw new Error("mongo close failed");
    });
    await expect(close()).rejects.toThrow("mongo close failed");
    running = undefined;
  });
});
