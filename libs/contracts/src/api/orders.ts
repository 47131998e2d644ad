import { z } from "zod";
import { cancelReasonSchema, fulfilmentStatusSchema } from "../events/order.js";
import { INDIAN_MOBILE_MESSAGE, indianMobileSchema } from "../indian-mobile.js";
import { languageSchema } from "../language-schema.js";
import { paiseSchema } from "../money-schema.js";
import { phoneUpdatesConsentSchema } from "../phone-updates.js";
import { billToRequestSchema, billToSchema } from "./business-buyers.js";
import { weightSchema } from "./catalogue.js";
import { couponCodeSchema } from "./coupons.js";
import { deliveryChoiceSchema, orderDeliverySchema, paymentMethodSchema } from "./delivery.js";
import { placeOfSupplySchema } from "./gst.js";
import { emailSchema } from "./identity.js";
import { dayKeySchema } from "./kitchen.js";
import { ORDER_RULES, OrderMessages } from "./order-rules.js";

/**
 * Orders (spec sections 3, 4, 5 and 9; docs/architecture.md, Money and orders): the order request the browser sends, checked
 * against the shop's charges and limits (./order-rules.ts). Amounts a browser sends are read and ignored: the server
 * prices every line from the catalogue.
 */

/**
 * The spec's client order id (section 3: the timestamp plus a random string, made at the first home load; the SPA's
 * are about 20 characters). It becomes the provider's order id and Razorpay's receipt, so it keeps to Cashfree's
 * alphabet (letters, digits, `_`, `-`) and to the shorter of their lengths: Razorpay's receipt takes 40 characters,
 * Cashfree's order id 45.
 */
const ORDER_ID = "[A-Za-z0-9_-]{6,40}";
export const clientOrderIdSchema = z
  .string({ error: OrderMessages.ORDER_ID_INVALID })
  .regex(new RegExp(`^${ORDER_ID}$`), OrderMessages.ORDER_ID_INVALID);

/** A refund's id, `<orderId>-R<n>` (docs/order-lifecycle.md): also the provider's refund id. */
export const refundIdSchema = z.string().regex(new RegExp(`^${ORDER_ID}-R\\d{1,3}$`));

/** One cart line as the browser sends it; only the product, the weight and the quantity are read. */
export const orderLineRequestSchema = z
  .object({
    productId: z.string().min(1).max(64),
    selectedWeight: weightSchema,
    selectedQuantity: z.number().int().min(1).max(ORDER_RULES.maxUnitsPerProduct, OrderMessages.CART_LIMIT),
  })
  .passthrough();

/** `create-order` / `cashfree-order` body (spec section 3, Order request for payment). */
export const orderRequestSchema = z.object({
  orderId: clientOrderIdSchema,
  customerName: z.string().trim().min(1).max(60),
  customerEmail: z.string().trim().toLowerCase().pipe(z.email()),
  mobile: z
    .string()
    .trim()
    .regex(/^\d{10}$/, "invalid Mobile Number"),
  products: z.array(orderLineRequestSchema).min(1, OrderMessages.EMPTY_CART).max(50),
  shippingAddress: z
    .string({ error: OrderMessages.ADDRESS_INCOMPLETE })
    .trim()
    .max(400)
    .refine((address) => address.length > ORDER_RULES.shippingAddressMinExclusive, OrderMessages.ADDRESS_INCOMPLETE),
  source: z.string().max(40).optional(),
  /** How the order gets there (docs/delivery.md); absent: the courier, the spec's postal delivery. */
  delivery: deliveryChoiceSchema.optional(),
  /** Ours: `cash-on-delivery` where the zone offers it (docs/delivery.md); absent: paid online, as the spec has it. */
  paymentMethod: paymentMethodSchema.optional(),
  /** Ours: a festival coupon (docs/coupons.md); the server works its discount out, or refuses the order saying why. */
  couponCode: couponCodeSchema.optional(),
  /** Ours: the shopper's language (docs/languages.md): the order remembers it, its mails go out in it. */
  language: languageSchema.optional(),
  /**
   * Ours: the box "send me this order's updates on WhatsApp" ticked, with the notice's version (docs/messaging.md,
   * Consent; `PHONE_UPDATES_NOTICE`). Absent: no consent, nothing is sent to the phone.
   */
  phoneUpdates: phoneUpdatesConsentSchema.optional(),
  /**
   * Ours: "GST invoice for my business" or a bill-to apart from the delivery (docs/business-buyers.md). Absent: the
   * invoice is the shopper's, at the delivery address (B2C, the default).
   */
  billTo: billToRequestSchema.optional(),
  // Read and ignored: the server computes every amount (docs/architecture.md, Money and orders).
  amount: z.unknown().optional(),
  postalDeliveryCharges: z.unknown().optional(),
  platformCharges: z.unknown().optional(),
});
export type OrderRequest = z.input<typeof orderRequestSchema>;

/**
 * `POST /api/payment/coupon`: what a code takes off this cart, for the Bill Summary. Only the products, weights and
 * quantities are read; the server prices them and works the discount out itself.
 */
export const applyCouponSchema = z.object({
  code: couponCodeSchema,
  products: z.array(orderLineRequestSchema).min(1, OrderMessages.EMPTY_CART).max(50),
});

/** Its answer: the whole discount and each line's share, in the cart's order. */
export const appliedCouponSchema = z.object({
  code: z.string(),
  name: z.string(),
  discountPaise: z.number().int(),
  lineDiscountsPaise: z.array(z.number().int()),
});
export type AppliedCoupon = z.infer<typeof appliedCouponSchema>;

/** `update-status` body (spec section 3): an admin moves a paid order through fulfilment. */
export const updateStatusSchema = z.object({
  orderId: clientOrderIdSchema,
  orderStatus: fulfilmentStatusSchema,
});

/**
 * PENDING (waiting for the provider, or for a cash-on-delivery confirmation), SUCCESS (paid), FAILED, and ours: COD,
 * a cash-on-delivery order confirmed by its email OTP, made and sent like a paid one, its cash due at the door.
 */
export const paymentStatusSchema = z.enum(["PENDING", "SUCCESS", "FAILED", "COD"]);

/**
 * The kitchen's lists of the orders page (docs/back-office.md, The orders list): `active`, paid or confirmed for cash
 * and neither delivered nor cancelled; `new`, paid and not yet moved (still PAID). Both in the kitchen's order: by
 * delivery day, then slot (a pickup window is a slot), then time placed, postal orders (no day) last.
 */
export const kitchenListSchema = z.enum(["active", "new"]);
export type KitchenList = z.infer<typeof kitchenListSchema>;

/**
 * `orders` (ADMIN) query: a page at a time by an opaque cursor on the list's sort keys (never a skip). A kitchen list
 * (`list`), or newest first filtered by fulfilment and payment status, or searched by order id or customer email.
 * With nothing given: the active list.
 */
export const adminOrdersQuerySchema = z.object({
  list: kitchenListSchema.optional(),
  orderStatus: fulfilmentStatusSchema.optional(),
  paymentStatus: paymentStatusSchema.optional(),
  search: z.string().trim().min(1).max(60).optional(),
  /** Local deliveries and pickups of one day (docs/delivery.md). */
  deliveryDate: dayKeySchema.optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const AdminMessages = {
  STATUS_UPDATED: "Status updated Successfully",
  STATUS_UPDATE_FAILED: "Status update failed!",
  NOT_PAID: "Only a paid order moves through fulfilment.",
  CANCELLED: "The order is cancelled.",
  REFUND_STARTED: "Refund initiated.",
  HOLD_SETTINGS_SAVED: "Saved.",
  /** The owner cancelled an email's open orders at once; `count` of them. */
  openOrdersCancelled: (count: number) => (count === 1 ? "1 open order cancelled." : `${count} open orders cancelled.`),
} as const;

/**
 * An order's fulfilment status as stored and shown: a fulfilment step, "Pending" before payment, or "Canceled" (the
 * spec's spelling, which its badge colours red).
 */
export const orderStatusSchema = z.union([fulfilmentStatusSchema, z.literal("Pending"), z.literal("Canceled")]);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** The owner's setting of what one shopper may hold unpaid (docs/order-lifecycle.md, Open orders and holds). */
export const holdSettingsSchema = z.object({ unpaidSharePercent: z.number().int().min(1).max(100) });
export type HoldSettings = z.infer<typeof holdSettingsSchema>;

/** An email whose open orders the owner looks at or cancels all at once. */
export const openOrdersOfSchema = z.object({ email: emailSchema });

/** The shopper's cancel (`cancelOrder`): a reason in their words, optional. */
export const shopperCancelSchema = z.object({ reason: z.string().trim().max(300).optional() });

/** The admin's cancel (`adminCancelOrder`): a reason code, and a note. */
export const adminCancelSchema = z.object({ reason: cancelReasonSchema, note: z.string().trim().max(300).optional() });

/**
 * The admin's refund of part of a paid order (`adminRefundOrder`): one line (what is left of what was paid for it),
 * the postal charge, or a goodwill amount in paise; never more than what is left of that part, or of the order
 * (docs/order-lifecycle.md, Refunds). A line index the order does not have is refused (400).
 */
export const adminRefundSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("line"),
    lineIndex: z.number().int().min(0).max(99),
    note: z.string().max(300).optional(),
  }),
  z.object({ kind: z.literal("postal"), note: z.string().max(300).optional() }),
  z.object({
    kind: z.literal("goodwill"),
    amountPaise: paiseSchema.refine((paise) => paise > 0),
    note: z.string().max(300).optional(),
  }),
]);

export const TrackMessages = {
  /** The same answer whether the order exists, the email matches, or neither (the form tells nothing). */
  CODE_SENT: "If this order was placed with this email, we have sent it a code. It is valid for 10 minutes.",
  /** The same by mobile number, whether the order exists, the number matches, or neither. */
  CODE_SENT_TO_PHONE:
    "If this order was placed with this mobile number, we have sent it a code by WhatsApp or SMS. It is valid for 10 minutes.",
  NOT_VALID: "The code or link is not valid or has expired. Please, ask for a new code.",
  /** A mobile number that is no Indian mobile (the form's own check says it first). */
  MOBILE_INVALID: INDIAN_MOBILE_MESSAGE,
  ONE_WAY: "Please, give the email or the mobile number the order was placed with.",
} as const;

/**
 * The tracking form's contact: the email the order was placed with, or its mobile number (docs/messaging.md,
 * Tracking by mobile number) as shoppers write it (`9812345678`, `+91 98123 45678`, `09812345678`), read as
 * `91XXXXXXXXXX`. Exactly one of the two, and nothing but the fields given: each field says its own problem (a union of
 * two shapes would only say "Invalid input").
 */
const contactShape = {
  orderId: clientOrderIdSchema,
  email: z.string().trim().toLowerCase().email().max(100).optional(),
  mobile: indianMobileSchema.optional(),
};
const oneWay = [
  (body: { email?: string | undefined; mobile?: string | undefined }) =>
    (body.email === undefined) !== (body.mobile === undefined),
  { message: TrackMessages.ONE_WAY },
] as const;
/** The body as the way it names: `{mobile}` or `{email}`, with the rest of its fields. */
const byWay = <B extends { email?: string | undefined; mobile?: string | undefined }>({ email, mobile, ...rest }: B) =>
  mobile !== undefined ? { ...rest, mobile } : { ...rest, email: email as string };

/** The tracking form's first step: the order id, and the email or the mobile number it was placed with. */
export const trackCodeSchema = z
  .object(contactShape)
  .strict()
  .refine(...oneWay)
  .transform(byWay);

/** The tracking form's second step (the code from the mail, WhatsApp or SMS), or the order mail's link (its token). */
export const trackPassSchema = z.union([
  z
    .object({ ...contactShape, code: z.string().regex(/^\d{6}$/) })
    .strict()
    .refine(...oneWay)
    .transform(byWay),
  z.object({ orderId: clientOrderIdSchema, token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) }).strict(),
]);

export const CancelMessages = {
  NOT_YOURS_TO_CANCEL: "This order can no longer be cancelled online. Please, call the shop.",
  ALREADY_CANCELLED: "The order is already cancelled.",
  REFUND_TOO_LARGE: "The refund is more than what is left to refund on this order.",
  NOT_REFUNDABLE: "Only a paid order can be refunded.",
  LINE_ALREADY_REFUNDED: "This line is already refunded.",
  DELIVERY_ALREADY_REFUNDED: "The delivery charge is already refunded.",
  NO_DELIVERY_CHARGE: "This order has no delivery charge to refund.",
  NO_SUCH_LINE: "This order has no such line.",
} as const;

/** The goodwill refund refused beyond what is left, saying what is (formatted by the caller, e.g. "₹90.00"). */
export const refundTooLargeMessage = (left: string) => `${CancelMessages.REFUND_TOO_LARGE} Left to refund: ${left}.`;

/**
 * One step of an order's timeline, as the order page shows it. `detail` is the step's English words; the same facts
 * also come as data (the amount, whether it was cash, the bank's reference) so a page words them in its language.
 */
export const timelineEntrySchema = z.object({
  at: z.string(),
  label: z.string(),
  detail: z.string().optional(),
  /** The amount the step is about (paid, confirmed for cash on delivery, refunded), in paise. */
  amountPaise: z.number().int().optional(),
  /** Paid in cash at the door, or confirmed as cash on delivery. */
  inCash: z.boolean().optional(),
  /** A credited refund's bank reference. */
  bankReference: z.string().optional(),
});

/** A refund as the shopper and the admin see it: "Refund initiated" until the provider says it is credited. */
export const refundViewSchema = z.object({
  refundId: z.string(),
  amountPaise: z.number().int(),
  status: z.enum(["Refund initiated", "Refund credited", "Refund failed"]),
  scope: z.string(),
  bankReference: z.string().optional(),
  createdAt: z.string(),
  processedAt: z.string().optional(),
  /** Whether its GST credit note can be downloaded (issued once the refund is credited). */
  creditNote: z.boolean(),
});

/** An order as the SPA reads it (spec section 3, "Order detail as read"); amounts in paise. */
export const orderDetailSchema = z.object({
  orderId: z.string(),
  orderDate: z.string(),
  customerName: z.string(),
  mobile: z.string(),
  customerEmail: z.string(),
  transactionId: z.string().nullable(),
  paymentId: z.string().nullable(),
  paymentStatus: paymentStatusSchema,
  orderStatus: orderStatusSchema,
  orderAmount: z.number().int(),
  shippingAddress: z.string(),
  products: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      /** A catalogue line's weight; a festival box line has none (docs/festivals.md, The booking checkout). */
      selectedWeight: weightSchema.optional(),
      /** A festival box line's pieces per box ("Box of 11"). */
      pieces: z.number().int().optional(),
      selectedQuantity: z.number().int(),
      price: z.number().int(),
      lineTotal: z.number().int(),
      /** Its share of the coupon's discount (docs/coupons.md). */
      discount: z.number().int().optional(),
      /** Its Marathi name, when the product has one (docs/languages.md). */
      marathiName: z.string().optional(),
    }),
  ),
  /** The coupon applied and what it took off the items (docs/coupons.md). */
  coupon: z.object({ code: z.string(), discountPaise: z.number().int() }).optional(),
  postalDeliveryCharges: z.number().int(),
  platformCharges: z.number().int(),
  itemTotal: z.number().int(),
  /** How it gets there (docs/delivery.md): the zone's name, and a local delivery's or pickup's date and slot. */
  delivery: orderDeliverySchema.optional(),
  /** The first product's features (the confirmation page lists them). */
  features: z.array(z.string()),
  /** The order's life, oldest first (docs/order-lifecycle.md). */
  timeline: z.array(timelineEntrySchema).optional(),
  refunds: z.array(refundViewSchema).optional(),
  /** Whether the reader may cancel it now (the shop's same-day rule for a shopper; before dispatch for the admin). */
  cancellable: z.boolean().optional(),
  /** Paid and not yet refunded, in paise. */
  refundableLeftPaise: z.number().int().optional(),
  /**
   * What is left to refund of each part (docs/order-lifecycle.md, Refunds): each line (by index, as `products`), the
   * delivery charge and the platform fee, in paise. Only on a paid order.
   */
  refundableParts: z
    .object({
      linesPaise: z.array(z.number().int()),
      deliveryPaise: z.number().int(),
      platformFeePaise: z.number().int(),
    })
    .optional(),
  cancellation: z.object({ by: z.enum(["customer", "admin"]), reason: z.string(), at: z.string() }).optional(),
  /** A festival booking's festival, day and window (docs/festivals.md). */
  festival: z
    .object({
      festivalId: z.string(),
      festivalName: z.string(),
      nameMr: z.string().optional(),
      day: z.string(),
      windowId: z.string(),
      windowLabel: z.string(),
      windowLabelMr: z.string().optional(),
    })
    .optional(),
  /** A paid (or cash-confirmed) booking's pass, to its owner only (docs/counter.md): the code grouped, ABC-DEF. */
  pass: z.object({ code: z.string() }).optional(),
  /** Who the invoice is made out to when not the shopper at the delivery address (docs/business-buyers.md). */
  billTo: billToSchema.optional(),
  /** The invoice's place of supply (docs/business-buyers.md, Place of supply). */
  placeOfSupply: placeOfSupplySchema.optional(),
  /** The admin's view only: the order's value reaches the e-way bill's threshold (docs/business-buyers.md). */
  ewayBill: z.boolean().optional(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** One row of an order list (spec section 3, "Order list row"); `status` is the payment status. */
export const orderRowSchema = z.object({
  orderId: z.string(),
  orderDate: z.string(),
  amountPaid: z.number().int(),
  itemCount: z.number().int(),
  status: paymentStatusSchema,
  orderStatus: orderStatusSchema,
  customerEmail: z.string(),
  customerName: z.string(),
  underpaid: z.boolean().optional(),
  /** How it gets there, in words ("Wai and nearby, Wed, 25 Nov, 5 pm - 8 pm"), and where: the day's delivery run. */
  delivery: z.string().optional(),
  /** The same as facts (kind, zone, day, slot): the kitchen's lists group their rows by day and slot with them. */
  deliveryPlan: orderDeliverySchema.optional(),
  shippingAddress: z.string().optional(),
  mobile: z.string().optional(),
  /** The admin's list only: the order's value reaches the e-way bill's threshold (docs/business-buyers.md). */
  ewayBill: z.boolean().optional(),
  /** The admin's list only: the registered buyer's GSTIN (a B2B invoice). */
  gstin: z.string().optional(),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

/** What get-key answers: which checkout the SPA opens (chosen by the server's configuration). */
export const checkoutSettingsSchema = z.discriminatedUnion("provider", [
  z.object({ provider: z.literal("sandbox"), mode: z.literal("sandbox"), checkoutUrl: z.url() }),
  z.object({ provider: z.literal("cashfree"), mode: z.enum(["sandbox", "production"]) }),
  z.object({ provider: z.literal("razorpay"), mode: z.literal("production"), key: z.string() }),
]);
export type CheckoutSettings = z.infer<typeof checkoutSettingsSchema>;

export const PaymentMessages = {
  CANNOT_PROCESS: "Payment cannot be processed, please try after sometime",
  USER_INFO_NOT_FOUND: "User Info not found",
  DO_NOT_RELOAD: "Please, donnot reload / refresh page till checkout is complete",
  NO_HISTORY: "You do not have order history to display.",
  SOMETHING_WRONG: "Something went wrong",
} as const;

/** `verify` body (first flow, the card provider): what Razorpay's checkout handed the browser, plus spec extras. */
export const razorpayVerifySchema = z.object({
  razorpay_payment_id: z.string().regex(/^pay_[A-Za-z0-9]{6,40}$/),
  razorpay_order_id: z.string().max(60).optional(),
  razorpay_signature: z.string().regex(/^[0-9a-f]{64}$/i),
  /** Our order id (the Razorpay order's receipt). */
  receipt: clientOrderIdSchema,
  amount: z.unknown().optional(),
  email: z.string().max(100).optional(),
});
