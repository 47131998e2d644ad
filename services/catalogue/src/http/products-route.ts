import type { RequestHandler } from "express";
import { ifNoneMatchHits } from "./conditional-get.js";
import type { ProductListCache } from "./product-list-cache.js";

/**
 * `GET /api/v1/products` (spec section 7): the cached body as it is, or 304 when the browser already has it.
 * Headers are written directly rather than through `res.json`, which would serialise and hash on every request.
 */
export function listProductsRoute(cache: ProductListCache): RequestHandler {
  return async (req, res, next) => {
    try {
      const { body, etag } = await cache.current();
      res.setHeader("ETag", etag);
      // A minute in the browser; the list changes rarely, and a changed one shows within a minute plus the cache.
      res.setHeader("Cache-Control", "public, max-age=60");
      if (ifNoneMatchHits(req.get("if-none-match"), etag)) {
        res.statusCode = 304;
        res.end();
        return;
      }
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.setHeader("Content-Length", body.length);
      res.statusCode = 200;
      res.end(body);
    } catch (error) {
      next(error);
    }
  };
}
