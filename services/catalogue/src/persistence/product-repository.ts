import {
  type EventEnvelope,
  paiseSchema,
  productMarathiSchema,
  productStatusSchema,
  taxClassSchema,
} from "@storefront/contracts";
import type { Logger } from "@storefront/http";
import { type OutboxFields, OutboxWriter, outboxForInsert, withOutbox } from "@storefront/messaging";
import { insertOnce, isDuplicateKey } from "@storefront/stores";
import type { Db } from "mongodb";
import { z } from "zod";
import type { CatalogueProduct } from "../domain/product.js";
import type { PriceBook } from "../domain/quote-prices.js";

/**
 * The `products` collection: `_id` is the productId slug, prices are integer paise per weight option, and the tax
 * class (HSN code and GST rate) is the invoice's: the owner changes it in the admin when the law does
 * (docs/back-office.md). Each change writes `catalogue.product.updated` with it (the outbox) and a line in
 * `product_changes` (who, when, what it was before). A document is the domain's product under its slug as `_id`
 * (derived, so that a new field is written in one place).
 */
type ProductDocument = Omit<CatalogueProduct, "productId"> & { _id: string } & OutboxFields;

/** One change of a product: who made it, when, and the product before and after. */
interface ProductChange {
  _id: string;
  productId: string;
  change: "created" | "updated" | "archived";
  by: string;
  at: Date;
  before?: Omit<CatalogueProduct, "productId"> | undefined;
  after: Omit<CatalogueProduct, "productId">;
}

// What is read back is parsed, not trusted. Products stored before the back office get its fields' defaults.
const pricesSchema = z.object({ "250 Gram": paiseSchema, "500 Gram": paiseSchema });
const storedProductSchema = z
  .object({
    _id: z.string().min(1),
    name: z.string().min(1),
    description: z.string().default(""),
    marathi: productMarathiSchema.optional(),
    features: z.array(z.string()).default([]),
    image: z.string().min(1),
    photo: z.object({ version: z.string().regex(/^[0-9a-f]{12}$/) }).optional(),
    prices: pricesSchema,
    displayOrder: z.number(),
    tax: taxClassSchema,
    category: z.string().default("Sweets"),
    shelfLifeDays: z.number().int().default(7),
    dailyUnits: z.number().int().min(0).optional(),
    status: productStatusSchema.default("on-sale"),
    soldOutDay: z
      .string()
      .nullish()
      .transform((day) => day ?? undefined),
    archived: z.boolean().default(false),
    version: z.number().int().default(0),
    updatedAt: z.date().optional(),
    updatedBy: z.string().optional(),
  })
  .transform(({ _id, ...product }): CatalogueProduct => ({ productId: _id, ...product }));

/** The product's fields as stored (without its id and outbox), and without the absent ones (the driver would store null). */
const fieldsOf = ({ productId: _id, ...fields }: CatalogueProduct) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Omit<
    CatalogueProduct,
    "productId"
  >;

/** The fields a change may clear: absent after it, they are removed from the document, not left as they were. */
const OPTIONAL_FIELDS = ["soldOutDay", "dailyUnits", "marathi"] as const;

export interface ProductRepository {
  /** Every product, archived ones included, in display order. A malformed document is logged and left out. */
  listInDisplayOrder(): Promise<CatalogueProduct[]>;
  byId(productId: string): Promise<CatalogueProduct | undefined>;
  /** The current prices and availability of the named products; a product that is missing or malformed is absent. */
  pricesOf(productIds: readonly string[]): Promise<PriceBook>;
  /**
   * Inserts the products that do not exist yet and leaves existing ones exactly as they are (a price the shop
   * owner changed stays changed, an archived product stays archived). Answers how many were inserted.
   */
  insertMissing(products: readonly CatalogueProduct[]): Promise<number>;
  /** A new product with its event; false when its id is taken. */
  create(product: CatalogueProduct, event: EventEnvelope, by: string): Promise<boolean>;
  /**
   * Replaces a product's fields if it is still at `product.version - 1` (what the owner's form read), with its event;
   * false when it changed meanwhile.
   */
  replace(
    before: CatalogueProduct,
    after: CatalogueProduct,
    event: EventEnvelope,
    change: ProductChange["change"],
  ): Promise<boolean>;
}

export function productRepository(db: Db, logger: Logger, options: { outbox?: OutboxWriter } = {}): ProductRepository {
  const products = db.collection<ProductDocument>("products");
  const outbox = options.outbox ?? new OutboxWriter(db);
  const changes = db.collection<ProductChange>("product_changes");

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
        // Likewise its Marathi name and description (docs/languages.md), until the owner writes their own.
        ...(product.marathi
          ? [
              {
                updateOne: {
                  filter: { _id: productId, marathi: { $exists: false } },
                  update: { $set: { marathi: product.marathi } },
                },
              },
            ]
          : []),
      ]),
      { ordered: false },
    );
    return result.upsertedCount;
  }

  const record = (change: Omit<ProductChange, "_id">) =>
    changes.insertOne({ ...change, _id: `${change.productId}#${change.after.version}` }).catch((error: unknown) => {
      // The same version recorded twice (a retried request): the first line stands.
      if (!isDuplicateKey(error)) throw error;
    });

  return {
    async listInDisplayOrder() {
      const documents = await products
        .find({}, { projection: { outbox: 0 } })
        .sort({ displayOrder: 1, _id: 1 })
        .toArray();
      return documents.map(parseOrSkip).filter((product) => product !== undefined);
    },

    async byId(productId) {
      const document = await products.findOne({ _id: productId }, { projection: { outbox: 0 } });
      return document ? parseOrSkip(document) : undefined;
    },

    async pricesOf(productIds) {
      const documents = await products
        .find({ _id: { $in: [...new Set(productIds)] } }, { projection: { outbox: 0 } })
        .toArray();
      const book = new Map<string, ReturnType<PriceBook["get"]> & object>();
      for (const document of documents) {
        const product = parseOrSkip(document);
        if (!product) continue;
        const { name, marathi, features, prices, tax, status, soldOutDay, archived, dailyUnits, shelfLifeDays } =
          product;
        book.set(product.productId, {
          name,
          marathiName: marathi?.name || undefined,
          features,
          prices,
          tax,
          status,
          soldOutDay,
          archived,
          dailyUnits,
          shelfLifeDays,
        });
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

    async create(product, event, by) {
      const { productId } = product;
      const fields = fieldsOf(product);
      const inserted = await outbox.write("products", productId, () =>
        insertOnce(products, { _id: productId, ...fields, ...outboxForInsert(event) }),
      );
      if (!inserted) return false;
      await record({ productId, change: "created", by, at: product.updatedAt ?? new Date(), after: fields });
      return true;
    },

    async replace(before, after, event, change) {
      const { productId } = after;
      const fields = fieldsOf(after);
      // Guarded by the version the change was decided from: of two admins saving at once, one wins.
      const cleared = OPTIONAL_FIELDS.filter((field) => fields[field] === undefined);
      const written = await outbox.write("products", productId, () =>
        products.updateOne(
          { _id: productId, version: before.version },
          withOutbox(
            {
              $set: fields,
              ...(cleared.length > 0 ? { $unset: Object.fromEntries(cleared.map((field) => [field, ""])) } : {}),
            },
            event,
          ),
        ),
      );
      if (written.modifiedCount !== 1) return false;
      await record({
        productId,
        change,
        by: after.updatedBy ?? "",
        at: after.updatedAt ?? new Date(),
        before: fieldsOf(before),
        after: fields,
      });
      return true;
    },
  };
}
