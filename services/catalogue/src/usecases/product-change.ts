import { type ProductFields, productUpdatedV1 } from "@storefront/contracts";
import type { CatalogueProduct } from "../domain/product.js";
import { productImagePath, todayInIndia } from "../domain/product.js";

/** What every change of a product needs: who makes it, its request id, and the shop's clock. */
export interface ProductChangeContext {
  by: string;
  correlationId: string;
  now?: Date;
}

/** The owner's fields on a product, with "sold out today" dated to today in India (docs/back-office.md). */
export function withFields(
  product: Omit<CatalogueProduct, keyof ProductFields | "image"> & Partial<CatalogueProduct>,
  fields: ProductFields,
  ctx: ProductChangeContext,
): CatalogueProduct {
  const now = ctx.now ?? new Date();
  const { imageFile, ...rest } = fields;
  // "Sold out today" means today, whenever it was last set: a product marked so yesterday is on sale again, and
  // marking it now must hold for today (keeping yesterday's day would leave it on sale; the one-tap button of the
  // admin's list sends exactly that). The admin's form shows such a product as on sale, so saving it does not re-mark.
  const soldOutDay = fields.status === "sold-out-today" ? todayInIndia(now) : undefined;
  return {
    ...product,
    ...rest,
    image: productImagePath(imageFile.replace(/\.svg$/, "")),
    // Cleared on the form: no limit any more (not the product's earlier figure).
    dailyUnits: fields.dailyUnits,
    // Cleared on the form (both empty): shown in English again.
    marathi: fields.marathi?.name || fields.marathi?.description ? fields.marathi : undefined,
    soldOutDay,
    updatedAt: now,
    updatedBy: ctx.by,
  };
}

/** The `catalogue.product.updated` a change writes with it. */
export const productUpdatedEvent = (
  product: CatalogueProduct,
  change: "created" | "updated" | "archived",
  ctx: ProductChangeContext,
) =>
  productUpdatedV1.create(
    {
      productId: product.productId,
      change,
      name: product.name,
      status: product.status,
      archived: product.archived,
      prices: product.prices,
      tax: product.tax,
      version: product.version,
      changedBy: ctx.by,
      changedAt: (product.updatedAt ?? new Date()).toISOString(),
    },
    { correlationId: ctx.correlationId },
  );
