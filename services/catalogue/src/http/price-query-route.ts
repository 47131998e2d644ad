import { priceQuerySchema } from "@storefront/contracts";
import { handle } from "@storefront/http";
import type { RequestHandler } from "express";
import { quotePrices } from "../domain/quote-prices.js";
import type { ProductRepository } from "../persistence/product-repository.js";

/**
 * `POST /internal/v1/prices`: order-payment asks for current unit prices before it prices an order
 * (docs/architecture.md, Money and orders: the server computes every amount). Read from the database, not the list
 * cache: the price charged must be the price now. Unknown products are answered 422 by the error mapping (see map-error.ts).
 */
export function priceQueryRoute(products: ProductRepository): RequestHandler {
  return handle({ body: priceQuerySchema }, async ({ body }, _req, res) => {
    const priceBook = await products.pricesOf(body.lines.map((line) => line.productId));
    res.json(quotePrices(body, priceBook));
  });
}
