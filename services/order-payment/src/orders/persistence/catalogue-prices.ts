import {
  PRICE_QUERY_PATH,
  PRODUCT_UNAVAILABLE,
  type PriceQuery,
  type PriceQueryAnswer,
  priceQueryAnswerSchema,
} from "@storefront/contracts";
import { z } from "zod";

/** The catalogue refused the query: some products are not sold (its 422 UNKNOWN_PRODUCTS). */
export class UnknownProductsError extends Error {
  override name = "UnknownProductsError";
}

const unavailableAnswer = z.object({ code: z.literal(PRODUCT_UNAVAILABLE), message: z.string().min(1).max(300) });

/** The catalogue refused the query: a product cannot be ordered today (its 409, with the words naming it). */
export class ProductUnavailableError extends Error {
  override name = "ProductUnavailableError";
}

/** Asks the catalogue for the current prices of an order's lines (docs/architecture.md: the one internal query we need now). */
export function cataloguePrices(catalogueUrl: string) {
  return async (query: PriceQuery): Promise<PriceQueryAnswer> => {
    const answer = await fetch(new URL(PRICE_QUERY_PATH, catalogueUrl), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(query),
      signal: AbortSignal.timeout(5000),
    });
    if (answer.status === 422) throw new UnknownProductsError("The cart holds products the shop does not sell");
    if (answer.status === 409) {
      const refusal = unavailableAnswer.safeParse(await answer.json().catch(() => undefined));
      if (refusal.success) throw new ProductUnavailableError(refusal.data.message);
    }
    if (!answer.ok) throw new Error(`catalogue price query answered ${answer.status}`);
    return priceQueryAnswerSchema.parse(await answer.json());
  };
}
export type CataloguePrices = ReturnType<typeof cataloguePrices>;
