import { existsSync, readdirSync } from "node:fs";
import { extname, join } from "node:path";
import type { RequestHandler } from "express";

/** Encodings the web build writes next to each asset (`index-abc.js.br`, `index-abc.js.gz`), best first. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/**
 * Serves a hashed asset's pre-compressed twin when the browser accepts it: the JavaScript of the home page shrinks
 * to about a quarter, without compressing anything per request. Files are listed once at start-up (they only change
 * with a deploy); anything without a twin falls through to express.static.
 */
export function precompressedAssets(assetsDir: string, cacheControl: string): RequestHandler {
  const available = new Set(existsSync(assetsDir) ? readdirSync(assetsDir) : []);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = req.path.slice("/".length);
    if (file.includes("/") || !available.has(file)) return next();
    res.vary("Accept-Encoding");
    const encoding = ENCODINGS.find(
      (candidate) => available.has(file + candidate.suffix) && req.acceptsEncodings(candidate.name) === candidate.name,
    );
    if (!encoding) return next();
    res.setHeader("content-encoding", encoding.name);
    res.setHeader("cache-control", cacheControl);
    res.type(extname(file));
    res.sendFile(join(assetsDir, file + encoding.suffix), { cacheControl: false });
  };
}
