import { unsealSecret } from "@storefront/auth";
import {
  type creditNoteIssuedV1,
  type EventData,
  type EventEnvelope,
  type orderAccessCodeRequestedV1,
  type orderCancelledV1,
  type orderCashOnDeliveryConfirmedV1,
  SHOP,
} from "@storefront/contracts";
import type { EventHandler } from "@storefront/messaging";
import { sendEmailOnce } from "../../mail/send-email-once.js";
import {
  CASH_ON_DELIVERY_CONFIRMED,
  cashOnDeliveryConfirmedEmail,
  ORDER_ACCESS_CODE,
  ORDER_CANCELLED,
  orderAccessCodeEmail,
  orderCancelledEmail,
  REFUND_CREDITED,
  refundCreditedEmail,
} from "../../mail/templates/order-lifecycle-emails.js";
import type { OrderEventDependencies } from "./order-events.js";

/** `order.cancelled`: the shopper hears of it, and of the refund it started. */
export function orderCancelled(deps: OrderEventDependencies): EventHandler<EventData<typeof orderCancelledV1>> {
  return async (event: EventEnvelope<string, EventData<typeof orderCancelledV1>>) => {
    const data = event.data;
    await sendEmailOnce(deps, {
      event,
      template: ORDER_CANCELLED,
      to: data.customer.email,
      replyTo: SHOP.email,
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
    });
  };
}

/** `billing.credit-note.issued`: "Refund credited", with the credit note attached. */
export function creditNoteIssued(deps: OrderEventDependencies): EventHandler<EventData<typeof creditNoteIssuedV1>> {
  return async (event: EventEnvelope<string, EventData<typeof creditNoteIssuedV1>>) => {
    const data = event.data;
    await sendEmailOnce(deps, {
      event,
      template: REFUND_CREDITED,
      to: data.customer.email,
      replyTo: SHOP.email,
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
      attachments: [
        { filename: data.fileName, content: Buffer.from(data.pdfBase64, "base64"), contentType: "application/pdf" },
      ],
    });
  };
}

/** `order.access-code.requested`: the tracking form's code, opened from its seal. */
export function orderAccessCodeRequested(
  deps: OrderEventDependencies,
): EventHandler<EventData<typeof orderAccessCodeRequestedV1>> {
  return async (event: EventEnvelope<string, EventData<typeof orderAccessCodeRequestedV1>>) => {
    const code = unsealSecret(event.data.sealedCode, deps.sealKey, `${event.type}:${event.id}`);
    await sendEmailOnce(deps, {
      event,
      template: ORDER_ACCESS_CODE,
      to: event.data.email,
      content: orderAccessCodeEmail(
        { orderId: event.data.orderId, code, expiresAt: event.data.expiresAt },
        deps.shop,
        event.data.language,
      ),
    });
  };
}

/** `order.cash-on-delivery.confirmed`: the shopper is told what to keep ready in cash, and when it comes. */
export function cashOnDeliveryConfirmed(
  deps: OrderEventDependencies,
): EventHandler<EventData<typeof orderCashOnDeliveryConfirmedV1>> {
  return async (event: EventEnvelope<string, EventData<typeof orderCashOnDeliveryConfirmedV1>>) => {
    const data = event.data;
    await sendEmailOnce(deps, {
      event,
      template: CASH_ON_DELIVERY_CONFIRMED,
      to: data.customer.email,
      replyTo: SHOP.email,
      content: cashOnDeliveryConfirmedEmail(
        {
          orderId: data.orderId,
          customerName: data.customer.name,
          amountPaise: data.amountPaise,
          lines: data.lines,
          delivery: data.delivery,
        },
        deps.shop,
        data.language,
      ),
    });
  };
}
