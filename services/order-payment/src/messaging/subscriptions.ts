import { productUpdatedV1 } from "@storefront/contracts";
import type { EventConsumer } from "@storefront/messaging";
import type { CataloguePriceCache } from "../orders/persistence/catalogue-price-cache.js";

/**
 * Everything the order-payment service reacts to, in one list (docs/conventions.md, Layout).
 * Each line is `consumer.on(<event definition>, <handler>)`.
 */
export function subscriptions(consumer: EventConsumer, deps: { prices: Pick<CataloguePriceCache, "forget"> }): void {
  // A changed product is priced by the catalogue again at its next checkout (orders/persistence/catalogue-price-cache.ts).
  consumer.on(productUpdatedV1, async (event) => deps.prices.forget(event.data.productId));
}
