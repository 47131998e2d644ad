import {
  type FulfilmentStatus,
  inLanguage,
  type Language,
  type OrderDelivery,
  type PhoneUpdatesRecord,
  SHOP,
} from "@storefront/contracts";
import type { PhoneMessage } from "./phone-channel.js";
import type { PhoneTemplateName } from "./templates.js";

/**
 * Which message an order's news calls for, and its variables (docs/messaging.md, Order updates): the pure half of
 * the order updates, so the unit tests hold every status and delivery kind to its template.
 */

/** The status messages: "on its way" as each kind of delivery means it, and "delivered". */
export type StatusTemplate = Extract<PhoneTemplateName, "out_for_delivery" | "ready_for_pickup" | "delivered">;

/**
 * The message a move to `to` calls for, or none. As the mails (order-events.ts), a step the order had reached before
 * (`reachedBefore`) was told then. "Dispatched" is "out for delivery" for the shop's own delivery and "ready for
 * pickup" for a pickup; for a courier order it is nothing: the parcel is with India Post for 5 to 15 days, "out for
 * delivery" with a slot would be untrue, and the mail has already said it is on its way by post. "Delivered" goes
 * to a delivery's shopper (ours or the courier's); a pickup's shopper has just taken the box from our hands, so
 * telling them is only one more message.
 */
export function statusTemplate(
  to: FulfilmentStatus,
  delivery: Pick<OrderDelivery, "kind"> | undefined,
  reachedBefore = false,
): StatusTemplate | undefined {
  if (reachedBefore) return undefined;
  const kind = delivery?.kind ?? "courier";
  if (to === "Dispatched")
    return kind === "local" ? "out_for_delivery" : kind === "pickup" ? "ready_for_pickup" : undefined;
  if (to === "Delivered") return kind === "pickup" ? undefined : "delivered";
  return undefined;
}

/** A local delivery without a slot (its zone keeps none): it comes today, and the delivery person calls first. */
const NO_SLOT: Record<Language, string> = { en: "today", mr: "आज" };

/** `out_for_delivery`'s slot: the order's slot label in its language (the owner's Marathi one), else "today". */
export const slotWords = (
  delivery: Pick<OrderDelivery, "slotLabel" | "slotLabelMr"> | undefined,
  language: Language,
) => (delivery?.slotLabel ? inLanguage(delivery.slotLabel, delivery.slotLabelMr, language) : NO_SLOT[language]);

/**
 * `ready_for_pickup`'s shop address: the short one (SHOP.addressShort), since DLT allows an SMS variable 30
 * characters and the registered SMS takes the same variables as the WhatsApp template; the mail carries the full one.
 */
export const pickupAddress = (language: Language) => (language === "mr" ? SHOP.addressShortMr : SHOP.addressShort);

/** The variables of each order update, every one filled (templates.ts refuses a message with a hole in it). */
export function statusVariables(
  template: StatusTemplate,
  order: { orderId: string; customerName: string; delivery?: OrderDelivery | undefined },
  language: Language,
): Record<string, string> {
  const common = { customer_name: order.customerName, order_id: order.orderId };
  if (template === "out_for_delivery") return { ...common, slot: slotWords(order.delivery, language) };
  if (template === "ready_for_pickup") return { ...common, shop_address: pickupAddress(language) };
  return common;
}

/**
 * The message of an order (an update, or the cash order's confirmation) to the number the shopper consented for, in
 * the order's language, by the channel they chose (SMS only when they asked for it).
 */
export const orderUpdate = (
  consent: PhoneUpdatesRecord,
  template: PhoneTemplateName,
  orderId: string,
  language: Language,
  variables: Readonly<Record<string, string>>,
): PhoneMessage => ({
  to: consent.mobile,
  template,
  language,
  variables,
  orderId,
  ...(consent.channel === "sms" ? { smsOnly: true } : {}),
});
