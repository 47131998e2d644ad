import {
  PRICE_QUERY_PATH,
  type PriceQuery,
  type PriceQueryAnswer,
  priceQueryAnswerSchema,
} from "@storefront/contracts";

/** The catalogue refused the query: some products are not sold (its 422 UNKNOWN_PRODUCTS). */
export class UnknownProductsError extends Error {
  override name = "UnknownProductsError";
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
    if (!answer.ok) throw new Error(`catalogue price query answered ${answer.status}`);
    return priceQueryAnswerSchema.parse(await answer.json());
  };
}
export type CataloguePrices = ReturnType<typeof cataloguePrices>;
