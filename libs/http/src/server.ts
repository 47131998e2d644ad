import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";
import type { Logger } from "./logger.js";
import { beginDraining } from "./readiness.js";

/** Answers a request itself and returns true, or returns false (having written nothing) to leave it to express. */
export type FrontHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Options of {@link startServer}. */
export interface StartServerOptions {
  /** 0 picks a free port (tests). */
  port: number;
  host?: string;
  logger: Logger;
  /** How long in-flight requests may take to finish once shutdown begins; then their connections are cut. */
  shutdownGraceMs: number;
  /** Runs after the HTTP server has closed: close Mongo, AMQP, Redis here. */
  onShutdown?: () => Promise<void>;
  /**
   * Tried on every request before express: for answers so hot and so simple that express's routing, logging and
   * per-request objects would be most of their cost (the gateway's micro-cached public reads).
   */
  front?: FrontHandler | undefined;
  /** Overrides of {@link SERVER_TIMEOUTS} (tests use short ones). */
  timeouts?: Partial<typeof SERVER_TIMEOUTS>;
}

/**
 * Timeouts set on purpose rather than left at Node's defaults (headers 60 s, whole request 300 s, idle keep-alive
 * 5 s), so a client that trickles its request (slowloris) holds a socket for seconds, not minutes:
 *  - headersMs: the whole request head must arrive within 10 s;
 *  - requestMs: the whole request, body included, within 30 s (the shop's largest body is 100 KB);
 *  - keepAliveMs: an idle keep-alive connection stays open 65 s, longer than the ingress's and load balancers'
 *    usual 60 s idle timeout, so the proxy in front (not this server) closes it, and never mid-request;
 *  - checkEveryMs: how often Node looks for connections past those limits (30 s by default).
 */
export const SERVER_TIMEOUTS = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 65_000, checkEveryMs: 1_000 };

/** A listening server. */
export interface RunningServer {
  server: Server;
  /** The real address, e.g. http://127.0.0.1:43121 when port 0 was asked for. */
  url: string;
  /** Drains and stops the server, then runs onShutdown. Safe to call more than once; never exits the process. */
  close(): Promise<void>;
}

// Time onShutdown gets on top of the grace period before a signal-triggered shutdown gives up with exit(1).
const SHUTDOWN_HOOK_BUDGET_MS = 5000;
const SIGNALS = ["SIGTERM", "SIGINT"] as const;

function listen(server: Server, port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/**
 * Starts listening and installs SIGTERM/SIGINT handlers that drain, run `onShutdown` and exit the process
 * (0 on success, 1 if shutdown throws or overruns). A second signal during shutdown gets node's default: exit now.
 */
export async function startServer(app: Express, options: StartServerOptions): Promise<RunningServer> {
  const { logger, shutdownGraceMs, onShutdown } = options;
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const server = createServer({
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionsCheckingInterval: timeouts.checkEveryMs,
  });
  let closing: Promise<void> | undefined;
  // Responses still being written when shutdown begins must not keep their connection alive afterwards, or
  // close() would wait for the client's keep-alive timeout. `Connection: close` makes node end the socket.
  const inFlight = new Set<ServerResponse>();
  server.on("request", (_req, res: ServerResponse) => {
    if (closing) res.setHeader("connection", "close");
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
  });
  const { front } = options;
  server.on("request", front ? (req: IncomingMessage, res: ServerResponse) => front(req, res) || app(req, res) : app);
  await listen(server, options.port, options.host);
  const address = server.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${shownHost}:${address.port}`;

  const close = (): Promise<void> => {
    closing ??= (async () => {
      for (const signal of SIGNALS) process.off(signal, onSignal);
      beginDraining(app);
      for (const res of inFlight) if (!res.headersSent) res.setHeader("connection", "close");
      const stopped = new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
      // Keep-alive sockets with no request in flight would otherwise hold close() open until they time out.
      server.closeIdleConnections();
      const force = setTimeout(() => {
        logger.warn({ shutdownGraceMs }, "grace period over; closing connections with requests still in flight");
        server.closeAllConnections();
      }, shutdownGraceMs);
      try {
        await stopped;
      } finally {
        clearTimeout(force);
      }
      await onShutdown?.();
      logger.info("server closed");
    })();
    return closing;
  };

  function onSignal(signal: NodeJS.Signals): void {
    logger.info({ signal }, "shutting down");
    const deadline = setTimeout(() => {
      logger.error({ signal }, "shutdown took too long; exiting");
      process.exit(1);
    }, shutdownGraceMs + SHUTDOWN_HOOK_BUDGET_MS);
    deadline.unref();
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  }
  for (const signal of SIGNALS) process.once(signal, onSignal);

  logger.info({ url }, "listening");
  return { server, url, close };
}
