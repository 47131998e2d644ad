import { enquirySubmittedV1 } from "@storefront/contracts";
import type { EventConsumer } from "@storefront/messaging";
import { type EnquirySubmittedDependencies, enquirySubmitted } from "./handlers/enquiry-submitted.js";

/** What the handlers need from the service: the mailer, the delivery log, the shop's name and address. */
export type SubscriptionDependencies = EnquirySubmittedDependencies;

/**
 * Everything the notification service reacts to, in one list (STYLE.md: eShop's AddEventBusSubscriptions).
 * Each line is `consumer.on(<event definition>, <handler>)`.
 */
export function subscriptions(consumer: EventConsumer, deps: SubscriptionDependencies): void {
  consumer.on(enquirySubmittedV1, enquirySubmitted(deps));
}
