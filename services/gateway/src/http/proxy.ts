import type { IncomingHttpHeaders } from "node:http";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { HttpError, REQUEST_ID_HEADER } from "@storefront/http";
import type { Request, RequestHandler } from "express";
import { Pool } from "undici";
import { MicroCache } from "./micro-cache.js";
import { type BodyLimit, bodyLimitOf, isCanonicalRoute, ownerOf, type UpstreamName } from "./upstreams.js";

/** Headers that describe one connection, not the message (RFC 9110 §7.6.1); never forwarded either way. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "http2-settings",
  "host",
]);

/** Set by the gateway itself from what it knows; a client's own values would be a way to lie about its address. */
const SET_BY_GATEWAY = new Set(["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "forwarded", "x-real-ip"]);

export interface ProxyOptions {
  origins: Record<UpstreamName, string>;
  connectionsPerUpstream: number;
  timeoutMs: number;
  bodyLimitBytes: number;
  /** Keeps the services' public answers for a few seconds (micro-caching); absent, everything is forwarded. */
  cache?: MicroCache;
}

/** A pooled keep-alive client per service, and the request handler that forwards the public API to them. */
export interface ServiceProxy {
  handler: RequestHandler;
  close(): Promise<void>;
}

/** A body over the route's limit: in the owning service's words when it has some (a photo), else the gateway's. */
const payloadTooLarge = ({ limitBytes, tooLarge }: BodyLimit) =>
  tooLarge
    ? new HttpError(413, tooLarge.code, tooLarge.message)
    : new HttpError(413, "PAYLOAD_TOO_LARGE", `The request body is larger than ${limitBytes} bytes.`);

export function createServiceProxy(options: ProxyOptions): ServiceProxy {
  const pools = new Map<UpstreamName, Pool>();
  for (const [name, origin] of Object.entries(options.origins) as [UpstreamName, string][]) {
    pools.set(
      name,
      new Pool(origin, {
        connections: options.connectionsPerUpstream,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        keepAliveTimeout: 4_000,
      }),
    );
  }

  const handler: RequestHandler = async (req, res, next) => {
    const upstream = ownerOf(req.path);
    if (!upstream) return next();
    if (hasDotSegment(req.path)) throw new HttpError(400, "BAD_PATH", "The request path is not valid.");
    // A variant of a route (other case, trailing slash, `;x`, %-encoded letters) is not forwarded: a 404 here.
    if (!isCanonicalRoute(upstream, req.path)) return next();
    const declaredLength = Number(req.get("content-length") ?? 0);
    const bodyLimit = bodyLimitOf(req.path, options.bodyLimitBytes);
    if (declaredLength > bodyLimit.limitBytes) throw payloadTooLarge(bodyLimit);

    // A shopper who gives up (closes the tab) should not keep a service busy on their behalf.
    const abandoned = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) abandoned.abort();
    });
    const hasBody = declaredLength > 0 || req.get("transfer-encoding") !== undefined;
    try {
      const answer = await (pools.get(upstream) as Pool).request({
        method: req.method as "GET",
        path: req.originalUrl,
        headers: forwardedHeaders(req),
        body: hasBody ? req.pipe(byteLimit(bodyLimit.limitBytes)) : null,
        signal: abandoned.signal,
      });
      res.status(answer.statusCode);
      const headers: IncomingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) {
          res.setHeader(name, value);
          headers[name] = value;
        }
      }
      const keepMs = options.cache && MicroCache.eligible(req) ? options.cache.keepFor(answer.statusCode, headers) : 0;
      if (keepMs > 0 && req.method === "GET") {
        const body = Buffer.from(await answer.body.arrayBuffer());
        const entry = options.cache?.store(req.originalUrl, answer.statusCode, headers, body, keepMs);
        if (entry) MicroCache.send(req, res, entry);
        else res.end(body);
        return;
      }
      await pipeline(answer.body, res);
    } catch (error) {
      if (abandoned.signal.aborted) return;
      if (res.headersSent) {
        res.destroy(error as Error);
        return;
      }
      req.log.warn({ err: error, upstream }, "forwarding to a service failed");
      throw asHttpError(error, bodyLimit);
    }
  };

  return {
    handler,
    async close() {
      await Promise.all([...pools.values()].map((pool) => pool.close()));
    },
  };
}

/**
 * The request's headers for the service: the hop-by-hop ones dropped (and those the client's `Connection` header
 * names, RFC 9110 §7.6.1), the gateway's view of the client added. No `X-Forwarded-Host`: services build links on
 * PUBLIC_URL, and a client's `Host` must not reach them as if the gateway vouched for it.
 */
function forwardedHeaders(req: Request): IncomingHttpHeaders {
  const connectionNamed = new Set(
    String(req.headers.connection ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_BY_HOP.has(name) && !SET_BY_GATEWAY.has(name) && !connectionNamed.has(name)) headers[name] = value;
  }
  headers[REQUEST_ID_HEADER] = req.id;
  // req.ip already honours TRUST_PROXY, so the services get one address they can trust.
  headers["x-forwarded-for"] = req.ip ?? req.socket.remoteAddress ?? "";
  headers["x-forwarded-proto"] = req.protocol;
  return headers;
}

/** `..` or `.` segments (also percent-encoded) could walk out of the public prefix at the service. */
function hasDotSegment(path: string): boolean {
  return path.split("/").some((segment) => /^(\.|%2e){1,2}$/i.test(segment));
}

class BodyTooLarge extends Error {}

/** Passes a streamed body through, failing once it exceeds `limit` bytes (a chunked body declares no length). */
function byteLimit(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? new BodyTooLarge() : null, chunk);
    },
  });
}

function asHttpError(error: unknown, bodyLimit: BodyLimit): HttpError {
  if (error instanceof BodyTooLarge || (error as { cause?: unknown }).cause instanceof BodyTooLarge) {
    return payloadTooLarge(bodyLimit);
  }
  const code = (error as { code?: string }).code;
  if (code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") {
    return new HttpError(504, "UPSTREAM_TIMEOUT", "The shop took too long to answer. Please try again.");
  }
  return new HttpError(502, "UPSTREAM_UNAVAILABLE", "The shop is not reachable right now. Please try again shortly.");
}
