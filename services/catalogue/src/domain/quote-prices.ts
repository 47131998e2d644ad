import type { Paise, PriceQuery, PriceQueryAnswer, TaxClass, Weight } from "@storefront/contracts";

/** The current prices (and the name and features) of the products a query named; a product missing here is not sold. */
export type PriceBook = ReadonlyMap<
  string,
  Readonly<{ name: string; features: readonly string[]; prices: Readonly<Record<Weight, Paise>>; tax: TaxClass }>
>;

/** A price query named products the catalogue does not sell; `lines` are their positions in the query. */
export class UnknownProductsError extends Error {
  constructor(readonly lines: readonly { index: number; productId: string }[]) {
    super(`Unknown products: ${[...new Set(lines.map((line) => line.productId))].join(", ")}`);
    this.name = "UnknownProductsError";
  }
}

/**
 * The unit price of each order line, in the query's order (one answer per line, duplicates included), so
 * order-payment can zip the answer with its lines. Any unknown product refuses the whole query: an order must
 * never be priced with a line left out.
 */
export function quotePrices(query: PriceQuery, priceBook: PriceBook): PriceQueryAnswer {
  const unknown: { index: number; productId: string }[] = [];
  const prices: PriceQueryAnswer["prices"] = [];
  query.lines.forEach((line, index) => {
    const product = priceBook.get(line.productId);
    if (product) {
      prices.push({
        productId: line.productId,
        weight: line.weight,
        unitPrice: product.prices[line.weight],
        name: product.name,
        features: [...product.features],
        tax: { ...product.tax },
      });
    } else unknown.push({ index, productId: line.productId });
  });
  if (unknown.length > 0) throw new UnknownProductsError(unknown);
  return { prices };
}
