import { z } from "zod";
import { billToSchema } from "../api/business-buyers.js";
import { weightSchema } from "../api/catalogue.js";
import { orderDeliverySchema } from "../api/delivery.js";
import { placeOfSupplySchema, taxClassSchema } from "../api/gst.js";
import { defineEvent } from "../envelope.js";
import { languageSchema } from "../language-schema.js";
import { paiseSchema } from "../money-schema.js";
import { phoneUpdatesRecordSchema } from "../phone-updates.js";
import { bookingFactsSchema } from "./festival.js";

export const OrderEvents = {
  PAID: "order.paid",
  PAYMENT_FAILED: "order.payment-failed",
  STATUS_CHANGED: "order.status-changed",
} as const;

/** Fulfilment status values offered to the admin (spec section 4). */
export const fulfilmentStatusSchema = z.enum(["PAID", "Waiting", "Preparing", "Dispatched", "Delivered"]);
export type FulfilmentStatus = z.infer<typeof fulfilmentStatusSchema>;

export const orderPaidV1 = defineEvent(
  OrderEvents.PAID,
  1,
  z.object({
    orderId: z.string().min(1),
    customerName: z.string().min(1),
    customerEmail: z.string().email(),
    amountPaise: paiseSchema,
    provider: z.string().min(1),
    paymentId: z.string().min(1),
    paidAt: z.string().datetime({ offset: true }),
  }),
);

export const orderPaymentFailedV1 = defineEvent(
  OrderEvents.PAYMENT_FAILED,
  1,
  z.object({
    orderId: z.string().min(1),
    customerEmail: z.string().email(),
    reason: z.string().min(1),
  }),
);

const orderPaidLine = z.object({
  productId: z.string().min(1),
  name: z.string().min(1),
  /** A catalogue line's weight; a festival box line has none (optional: added without a new version). */
  weight: weightSchema.optional(),
  /** A festival box line's pieces per box (docs/festivals.md): "Box of 11". */
  pieces: z.number().int().positive().optional(),
  quantity: z.number().int().positive(),
  unitPricePaise: paiseSchema,
  lineTotalPaise: paiseSchema,
  /** The line's share of a coupon's discount (docs/coupons.md); absent: none. Optional: added without a new version. */
  discountPaise: paiseSchema.optional(),
  /** The product's Marathi name when it has one (docs/languages.md): the invoice shows it beside the English. */
  marathiName: z.string().min(1).max(60).optional(),
});

/** What the shopper pays for a line: its price less its share of a coupon's discount (the GST is worked back from it). */
export const linePaidPaise = (line: { lineTotalPaise: number; discountPaise?: number | undefined }) =>
  line.lineTotalPaise - (line.discountPaise ?? 0);

/**
 * What `order.paid` has carried since v2: event-carried state, so billing (the GST invoice) and notification (the
 * confirmation email) act without calling order-payment back (docs/architecture.md, Receipts).
 */
const orderPaidData = z.object({
  orderId: z.string().min(1),
  customer: z.object({
    name: z.string().min(1),
    email: z.string().email(),
    mobile: z.string(),
    userId: z.string().min(1).optional(),
  }),
  shippingAddress: z.string().min(1),
  lines: z.array(orderPaidLine).min(1),
  charges: z.object({
    itemTotalPaise: paiseSchema,
    /** A coupon's discount on the items (docs/coupons.md): total = items - discount + delivery + fee. */
    discountPaise: paiseSchema.optional(),
    postalDeliveryPaise: paiseSchema,
    platformFeePaise: paiseSchema,
    totalPaise: paiseSchema,
  }),
  amountPaise: paiseSchema,
  provider: z.string().min(1),
  paymentId: z.string().min(1),
  transactionId: z.string().min(1).optional(),
  paidAt: z.string().datetime({ offset: true }),
});

/**
 * `order.status-changed` v2 (v1, with ids only, is neither sent nor read any more): carries the customer and the order's lines, so notification can write the status email
 * ("being prepared", "dispatched", "delivered") without calling order-payment back. v1 carried only the ids.
 */
export const orderStatusChangedV2 = defineEvent(
  OrderEvents.STATUS_CHANGED,
  2,
  z.object({
    orderId: z.string().min(1),
    from: fulfilmentStatusSchema,
    to: fulfilmentStatusSchema,
    changedBy: z.string().min(1),
    changedAt: z.string().datetime({ offset: true }),
    customer: z.object({ name: z.string().min(1), email: z.string().email() }),
    shippingAddress: z.string().min(1),
    lines: z
      .array(orderPaidLine.pick({ name: true, weight: true, pieces: true, quantity: true, marathiName: true }))
      .min(1),
    /** The shopper's language (docs/languages.md): its mail goes out in it. Optional, added without a new version. */
    language: languageSchema.optional(),
    /**
     * The order had been at `to` before (a step back and forward again, docs/order-lifecycle.md, Transitions): the
     * shopper was told of it then, so no mail goes now. Optional, added without a new version; absent: the first time.
     */
    reachedBefore: z.boolean().optional(),
    /**
     * How the order gets there (docs/delivery.md): "on its way" is "out for delivery" for the shop's own delivery,
     * "ready for pickup" for a pickup, the post for a courier. Optional, added without a new version; absent: courier.
     */
    delivery: orderDeliverySchema.optional(),
    /**
     * The shopper's consent to the order's news on their phone (docs/messaging.md, Order updates): notification
     * sends this event's message only when present. Optional, added without a new version; absent: none given.
     */
    phoneUpdates: phoneUpdatesRecordSchema.optional(),
  }),
);

/**
 * `order.paid` v3 (v1 and v2 are neither sent nor read any more): the order and what a GST tax invoice needs without calling back: each line's HSN code and GST rate as
 * they were when the order was placed, and the place of supply (the delivery address's state and its code).
 */
export const orderPaidV3 = defineEvent(
  OrderEvents.PAID,
  3,
  orderPaidData.extend({
    lines: z.array(orderPaidLine.extend({ tax: taxClassSchema })).min(1),
    placeOfSupply: placeOfSupplySchema,
    /**
     * The order page's link token for the order mail, sealed (EVENT_SEAL_KEY, context `order-link:<orderId>`): billing
     * passes it on in `billing.receipt.generated`, notification opens it. Optional: added without a new version.
     */
    sealedOrderLink: z.string().min(1).max(400).optional(),
    /** How it gets there (docs/delivery.md): the invoice and the mail show it. Optional: added without a new version. */
    delivery: orderDeliverySchema.optional(),
    /** The coupon applied (docs/coupons.md): the invoice says "Coupon DIWALI100 applied". Optional, no new version. */
    coupon: z.object({ code: z.string().min(1).max(20) }).optional(),
    /** The shopper's language (docs/languages.md): its mail goes out in it. Optional, added without a new version. */
    language: languageSchema.optional(),
    /**
     * A festival booking's festival, day, window and pass code (docs/festivals.md, The pass in the mails): the
     * confirmation mail shows the pass. Optional, added without a new version.
     */
    festival: bookingFactsSchema.optional(),
    /**
     * The shopper's consent to the order's news on their phone (docs/messaging.md, Order updates): notification
     * sends this event's message only when present. Optional, added without a new version; absent: none given.
     */
    phoneUpdates: phoneUpdatesRecordSchema.optional(),
    /**
     * Who the invoice is made out to when not the shopper at the delivery address (docs/business-buyers.md): a
     * registered buyer's GSTIN and legal name, or a gift's payer, with the billing address. Optional, added without a
     * new version; absent: the shopper, billed at the delivery address.
     */
    billTo: billToSchema.optional(),
  }),
);

/** Why an order was cancelled: the shopper's own choice, or the admin's reason code. */
export const cancelReasonSchema = z.enum(["customer-asked", "out-of-stock", "cannot-deliver", "other"]);
export type CancelReason = z.infer<typeof cancelReasonSchema>;

/** What a refund gives back: the whole order on cancellation, or (the admin's) one line, the postal charge, goodwill. */
export const refundScopeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("cancellation") }),
  z.object({ kind: z.literal("line"), lineIndex: z.number().int().min(0).max(99) }),
  z.object({ kind: z.literal("postal") }),
  z.object({ kind: z.literal("goodwill") }),
]);
export type RefundScope = z.infer<typeof refundScopeSchema>;

/**
 * How many paise of each part of the order a refund gives back (docs/order-lifecycle.md, Refunds): of each line (by
 * index, as the order's lines), of the delivery charge and of the platform fee; they add up to the refund. A line
 * refund gives back its line only, a delivery refund the delivery only, goodwill and cancellation share theirs over
 * what is left of each part. Billing's credit note reverses exactly these paise per invoice line.
 */
export const refundAllocationSchema = z.object({
  linesPaise: z.array(paiseSchema).max(100),
  deliveryPaise: paiseSchema,
  platformFeePaise: paiseSchema,
});
export type RefundAllocation = z.infer<typeof refundAllocationSchema>;

export const OrderLifecycleEvents = {
  CANCELLED: "order.cancelled",
  REFUND_INITIATED: "order.refund.initiated",
  REFUND_PROCESSED: "order.refund.processed",
  REFUND_FAILED: "order.refund.failed",
  ACCESS_CODE_REQUESTED: "order.access-code.requested",
  PHONE_ACCESS_CODE_REQUESTED: "order.phone-access-code.requested",
  CASH_ON_DELIVERY_CONFIRMED: "order.cash-on-delivery.confirmed",
  CASH_ON_DELIVERY_PLACED: "order.cash-on-delivery.placed",
  ADDRESS_CHANGE_REQUESTED: "order.address-change.requested",
} as const;

/**
 * `order.cash-on-delivery.placed`: a cash-on-delivery order was stored, waiting for its shopper's confirmation (the
 * moment its email OTP is asked for, docs/delivery.md). With the shopper's consent (`phoneUpdates`), notification
 * sends the `cod_confirm` message whose buttons confirm or cancel it (docs/messaging.md); without, nothing is sent.
 */
export const orderCashOnDeliveryPlacedV1 = defineEvent(
  OrderLifecycleEvents.CASH_ON_DELIVERY_PLACED,
  1,
  z.object({
    orderId: z.string().min(1),
    customer: z.object({ name: z.string().min(1) }),
    amountPaise: paiseSchema,
    language: languageSchema.optional(),
    placedAt: z.string().datetime({ offset: true }),
    /** The consent the order recorded (absent: none given). */
    phoneUpdates: phoneUpdatesRecordSchema.optional(),
  }),
);

/**
 * `order.address-change.requested`: the shopper tapped "Change address" on an order's `cod_confirm` message, from the
 * order's own number (docs/messaging.md, Replies): notification answers with the order page's link. `replyId` (the
 * tap's id) keeps the answer to one however often the tap is delivered.
 */
export const orderAddressChangeRequestedV1 = defineEvent(
  OrderLifecycleEvents.ADDRESS_CHANGE_REQUESTED,
  1,
  z.object({
    orderId: z.string().min(1),
    replyId: z.string().min(1).max(300),
    /** The order's mobile (`919812345678`): the number that tapped, checked against the order. */
    mobile: z.string().regex(/^91[6-9]\d{9}$/),
    language: languageSchema.optional(),
    /** When the order's box was ticked: a STOP since then holds the answer back (docs/messaging.md, STOP). */
    consentedAt: z.string().datetime({ offset: true }).optional(),
    requestedAt: z.string().datetime({ offset: true }),
  }),
);

/**
 * `order.cash-on-delivery.confirmed`: a cash-on-delivery order confirmed by its email OTP (docs/delivery.md): the
 * kitchen makes it, the shopper is mailed what to keep ready. Its `order.paid` follows when the owner has the cash.
 */
export const orderCashOnDeliveryConfirmedV1 = defineEvent(
  OrderLifecycleEvents.CASH_ON_DELIVERY_CONFIRMED,
  1,
  z.object({
    orderId: z.string().min(1),
    customer: z.object({ name: z.string().min(1), email: z.string().email() }),
    amountPaise: paiseSchema,
    lines: z
      .array(orderPaidLine.pick({ name: true, weight: true, pieces: true, quantity: true, marathiName: true }))
      .min(1),
    delivery: orderDeliverySchema.optional(),
    confirmedAt: z.string().datetime({ offset: true }),
    /** The shopper's language (docs/languages.md): its mail goes out in it. Optional, added without a new version. */
    language: languageSchema.optional(),
    /** A cash booking's festival, day, window and pass code (docs/festivals.md). Optional, added without a new version. */
    festival: bookingFactsSchema.optional(),
    /**
     * The shopper's consent to the order's news on their phone (docs/messaging.md, Order updates): notification
     * sends this event's message only when present. Optional, added without a new version; absent: none given.
     */
    phoneUpdates: phoneUpdatesRecordSchema.optional(),
  }),
);

/**
 * `order.cancelled`: written once with the order's CANCELLED transition (docs/order-lifecycle.md). Carries what the
 * cancellation mail says, and the refund it started when the order was paid.
 */
export const orderCancelledV1 = defineEvent(
  OrderLifecycleEvents.CANCELLED,
  1,
  z.object({
    orderId: z.string().min(1),
    cancelledBy: z.enum(["customer", "admin"]),
    reason: cancelReasonSchema,
    note: z.string().max(300).optional(),
    cancelledAt: z.string().datetime({ offset: true }),
    customer: z.object({ name: z.string().min(1), email: z.string().email() }),
    lines: z
      .array(orderPaidLine.pick({ name: true, weight: true, pieces: true, quantity: true, marathiName: true }))
      .min(1),
    refund: z.object({ refundId: z.string().min(1), amountPaise: paiseSchema }).optional(),
    /** The shopper's language (docs/languages.md): its mail goes out in it. Optional, added without a new version. */
    language: languageSchema.optional(),
    /**
     * The shopper's consent to the order's news on their phone (docs/messaging.md, Order updates): notification
     * sends this event's message only when present. Optional, added without a new version; absent: none given.
     */
    phoneUpdates: phoneUpdatesRecordSchema.optional(),
  }),
);

const refundFacts = z.object({
  orderId: z.string().min(1),
  /** `<orderId>-R<n>`: also the provider's refund id, so a retried call cannot refund twice. */
  refundId: z.string().min(1).max(64),
  amountPaise: paiseSchema,
  scope: refundScopeSchema,
  /**
   * What it gives back of each part of the order. Optional, added without a new version: absent on refunds written
   * before it, whose credit note shares the amount as before.
   */
  allocation: refundAllocationSchema.optional(),
  customer: z.object({ name: z.string().min(1), email: z.string().email() }),
  /** The shopper's language (docs/languages.md): its mail goes out in it. Optional, added without a new version. */
  language: languageSchema.optional(),
});

/** `order.refund.initiated`: the provider accepted a refund (not yet credited: "Refund initiated"). */
export const orderRefundInitiatedV1 = defineEvent(OrderLifecycleEvents.REFUND_INITIATED, 1, refundFacts);

/**
 * `order.refund.processed`: the provider says the money is back with the shopper ("Refund credited"). Billing issues
 * the GST credit note from it; the order's lines and charges ride along so billing never calls back.
 */
export const orderRefundProcessedV1 = defineEvent(
  OrderLifecycleEvents.REFUND_PROCESSED,
  1,
  refundFacts.extend({
    processedAt: z.string().datetime({ offset: true }),
    /** The bank's reference for the credit (Cashfree's refund_arn), when the provider gives one. */
    bankReference: z.string().max(100).optional(),
    lines: z.array(orderPaidLine.extend({ tax: taxClassSchema })).min(1),
    charges: orderPaidData.shape.charges,
    placeOfSupply: placeOfSupplySchema,
    shippingAddress: z.string().min(1),
    /**
     * The shopper's consent to the order's news on their phone (docs/messaging.md, Order updates): notification
     * sends this event's message only when present. Optional, added without a new version; absent: none given.
     */
    phoneUpdates: phoneUpdatesRecordSchema.optional(),
  }),
);

/** `order.refund.failed`: the provider refused or failed a refund; the admin must look (alert RefundFailed). */
export const orderRefundFailedV1 = defineEvent(
  OrderLifecycleEvents.REFUND_FAILED,
  1,
  refundFacts.extend({ failure: z.string().max(300) }),
);

/**
 * `order.access-code.requested`: a guest asked to track an order with its id and email; the code travels sealed
 * (EVENT_SEAL_KEY, context `order.access-code.requested:<event id>`), like identity's OTPs.
 */
export const orderAccessCodeRequestedV1 = defineEvent(
  OrderLifecycleEvents.ACCESS_CODE_REQUESTED,
  1,
  z.object({
    orderId: z.string().min(1),
    email: z.string().email(),
    expiresAt: z.string().datetime({ offset: true }),
    sealedCode: z.string().min(1),
    /** The shopper's language (docs/languages.md): its mail goes out in it. Optional, added without a new version. */
    language: languageSchema.optional(),
  }),
);

/**
 * `order.phone-access-code.requested`: a guest asked to track an order with its id and mobile number
 * (docs/messaging.md, Tracking by mobile number); notification sends the code by WhatsApp, else SMS. Sealed like the
 * mailed one (EVENT_SEAL_KEY, context `order.phone-access-code.requested:<event id>`). `requestedAt` is the shopper's
 * own request: a fresh act that a number's earlier STOP does not hold back.
 */
export const orderPhoneAccessCodeRequestedV1 = defineEvent(
  OrderLifecycleEvents.PHONE_ACCESS_CODE_REQUESTED,
  1,
  z.object({
    orderId: z.string().min(1),
    /** The order's mobile as the providers write it (`919812345678`). */
    mobile: z.string().regex(/^91[6-9]\d{9}$/),
    expiresAt: z.string().datetime({ offset: true }),
    requestedAt: z.string().datetime({ offset: true }),
    sealedCode: z.string().min(1),
    language: languageSchema.optional(),
  }),
);
