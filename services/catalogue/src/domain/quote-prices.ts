import {
  type Paise,
  type PriceQuery,
  type PriceQueryAnswer,
  ProductMessages,
  type ProductStatus,
  type TaxClass,
  type Weight,
} from "@storefront/contracts";
import { type Availability, availabilityOn, todayInIndia } from "./product.js";

/**
 * The current prices (and the name, features and availability) of the products a query named; a product missing
 * here is not sold.
 */
export type PriceBook = ReadonlyMap<
  string,
  Readonly<{
    name: string;
    marathiName?: string | undefined;
    features: readonly string[];
    prices: Readonly<Record<Weight, Paise>>;
    tax: TaxClass;
    status: ProductStatus;
    soldOutDay?: string | undefined;
    archived: boolean;
    dailyUnits?: number | undefined;
    shelfLifeDays?: number | undefined;
  }>
>;

/** A price query named products the catalogue does not sell; `lines` are their positions in the query. */
export class UnknownProductsError extends Error {
  constructor(readonly lines: readonly { index: number; productId: string }[]) {
    super(`Unknown products: ${[...new Set(lines.map((line) => line.productId))].join(", ")}`);
    this.name = "UnknownProductsError";
  }
}

/** A line of a price query the shop cannot sell: where it is, what it names, and why (what the shopper meets). */
export interface UnavailableLine {
  index: number;
  productId: string;
  name: string;
  availability: Exclude<Availability, "on-sale">;
}

/**
 * A price query named products the shop does not sell today (sold out, hidden) or any more (archived): the first is
 * named, an archived one as gone for good (docs/back-office.md: archiving takes it out of sale for good), so the
 * shopper is not told to come back for it tomorrow.
 */
export class UnavailableProductsError extends Error {
  constructor(readonly lines: readonly UnavailableLine[]) {
    const first = lines[0];
    const name = first?.name ?? "A product";
    super(first?.availability === "archived" ? ProductMessages.noLongerSold(name) : ProductMessages.unavailable(name));
    this.name = "UnavailableProductsError";
  }
}

/**
 * The unit price of each order line, in the query's order (one answer per line, duplicates included), so
 * order-payment can zip the answer with its lines. Any unknown product refuses the whole query, and so does one the
 * shop cannot sell today: an order must never be priced with a line left out, or for what cannot be made.
 */
export function quotePrices(query: PriceQuery, priceBook: PriceBook, today = todayInIndia()): PriceQueryAnswer {
  const unknown: { index: number; productId: string }[] = [];
  const unavailable: UnavailableLine[] = [];
  const prices: PriceQueryAnswer["prices"] = [];
  query.lines.forEach((line, index) => {
    const product = priceBook.get(line.productId);
    if (!product) {
      unknown.push({ index, productId: line.productId });
      return;
    }
    const availability = availabilityOn(product, today);
    if (availability !== "on-sale") {
      unavailable.push({ index, productId: line.productId, name: product.name, availability });
      return;
    }
    prices.push({
      productId: line.productId,
      weight: line.weight,
      unitPrice: product.prices[line.weight],
      name: product.name,
      ...(product.marathiName ? { marathiName: product.marathiName } : {}),
      features: [...product.features],
      tax: { ...product.tax },
      ...(product.dailyUnits !== undefined ? { dailyUnits: product.dailyUnits } : {}),
      ...(product.shelfLifeDays !== undefined ? { shelfLifeDays: product.shelfLifeDays } : {}),
    });
  });
  if (unknown.length > 0) throw new UnknownProductsError(unknown);
  if (unavailable.length > 0) throw new UnavailableProductsError(unavailable);
  return { prices };
}
