import type { Express } from "express";
import { createLogger } from "../src/logger.js";
import { type RunningServer, startServer } from "../src/server.js";

/** A logger whose JSON lines land in `lines`, so tests can assert on what was (and was not) logged. */
export function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    service: "test",
    level: "info",
    destination: { write: (line: string) => lines.push(JSON.parse(line)) },
  });
  return { logger, lines };
}

/** Starts apps on free loopback ports; `closeAll()` in afterEach stops them. */
export function testServers() {
  const running: RunningServer[] = [];
  return {
    async serve(app: Express, logger: ReturnType<typeof createLogger>): Promise<string> {
      const server = await startServer(app, { port: 0, host: "127.0.0.1", logger, shutdownGraceMs: 1000 });
      running.push(server);
      return server.url;
    },
    async closeAll(): Promise<void> {
      await Promise.all(running.splice(0).map((server) => server.close()));
    },
  };
}

export const postJson = (url: string, body: string) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
