import { connect, type Socket } from "node:net";
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

describe("slow clients", () => {
  it("answers a normal request within a second while 300 sockets trickle their headers, then drops them", async () => {
    const app = buildApp({
      service: "test",
      logger,
      routes: (r) => {
        r.get("/api/v1/products", (_req, res) => {
          res.json([{ productId: "modak" }]);
        });
      },
    });
    running = await startServer(app, {
      port: 0,
      host: "127.0.0.1",
      logger,
      shutdownGraceMs: 500,
      timeouts: { headersMs: 1500, checkEveryMs: 250 },
    });
    const { port } = new URL(running.url);
    const trickling: Socket[] = [];
    const closed: Promise<void>[] = [];
    for (let i = 0; i < 300; i++) {
      const socket = connect(Number(port), "127.0.0.1");
      socket.on("error", () => {});
      socket.write(`GET /api/v1/products HTTP/1.1\r\nHost: shop\r\n`);
      closed.push(new Promise((resolve) => socket.once("close", () => resolve())));
      trickling.push(socket);
    }
    // One more header line every 200 ms: never a complete request head.
    const drip = setInterval(() => {
      for (const socket of trickling) if (!socket.destroyed) socket.write(`X-Drip-${Date.now()}: 1\r\n`);
    }, 200);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = performance.now();
      const answer = await fetch(`${running.url}/api/v1/products`);
      expect(answer.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1000);
      // Past the headers timeout every trickling socket is closed by the server, not left open for minutes.
      await Promise.race([
        Promise.all(closed),
        new Promise((_, reject) => setTimeout(() => reject(new Error("slow sockets still open after 4 s")), 4000)),
      ]);
    } finally {
      clearInterval(drip);
      for (const socket of trickling) socket.destroy();
    }
  });
});
