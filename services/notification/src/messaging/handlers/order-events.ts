import { unsealSecret } from "@storefront/auth";
import type { EventData, orderStatusChangedV2, receiptGeneratedV2 } from "@storefront/contracts";
import type { EventHandler } from "@storefront/messaging";
import type { SendEmailOnceDependencies } from "../../mail/send-email-once.js";
import { passAttachments } from "../../mail/templates/booking-pass.js";
import {
  ORDER_CONFIRMATION,
  ORDER_STATUS,
  orderConfirmationEmail,
  orderStatusEmail,
  statusHasEmail,
} from "../../mail/templates/order-emails.js";
import { mailingHandler, pdfAttachment, toShopper } from "./mailing-handler.js";

export interface OrderEventDependencies extends SendEmailOnceDependencies {
  /** SHOP_NAME and PUBLIC_URL; the shop's address, phone and email come from SHOP (docs/shop-details.md). */
  shop: { name: string; url: string };
  /** EVENT_SEAL_KEY: opens the order link and the tracking code. */
  sealKey: string;
}

/** The order page's link token from its seal; a seal that does not open leaves the mail without it (never unsent). */
function openOrderLink(deps: OrderEventDependencies, orderId: string, sealed: string | undefined): string | undefined {
  if (!sealed) return undefined;
  try {
    return unsealSecret(sealed, deps.sealKey, `order-link:${orderId}`);
  } catch {
    return undefined;
  }
}

/**
 * `billing.receipt.generated`: the order confirmation with the invoice PDF attached, once per event; a festival
 * booking's with its pass's QR code inline (docs/festivals.md, The pass in the mails).
 */
export function receiptGenerated(deps: OrderEventDependencies): EventHandler<EventData<typeof receiptGeneratedV2>> {
  return mailingHandler(deps, ORDER_CONFIRMATION, async ({ data }) => ({
    ...toShopper(data.customer),
    content: orderConfirmationEmail(
      {
        orderId: data.orderId,
        invoiceNumber: data.invoiceNumber,
        customerName: data.customer.name,
        shippingAddress: data.shippingAddress,
        lines: data.lines,
        postalDeliveryPaise: data.postalDeliveryPaise,
        coupon: data.coupon,
        totalPaise: data.totalPaise,
        delivery: data.delivery,
        linkToken: openOrderLink(deps, data.orderId, data.sealedOrderLink),
        language: data.language,
        festival: data.festival,
      },
      deps.shop,
    ),
    attachments: [pdfAttachment(data), ...(await passAttachments(data.festival))],
  }));
}

/**
 * `order.status-changed`: the customer hears of Waiting, Preparing, Dispatched and Delivered (not of PAID), once per
 * step: a step the order had reached before (the admin moved it back and forward again) was mailed then. Order-payment
 * says so on the event, decided from the order's history in the write that moves it (docs/order-lifecycle.md, Steps
 * back); the first time's event is mailed once however often it is delivered (send-email-once.ts).
 */
export function orderStatusChanged(deps: OrderEventDependencies): EventHandler<EventData<typeof orderStatusChangedV2>> {
  return mailingHandler(deps, ORDER_STATUS, ({ data }) =>
    !statusHasEmail(data.to) || data.reachedBefore
      ? null
      : {
          ...toShopper(data.customer),
          content: orderStatusEmail(
            { orderId: data.orderId, customerName: data.customer.name, status: data.to, delivery: data.delivery },
            deps.shop,
            data.language,
          ),
        },
  );
}
