import type { ProductRepository } from "../persistence/product-repository.js";
import { type ProductChangeContext, productUpdatedEvent } from "./product-change.js";

/**
 * The owner archives a product: off the shop's list and never sold again, never seeded back, but kept (never
 * deleted) for the orders and invoices that name it. Archiving an archived product changes nothing.
 */
export async function archiveProduct(
  products: ProductRepository,
  productId: string,
  ctx: ProductChangeContext,
): Promise<"archived" | "already-archived" | "unknown-product"> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await products.byId(productId);
    if (!before) return "unknown-product";
    if (before.archived) return "already-archived";
    const after = {
      ...before,
      archived: true,
      version: before.version + 1,
      updatedAt: ctx.now ?? new Date(),
      updatedBy: ctx.by,
    };
    if (await products.replace(before, after, productUpdatedEvent(after, "archived", ctx), "archived")) {
      return "archived";
    }
  }
  return "already-archived";
}
