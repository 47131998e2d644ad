import {
  type EventData,
  type EventEnvelope,
  formatRupees,
  type Language,
  type orderAddressChangeRequestedV1,
  type orderCancelledV1,
  type orderCashOnDeliveryConfirmedV1,
  type orderCashOnDeliveryPlacedV1,
  type orderPaidV3,
  type orderRefundProcessedV1,
  type orderStatusChangedV2,
  type PhoneUpdatesRecord,
} from "@storefront/contracts";
import { orderUpdate, statusTemplate, statusVariables } from "../../channels/order-updates.js";
import { orderLinkText } from "../../channels/phone-words.js";
import { type PhoneSendDependencies, sendPhoneOnce } from "../../channels/send-phone-once.js";
import type { PhoneTemplateName } from "../../channels/templates.js";
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
      message: orderUpdate(data.phoneUpdates, "cod_confirm", data.orderId, data.language ?? "en", {
        customer_name: data.customer.name,
        order_id: data.orderId,
        total: formatRupees(data.amountPaise),
      }),
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

/** What every order update's event carries: the order, the shopper's language and, when the box was ticked, consent. */
interface OrderNews {
  orderId: string;
  customer: { name: string };
  language?: Language | undefined;
  phoneUpdates?: PhoneUpdatesRecord | undefined;
}

/**
 * One order update (docs/messaging.md, Order updates) to a shopper who ticked the box, in the order's language, once
 * per `id` (`<template>:<orderId>`, a refund's `refund_credited:<refundId>`), after the number's STOP; owed at night,
 * it waits for 08:00 India time (Quiet hours). No consent, nothing: not even a record.
 */
async function sendOrderUpdate(
  deps: PhoneEventDependencies,
  data: OrderNews,
  template: PhoneTemplateName,
  variables: Record<string, string>,
  id = `${template}:${data.orderId}`,
): Promise<void> {
  if (!data.phoneUpdates) return;
  await sendPhoneOnce(deps.phone, {
    id,
    consentedAt: data.phoneUpdates.consentedAt,
    quietHours: true,
    message: orderUpdate(data.phoneUpdates, template, data.orderId, data.language ?? "en", variables),
  });
}

const confirmedVariables = (data: OrderNews, totalPaise: number) => ({
  customer_name: data.customer.name,
  order_id: data.orderId,
  total: formatRupees(totalPaise),
});

/**
 * An online order paid: `order_confirmed`. A cash order's `order.paid` (the owner has the cash, at the door) finds
 * its `order_confirmed` sent at its confirmation: the same id, so nothing more.
 */
export const orderPaidPhone =
  (deps: PhoneEventDependencies) =>
  async ({ data }: EventEnvelope<string, EventData<typeof orderPaidV3>>): Promise<void> =>
    sendOrderUpdate(deps, data, "order_confirmed", confirmedVariables(data, data.charges.totalPaise));

/** A cash order confirmed (its code, or its message's Confirm): `order_confirmed`, once per order as an online one. */
export const cashOnDeliveryConfirmedPhone =
  (deps: PhoneEventDependencies) =>
  async ({ data }: EventEnvelope<string, EventData<typeof orderCashOnDeliveryConfirmedV1>>): Promise<void> =>
    sendOrderUpdate(deps, data, "order_confirmed", confirmedVariables(data, data.amountPaise));

/**
 * The owner moved the order (order-updates.ts decides): "on its way" is `out_for_delivery` with the slot for the
 * shop's own delivery and `ready_for_pickup` with the shop's address for a pickup; `delivered`; a step reached before
 * is not told again.
 */
export const orderStatusChangedPhone =
  (deps: PhoneEventDependencies) =>
  async ({ data }: EventEnvelope<string, EventData<typeof orderStatusChangedV2>>): Promise<void> => {
    const template = statusTemplate(data.to, data.delivery, data.reachedBefore);
    if (!template) return;
    const variables = statusVariables(
      template,
      { orderId: data.orderId, customerName: data.customer.name, delivery: data.delivery },
      data.language ?? "en",
    );
    await sendOrderUpdate(deps, data, template, variables);
  };

/** The order cancelled (by the shopper or the owner): `cancelled`; its refund has its own message when credited. */
export const orderCancelledPhone =
  (deps: PhoneEventDependencies) =>
  async ({ data }: EventEnvelope<string, EventData<typeof orderCancelledV1>>): Promise<void> =>
    sendOrderUpdate(deps, data, "cancelled", { customer_name: data.customer.name, order_id: data.orderId });

/** The money is back with the shopper: `refund_credited` with its amount, once per refund (an order may have several). */
export const refundProcessedPhone =
  (deps: PhoneEventDependencies) =>
  async ({ data }: EventEnvelope<string, EventData<typeof orderRefundProcessedV1>>): Promise<void> =>
    sendOrderUpdate(
      deps,
      data,
      "refund_credited",
      { customer_name: data.customer.name, order_id: data.orderId, amount: formatRupees(data.amountPaise) },
      `refund_credited:${data.refundId}`,
    );
