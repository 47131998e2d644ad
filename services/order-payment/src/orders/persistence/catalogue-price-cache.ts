import { type PriceQuery, type PriceQueryAnswer, weightSchema } from "@storefront/contracts";
import type { CataloguePrices } from "./catalogue-prices.js";

/**
 * How long a product's answer from the catalogue is used without asking again: the bound on a stale price should
 * its `catalogue.product.updated` be lost, or be taken by another instance of order-payment (they share one queue,
 * so only one of them hears each event) (docs/architecture.md, Prices at checkout).
 */
export const PRICES_KEPT_MS = 60_000;

type PricedLine = PriceQueryAnswer["prices"][number];

interface KeptProduct {
  /** When the oldest of its answers was asked: the whole entry expires from then. */
  askedAt: number;
  /** The catalogue's answer per weight asked (price, name, tax class, kitchen units, shelf life). */
  lines: Map<string, PricedLine>;
}

/**
 * The catalogue's price answers kept in memory per product (every weight, asked together on first need): a checkout
 * asks the catalogue only for products it has not answered about within {@link PRICES_KEPT_MS}, or since their last
 * change. Refusals (a
 * product unknown, sold out, hidden, archived) are never kept: they are asked again every time, so a product back
 * on sale sells at once; one taken off sale is refused once its change is heard, and within the bound in any case.
 */
export function cataloguePriceCache(ask: CataloguePrices, now: () => number = Date.now) {
  const kept = new Map<string, KeptProduct>();
  // A change heard while an answer was on its way: that answer may predate it, so it is used but not kept.
  let changes = 0;
  const changedAt = new Map<string, number>();

  const fresh = (productId: string, time: number) => {
    const product = kept.get(productId);
    return product && time - product.askedAt < PRICES_KEPT_MS ? product : undefined;
  };

  async function prices(query: PriceQuery): Promise<PriceQueryAnswer> {
    const time = now();
    const missing = query.lines.filter((line) => !fresh(line.productId, time)?.lines.has(line.weight));
    const answered = new Map<string, PricedLine>();
    if (missing.length > 0) {
      const asked = changes;
      // Every weight of each product missing, in the same call: the next cart with it in another weight asks nothing.
      const lines = [...new Set(missing.map((line) => line.productId))].flatMap((productId) =>
        weightSchema.options.map((weight) => ({ productId, weight })),
      );
      for (const line of (await ask({ lines })).prices) {
        answered.set(`${line.productId}|${line.weight}`, line);
        if ((changedAt.get(line.productId) ?? -1) >= asked) continue;
        const product = fresh(line.productId, time) ?? { askedAt: time, lines: new Map() };
        product.lines.set(line.weight, line);
        kept.set(line.productId, product);
      }
    }
    return {
      prices: query.lines.map((line) => {
        const priced =
          answered.get(`${line.productId}|${line.weight}`) ?? kept.get(line.productId)?.lines.get(line.weight);
        if (!priced) throw new Error(`the catalogue did not price ${line.productId} ${line.weight}`);
        return priced;
      }),
    };
  }

  return Object.assign(prices, {
    /** The product changed (`catalogue.product.updated`): its next checkout asks the catalogue. */
    forget(productId: string): void {
      kept.delete(productId);
      changedAt.set(productId, changes++);
    },
  });
}
export type CataloguePriceCache = ReturnType<typeof cataloguePriceCache>;
