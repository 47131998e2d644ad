import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { REQUEST_ID_HEADER, requestIdFor, startHttpTimer } from "@storefront/http";
import type { RequestHandler } from "express";

type Encoding = "br" | "gzip";

interface CachedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body compressed once when stored (text types above COMPRESS_FROM_BYTES), sent by Accept-Encoding. */
  encoded: Partial<Record<Encoding, Buffer>>;
  storedAt: number;
  expiresAt: number;
}

/** Below this a compressed body saves less than its headers and the CPU cost. */
const COMPRESS_FROM_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(json|javascript|xml)|text\/|image\/svg\+xml)/;

/** `body` compressed with brotli and with gzip, at the given effort (once per body, never per request). */
export function compressBoth(
  body: Buffer,
  effort: { brotliQuality: number; gzipLevel: number },
): Record<Encoding, Buffer> {
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: effort.brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  return { br, gzip: gzipSync(body, { level: effort.gzipLevel }) };
}

/** The body in each encoding worth having: brotli at a quick quality (once per fill, not per request) and gzip. */
function compressOnce(headers: IncomingHttpHeaders, body: Buffer): Partial<Record<Encoding, Buffer>> {
  if (body.length < COMPRESS_FROM_BYTES || headers["content-encoding"]) return {};
  if (!COMPRESSIBLE.test(String(headers["content-type"] ?? ""))) return {};
  return compressBoth(body, { brotliQuality: 5, gzipLevel: 6 });
}

/** The encoding the client takes that we have, brotli first; none when it takes neither (or refuses with q=0). */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: Iterable<Encoding>,
): Encoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)/.exec(param)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const have = new Set(available);
  for (const encoding of ["br", "gzip"] as const) {
    const q = accepted.get(encoding) ?? (accepted.has("*") ? accepted.get("*") : 0) ?? 0;
    if (have.has(encoding) && q > 0) return encoding;
  }
  return undefined;
}

/** Headers a cached answer is not sent with again: the gateway sets its own request id on every answer. */
const NOT_REPLAYED = new Set(["x-request-id", "date", "connection", "keep-alive", "transfer-encoding"]);

/**
 * A short-lived cache of the services' public answers, as nginx's micro-caching does: an answer the service marks
 * `Cache-Control: public, max-age=N` is kept for N seconds at most (and never longer than `maxAgeMs`), and repeated
 * anonymous GETs of it are answered from memory, before the rate limiter's Redis round trip and the service hop.
 * Only requests without credentials (no Authorization, no Cookie) are answered from it or stored into it, and an
 * answer that sets a cookie or is not a 200 is never kept. The security headers are the gateway's own, set on every
 * answer before this runs.
 */
export class MicroCache {
  private readonly entries = new Map<string, CachedAnswer>();

  constructor(
    private readonly options: { maxAgeMs: number; maxEntries?: number; maxBodyBytes?: number } = { maxAgeMs: 5000 },
  ) {}

  /** Whether this request may be answered from the cache or fill it: an anonymous GET or HEAD. */
  static eligible(req: IncomingMessage): boolean {
    return (req.method === "GET" || req.method === "HEAD") && !req.headers.authorization && !req.headers.cookie;
  }

  /** How long the service's answer may be kept (ms); 0 when it is not a shareable 200. */
  keepFor(status: number, headers: IncomingHttpHeaders): number {
    if (this.options.maxAgeMs <= 0 || status !== 200 || headers["set-cookie"]) return 0;
    const cacheControl = String(headers["cache-control"] ?? "");
    if (!/\bpublic\b/.test(cacheControl) || /\b(no-store|no-cache|private)\b/.test(cacheControl)) return 0;
    const maxAge = /\bmax-age=(\d+)/.exec(cacheControl);
    if (!maxAge) return 0;
    const length = Number(headers["content-length"] ?? 0);
    if (length > (this.options.maxBodyBytes ?? 256 * 1024)) return 0;
    return Math.min(Number(maxAge[1]) * 1000, this.options.maxAgeMs);
  }

  store(key: string, status: number, headers: IncomingHttpHeaders, body: Buffer, keepMs: number): CachedAnswer {
    if (this.entries.size >= (this.options.maxEntries ?? 2000)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const now = Date.now();
    const entry = {
      status,
      headers,
      body,
      encoded: compressOnce(headers, body),
      storedAt: now,
      expiresAt: now + keepMs,
    };
    this.entries.set(key, entry);
    return entry;
  }

  /** Drops every answer whose path (without its query) `affected` names, fresh or not; how many were dropped. */
  forget(affected: (path: string) => boolean): number {
    let dropped = 0;
    for (const key of this.entries.keys()) {
      if (affected(key.split("?", 1)[0] ?? key) && this.entries.delete(key)) dropped += 1;
    }
    return dropped;
  }

  /** Sends a cached answer in the best encoding the client accepts (the gateway's own headers are already set). */
  static send(req: IncomingMessage, res: ServerResponse, entry: CachedAnswer): void {
    const encoding = chooseEncoding(req.headers["accept-encoding"], Object.keys(entry.encoded) as Encoding[]);
    const body = (encoding && entry.encoded[encoding]) || entry.body;
    if (Object.keys(entry.encoded).length > 0) res.setHeader("vary", "Accept-Encoding");
    if (encoding) {
      res.setHeader("content-encoding", encoding);
      // Another representation of the same content: a weak validator (as nginx's gzip makes it).
      const etag = entry.headers.etag;
      if (etag) res.setHeader("etag", etag.startsWith("W/") ? etag : `W/${etag}`);
    }
    res.setHeader("content-length", body.length);
    res.statusCode = entry.status;
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** The entry for `key` while it is fresh; an expired one is dropped. */
  private fresh(key: string, now: number): CachedAnswer | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.expiresAt > now) return hit;
    this.entries.delete(key);
    return undefined;
  }

  /** A hit with its stored headers and age: a 304 when the client's ETag matches, else the body. */
  private static reply(req: IncomingMessage, res: ServerResponse, hit: CachedAnswer, now: number): void {
    for (const [name, value] of Object.entries(hit.headers)) {
      if (value !== undefined && !NOT_REPLAYED.has(name)) res.setHeader(name, value);
    }
    res.setHeader("age", Math.floor((now - hit.storedAt) / 1000));
    const etag = hit.headers.etag;
    const ifNoneMatch = req.headers["if-none-match"];
    if (etag && ifNoneMatch?.split(",").some((tag) => weak(tag.trim()) === weak(etag))) {
      res.removeHeader("content-length");
      res.statusCode = 304;
      res.end();
      return;
    }
    MicroCache.send(req, res, hit);
  }

  /** Answers an eligible request from a fresh entry (a 304 when its ETag matches), else passes it on. */
  readonly serve: RequestHandler = (req, res, next) => {
    if (!MicroCache.eligible(req)) return next();
    const now = Date.now();
    const hit = this.fresh(req.originalUrl, now);
    if (!hit) return next();
    MicroCache.reply(req, res, hit, now);
  };

  /**
   * The same answers as `serve`, before express: a hot public read (the product list, its images, the postal
   * cascade) then costs a map lookup and one write, not express's routing, request logging and per-request objects.
   * `securityHeaders` are the gateway's own, as its middleware sets them on every other answer. A request with an
   * Origin (CORS) or anything but a fresh hit returns false and goes through express as before. Each answer is
   * counted in the HTTP latency series under the route `micro-cache`; none is logged (the series tells the volume).
   */
  front(securityHeaders: Record<string, string>): (req: IncomingMessage, res: ServerResponse) => boolean {
    const fixed = Object.entries(securityHeaders);
    return (req, res) => {
      if (!MicroCache.eligible(req) || req.headers.origin) return false;
      const now = Date.now();
      const hit = this.fresh(req.url ?? "", now);
      if (!hit) return false;
      const stop = startHttpTimer();
      for (const [name, value] of fixed) res.setHeader(name, value);
      res.setHeader(REQUEST_ID_HEADER, requestIdFor(req.headers[REQUEST_ID_HEADER]));
      MicroCache.reply(req, res, hit, now);
      stop(req.method ?? "GET", "micro-cache", res.statusCode);
      return true;
    };
  }
}

const weak = (etag: string) => etag.replace(/^W\//, "");
