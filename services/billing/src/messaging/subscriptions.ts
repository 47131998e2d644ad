import type { EventConsumer } from "@storefront/messaging";

/**
 * Everything the billing service reacts to, in one list (STYLE.md: eShop's AddEventBusSubscriptions).
 * Each line is `consumer.on(<event definition>, <handler>)`; the feature issues add them.
 */
export function subscriptions(_consumer: EventConsumer): void {}
