import { type Paise, paiseSchema, type TaxClass, taxClassSchema, type Weight } from "@storefront/contracts";
import type { Logger } from "@storefront/http";
import { isDuplicateKey } from "@storefront/stores";
import type { Db } from "mongodb";
import { z } from "zod";
import type { CatalogueProduct } from "../domain/product.js";
import type { PriceBook } from "../domain/quote-prices.js";

/**
 * The `products` collection: `_id` is the productId slug, prices are integer paise per weight option, and the tax
 * class (HSN code and GST rate) is the invoice's: the owner changes it here when the law does.
 */
interface ProductDocument {
  _id: string;
  name: string;
  description: string;
  features: string[];
  image: string;
  prices: Record<Weight, Paise>;
  displayOrder: number;
  tax: TaxClass;
}

// What is read back is parsed, not trusted: the shop owner edits these documents by hand.
const pricesSchema = z.object({ "250 Gram": paiseSchema, "500 Gram": paiseSchema });
const storedProductSchema = z
  .object({
    _id: z.string().min(1),
    name: z.string().min(1),
    description: z.string().default(""),
    features: z.array(z.string()).default([]),
    image: z.string().min(1),
    prices: pricesSchema,
    displayOrder: z.number(),
    tax: taxClassSchema,
  })
  .transform(({ _id, ...product }): CatalogueProduct => ({ productId: _id, ...product }));
const storedPricesSchema = z.object({
  _id: z.string(),
  name: z.string().min(1),
  features: z.array(z.string()),
  prices: pricesSchema,
  tax: taxClassSchema,
});

export interface ProductRepository {
  /** Every product that can be shown, in display order. A malformed document is logged and left out. */
  listInDisplayOrder(): Promise<CatalogueProduct[]>;
  /** The current prices of the named products; a product that is missing or malformed is absent. */
  pricesOf(productIds: readonly string[]): Promise<PriceBook>;
  /**
   * Inserts the products that do not exist yet and leaves existing ones exactly as they are (a price the shop
   * owner changed stays changed). Answers how many were inserted.
   */
  insertMissing(products: readonly CatalogueProduct[]): Promise<number>;
}

export function productRepository(db: Db, logger: Logger): ProductRepository {
  const products = db.collection<ProductDocument>("products");

  function parseOrSkip(document: unknown): CatalogueProduct | undefined {
    const parsed = storedProductSchema.safeParse(document);
    if (parsed.success) return parsed.data;
    const productId = (document as { _id?: unknown })._id;
    logger.error({ productId, issues: parsed.error.issues }, "product document is malformed; not shown");
    return undefined;
  }

  async function upsertEach(catalogue: readonly CatalogueProduct[]): Promise<number> {
    const result = await products.bulkWrite(
      catalogue.flatMap(({ productId, ...product }) => [
        { updateOne: { filter: { _id: productId }, update: { $setOnInsert: product }, upsert: true } },
        // A product seeded before tax classes existed gets its class; one the owner classified keeps theirs.
        { updateOne: { filter: { _id: productId, tax: { $exists: false } }, update: { $set: { tax: product.tax } } } },
      ]),
      { ordered: false },
    );
    return result.upsertedCount;
  }

  return {
    async listInDisplayOrder() {
      const documents = await products.find().sort({ displayOrder: 1, _id: 1 }).toArray();
      return documents.map(parseOrSkip).filter((product) => product !== undefined);
    },

    async pricesOf(productIds) {
      const documents = await products
        .find({ _id: { $in: [...new Set(productIds)] } }, { projection: { prices: 1, name: 1, features: 1, tax: 1 } })
        .toArray();
      const book = new Map<
        string,
        { name: string; features: string[]; prices: Record<Weight, Paise>; tax: TaxClass }
      >();
      for (const document of documents) {
        const parsed = storedPricesSchema.safeParse(document);
        if (parsed.success) {
          const { _id, ...product } = parsed.data;
          book.set(_id, product);
        } else logger.error({ productId: document._id, issues: parsed.error.issues }, "product prices are malformed");
      }
      return book;
    },

    async insertMissing(catalogue) {
      try {
        return await upsertEach(catalogue);
      } catch (error) {
        // Two replicas starting together can both miss a product and both insert it; the loser gets a duplicate
        // key error. A second pass finds every product present and changes nothing.
        if (!isDuplicateKey(error)) throw error;
        return upsertEach(catalogue);
      }
    },
  };
}
