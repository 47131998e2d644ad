import type { RequestHandler } from "express";

const ALLOWED_METHODS = "GET, POST, PUT, PATCH, DELETE";
const ALLOWED_HEADERS = "authorization, content-type, x-request-id";

/**
 * CORS for the configured origins (the SPA served by the gateway is same-origin and needs none). The API
 * authenticates with bearer tokens, not cookies, so credentials are never allowed. A disallowed origin simply gets
 * no CORS headers, and the browser keeps the answer from its script.
 */
export function cors(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    const origin = req.get("origin");
    res.vary("Origin");
    if (origin === undefined || !allowed.has(origin)) return next();
    res.setHeader("access-control-allow-origin", origin);
    res.setHeader("access-control-expose-headers", "x-request-id, retry-after");
    if (req.method === "OPTIONS" && req.get("access-control-request-method")) {
      res.setHeader("access-control-allow-methods", ALLOWED_METHODS);
      res.setHeader("access-control-allow-headers", ALLOWED_HEADERS);
      res.setHeader("access-control-max-age", "600");
      res.status(204).end();
      return;
    }
    next();
  };
}
