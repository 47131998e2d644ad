import { type EventData, type EventEnvelope, phoneReplyReceivedV1, productUpdatedV1 } from "@storefront/contracts";
import type { EventConsumer } from "@storefront/messaging";
import type { CataloguePriceCache } from "../orders/persistence/catalogue-price-cache.js";

export interface SubscriptionDependencies {
  prices: Pick<CataloguePriceCache, "forget">;
  /** A shopper's tap on a cash order's message (payments/usecases/answer-phone-reply.ts). */
  phoneReply: (event: EventEnvelope<string, EventData<typeof phoneReplyReceivedV1>>) => Promise<unknown>;
}

/**
 * Everything the order-payment service reacts to, in one list (docs/conventions.md, Layout).
 * Each line is `consumer.on(<event definition>, <handler>)`.
 */
export function subscriptions(consumer: EventConsumer, deps: SubscriptionDependencies): void {
  // A changed product is priced by the catalogue again at its next checkout (orders/persistence/catalogue-price-cache.ts).
  consumer.on(productUpdatedV1, async (event) => deps.prices.forget(event.data.productId));
  // Confirm, Cancel, Change address on a cash order's message (docs/messaging.md, Replies).
  consumer.on(phoneReplyReceivedV1, async (event) => {
    await deps.phoneReply(event);
  });
}
