import {
  type EventData,
  type EventEnvelope,
  formatRupees,
  type orderAddressChangeRequestedV1,
  type orderCashOnDeliveryPlacedV1,
} from "@storefront/contracts";
import { orderLinkText } from "../../channels/phone-words.js";
import { type PhoneSendDependencies, sendPhoneOnce } from "../../channels/send-phone-once.js";
import { orderPage, type Shop } from "../../mail/templates/order-emails.js";

export interface PhoneEventDependencies {
  phone: PhoneSendDependencies;
  shop: Shop;
}

/**
 * A cash order placed (docs/messaging.md, Cash on delivery): to a shopper who ticked the box, the `cod_confirm`
 * template on WhatsApp (SMS when WhatsApp refuses it) in the order's language, once per order. Quiet hours do not
 * hold it back: the shopper asked for it that very moment, at checkout.
 */
export const cashOnDeliveryPlaced =
  (deps: PhoneEventDependencies) =>
  async (event: EventEnvelope<string, EventData<typeof orderCashOnDeliveryPlacedV1>>): Promise<void> => {
    const { data } = event;
    if (!data.phoneUpdates) return;
    await sendPhoneOnce(deps.phone, {
      id: `cod_confirm:${data.orderId}`,
      consentedAt: data.phoneUpdates.consentedAt,
      message: {
        to: data.phoneUpdates.mobile,
        template: "cod_confirm",
        language: data.language ?? "en",
        variables: { customer_name: data.customer.name, order_id: data.orderId, total: formatRupees(data.amountPaise) },
        orderId: data.orderId,
      },
    });
  };

/**
 * "Change address" tapped on an order's message, from its own number (order-payment checked): the order page's link,
 * built on PUBLIC_URL (never on anything a request carried), as a WhatsApp text inside the window the tap opened;
 * one per tap.
 */
export const addressChangeRequested =
  (deps: PhoneEventDependencies) =>
  async (event: EventEnvelope<string, EventData<typeof orderAddressChangeRequestedV1>>): Promise<void> => {
    const { data } = event;
    const language = data.language ?? "en";
    await sendPhoneOnce(deps.phone, {
      id: `order_link:${data.replyId}`,
      consentedAt: data.consentedAt,
      text: {
        to: data.mobile,
        label: "order_link",
        body: orderLinkText(language, data.orderId, orderPage(deps.shop, data.orderId, undefined, language)),
      },
    });
  };
