import { z } from "zod";
import { weightSchema } from "../api/catalogue.js";
import { placeOfSupplySchema, taxClassSchema } from "../api/gst.js";
import { defineEvent } from "../envelope.js";
import { paiseSchema } from "../money-schema.js";

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
  weight: weightSchema,
  quantity: z.number().int().positive(),
  unitPricePaise: paiseSchema,
  lineTotalPaise: paiseSchema,
});

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
    lines: z.array(orderPaidLine.pick({ name: true, weight: true, quantity: true })).min(1),
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
  }),
);
