import type {
  bookingMovedV1,
  bookingReminderRequestedV1,
  creditNoteIssuedV1,
  EventData,
  orderAccessCodeRequestedV1,
  orderCancelledV1,
  orderCashOnDeliveryConfirmedV1,
} from "@storefront/contracts";
import type { EventHandler } from "@storefront/messaging";
import { passAttachments } from "../../mail/templates/booking-pass.js";
import {
  BOOKING_MOVED,
  BOOKING_REMINDER,
  bookingMovedEmail,
  bookingReminderEmail,
  CASH_ON_DELIVERY_CONFIRMED,
  cashOnDeliveryConfirmedEmail,
  ORDER_ACCESS_CODE,
  ORDER_CANCELLED,
  orderAccessCodeEmail,
  orderCancelledEmail,
  REFUND_CREDITED,
  refundCreditedEmail,
} from "../../mail/templates/order-lifecycle-emails.js";
import { mailingHandler, openEventSeal, pdfAttachment, toShopper } from "./mailing-handler.js";
import type { OrderEventDependencies } from "./order-events.js";

/** `order.cancelled`: the shopper hears of it, and of the refund it started. */
export function orderCancelled(deps: OrderEventDependencies): EventHandler<EventData<typeof orderCancelledV1>> {
  return mailingHandler(deps, ORDER_CANCELLED, ({ data }) => ({
    ...toShopper(data.customer),
    content: orderCancelledEmail(
      {
        orderId: data.orderId,
        customerName: data.customer.name,
        cancelledBy: data.cancelledBy,
        refundPaise: data.refund?.amountPaise,
      },
      deps.shop,
      data.language,
    ),
  }));
}

/** `billing.credit-note.issued`: "Refund credited", with the credit note attached. */
export function creditNoteIssued(deps: OrderEventDependencies): EventHandler<EventData<typeof creditNoteIssuedV1>> {
  return mailingHandler(deps, REFUND_CREDITED, ({ data }) => ({
    ...toShopper(data.customer),
    content: refundCreditedEmail(
      {
        orderId: data.orderId,
        customerName: data.customer.name,
        amountPaise: data.amountPaise,
        creditNoteNumber: data.creditNoteNumber,
        invoiceNumber: data.invoiceNumber,
        bankReference: data.bankReference,
      },
      deps.shop,
      data.language,
    ),
    attachments: [pdfAttachment(data)],
  }));
}

/** `order.access-code.requested`: the tracking form's code, opened from its seal. */
export function orderAccessCodeRequested(
  deps: OrderEventDependencies,
): EventHandler<EventData<typeof orderAccessCodeRequestedV1>> {
  return mailingHandler(deps, ORDER_ACCESS_CODE, (event) => ({
    to: event.data.email,
    content: orderAccessCodeEmail(
      {
        orderId: event.data.orderId,
        code: openEventSeal(event, event.data.sealedCode, deps.sealKey),
        expiresAt: event.data.expiresAt,
      },
      deps.shop,
      event.data.language,
    ),
  }));
}

/**
 * `order.cash-on-delivery.confirmed`: the shopper is told what to keep ready in cash, and when it comes; a cash
 * booking's with its pass and the QR code inline (docs/festivals.md, The pass in the mails).
 */
export function cashOnDeliveryConfirmed(
  deps: OrderEventDependencies,
): EventHandler<EventData<typeof orderCashOnDeliveryConfirmedV1>> {
  return mailingHandler(deps, CASH_ON_DELIVERY_CONFIRMED, async ({ data }) => ({
    ...toShopper(data.customer),
    content: cashOnDeliveryConfirmedEmail(
      {
        orderId: data.orderId,
        customerName: data.customer.name,
        amountPaise: data.amountPaise,
        lines: data.lines,
        delivery: data.delivery,
        festival: data.festival,
      },
      deps.shop,
      data.language,
    ),
    attachments: await passAttachments(data.festival),
  }));
}

/**
 * `order.booking-reminder.requested`: the evening before a festival day, the booking's reminder with its pass, the QR
 * code inline, the window and the shop's address, once per event (docs/festivals.md, The reminder mail).
 */
export function bookingReminderRequested(
  deps: OrderEventDependencies,
): EventHandler<EventData<typeof bookingReminderRequestedV1>> {
  return mailingHandler(deps, BOOKING_REMINDER, async ({ data }) => ({
    ...toShopper(data.customer),
    content: bookingReminderEmail(
      { orderId: data.orderId, customerName: data.customer.name, lines: data.lines, festival: data.festival },
      deps.shop,
      data.language,
    ),
    attachments: await passAttachments(data.festival),
  }));
}

/**
 * `order.booking-moved`: the owner moved the booking from a window they closed; the shopper is mailed the new window
 * with the same pass, its QR code inline, once per event (docs/festivals.md, The festival's day).
 */
export function bookingMoved(deps: OrderEventDependencies): EventHandler<EventData<typeof bookingMovedV1>> {
  return mailingHandler(deps, BOOKING_MOVED, async ({ data }) => ({
    ...toShopper(data.customer),
    content: bookingMovedEmail(
      {
        orderId: data.orderId,
        customerName: data.customer.name,
        festival: data.festival,
        fromWindow: (data.language === "mr" && data.fromWindowLabelMr) || data.fromWindowLabel,
      },
      deps.shop,
      data.language,
    ),
    attachments: await passAttachments(data.festival),
  }));
}
