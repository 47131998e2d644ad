import { handle, notFound } from "@storefront/http";
import type { RequestHandler } from "express";
import { z } from "zod";
import { SERVED_IMAGE_PATTERN } from "../domain/product.js";
import type { ProductImages } from "../persistence/product-images.js";

const imageParams = z.object({ file: z.string().max(80).regex(SERVED_IMAGE_PATTERN, "Not an image file name") });

/**
 * `GET /api/v1/products/images/:file`: a product drawing, or the WebP picture of it the cards show, from memory. Its
 * URL carries the drawing's hash, so it may be cached for a year. The SVG is our own, but it is still an active
 * format: nosniff and a CSP that forbids scripts and fetches keep it a picture even when opened on its own.
 */
export function productImageRoute(images: ProductImages): RequestHandler {
  return handle({ params: imageParams }, async ({ params }, _req, res) => {
    const image = images.get(params.file);
    if (!image) throw notFound("Image not found");
    res.setHeader("Content-Type", image.contentType);
    res.setHeader("Content-Length", image.body.length);
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    res.end(image.body);
  });
}
