import { timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler } from "express";
import { collectDefaultMetrics, Histogram, register } from "prom-client";
import { unauthorized } from "./errors.js";

/**
 * Prometheus metrics of one service process (prom-client's default registry, shared with @storefront/messaging's
 * bus metrics and each service's own): the process's default metrics, and HTTP latency by route pattern.
 */
let defaultsCollected = false;

const httpDuration = new Histogram({
  name: "http_server_request_duration_seconds",
  help: "HTTP requests by method, route pattern (never the raw path) and status code",
  labelNames: ["method", "route", "status_code"] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
});

/**
 * The route a request matched, as its pattern (`/api/payment/order/:orderId`): the raw path would make one time
 * series per order id. A request handled by a mounted middleware (the gateway's proxy) is labelled by its mount
 * path; one no route matched is `unmatched`.
 */
export function routePattern(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === "string") return `${req.baseUrl}${route.path}`;
  if (req.baseUrl) return `${req.baseUrl}/*`;
  return "unmatched";
}

/** Times every request (from its arrival to the end of its answer) under its route pattern. */
export function httpMetrics(service: string): RequestHandler {
  if (!defaultsCollected) {
    // Every series of the process names its service, the label the alerts group by (k8s/monitoring).
    register.setDefaultLabels({ service });
    collectDefaultMetrics();
    defaultsCollected = true;
  }
  return (req, res, next) => {
    const stop = httpDuration.startTimer();
    res.once("finish", () => {
      stop({ method: req.method, route: routePattern(req), status_code: String(res.statusCode) });
    });
    next();
  };
}

/**
 * Times a request answered outside express (a server's `front` handler) under `route`, in the same series as the
 * others, so latency and error-rate alerts see every answer.
 */
export function startHttpTimer(): (method: string, route: string, statusCode: number) => void {
  const stop = httpDuration.startTimer();
  return (method, route, statusCode) => {
    stop({ method, route, status_code: String(statusCode) });
  };
}

/**
 * GET /metrics in Prometheus' text format. With a token (required in production: see `metricsEnv`), only a scrape
 * carrying `Authorization: Bearer <token>` is answered; the gateway's port is public, and the others must not tell
 * a stranger about the shop's traffic either.
 */
export function metricsHandler(token: string | undefined): RequestHandler {
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  return async (req, res, next) => {
    if (expected) {
      const given = Buffer.from(req.get("authorization") ?? "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        next(unauthorized("A metrics token is required"));
        return;
      }
    }
    res.set("Content-Type", register.contentType);
    res.set("Cache-Control", "no-store");
    res.send(await register.metrics());
  };
}
