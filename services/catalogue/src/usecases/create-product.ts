import type { newProductSchema } from "@storefront/contracts";
import type { z } from "zod";
import type { ProductRepository } from "../persistence/product-repository.js";
import { type ProductChangeContext, productUpdatedEvent, withFields } from "./product-change.js";

/**
 * The owner adds a product (`/admin-products`): stored once under its id, with `catalogue.product.updated` and a line
 * in its change history. A taken id is refused, never overwritten.
 */
export async function createProduct(
  products: ProductRepository,
  input: z.output<typeof newProductSchema>,
  ctx: ProductChangeContext,
): Promise<"created" | "id-taken"> {
  const { productId, ...fields } = input;
  const product = withFields({ productId, archived: false, version: 0 }, fields, ctx);
  const created = await products.create(product, productUpdatedEvent(product, "created", ctx), ctx.by);
  return created ? "created" : "id-taken";
}
