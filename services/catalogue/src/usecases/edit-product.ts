import type { productEditSchema } from "@storefront/contracts";
import type { z } from "zod";
import type { ProductRepository } from "../persistence/product-repository.js";
import { type ProductChangeContext, productUpdatedEvent, withFields } from "./product-change.js";

export type EditOutcome = "saved" | "changed-meanwhile" | "unknown-product" | "archived";

/**
 * The owner changes a product: prices, tax class, status ("sold out today"), anything on the form. Applied only to
 * the version the form was read at; a product changed since (another admin, another tab) is refused with 409 so
 * nobody's change is overwritten unseen. Orders keep the prices and tax they were sold at (they copy them).
 */
export async function editProduct(
  products: ProductRepository,
  productId: string,
  input: z.output<typeof productEditSchema>,
  ctx: ProductChangeContext,
): Promise<EditOutcome> {
  const before = await products.byId(productId);
  if (!before) return "unknown-product";
  if (before.archived) return "archived";
  if (before.version !== input.version) return "changed-meanwhile";
  const { version: _version, ...fields } = input;
  const after = { ...withFields(before, fields, ctx), version: before.version + 1 };
  const saved = await products.replace(before, after, productUpdatedEvent(after, "updated", ctx), "updated");
  return saved ? "saved" : "changed-meanwhile";
}
