import { ApiPaths, productUpdatedV1 } from "@storefront/contracts";
import type { EventConsumer } from "@storefront/messaging";

/** What a product change makes stale at the gateway. */
export interface ProductCaches {
  microCache: { forget(affected: (path: string) => boolean): number };
  prerendered: { productChanged(): Promise<void> };
}

const { products } = ApiPaths.catalogue;

/**
 * The public answers a product's change can alter: the product list, with any query. Photos and images are not
 * among them: their URLs name their version (a new photo is a new URL), so what is kept of them stays right.
 */
export const showsProducts = (path: string): boolean => path === products;

/**
 * Everything the gateway reacts to, in one list (docs/conventions.md, Layout). Every instance hears each event on a
 * queue of its own (a broadcast: libs/contracts operations.ts, EVENT_BROADCASTS), since each keeps its own caches.
 */
export function subscriptions(consumer: EventConsumer, caches: ProductCaches): void {
  // A price, name or status changed: the storefront shows it from the next request, not after the caches expire.
  consumer.on(productUpdatedV1, async () => {
    caches.microCache.forget(showsProducts);
    await caches.prerendered.productChanged();
  });
}
