import { z } from "zod";
import { paiseSchema } from "../money-schema.js";
import { productIdSchema } from "./catalogue.js";

/**
 * The owner's coupons (docs/coupons.md): festival offers such as DIWALI100. Codes are case-insensitive: they are kept
 * and compared in capitals.
 */

export const CouponMessages = {
  CODE: "A coupon code is 4 to 20 letters and digits.",
  ENDS_AFTER_START: "A coupon must end after it starts.",
  EXISTS: "A coupon with this code exists already.",
  CHANGED: "The coupon was changed meanwhile. Please, reload it and make your change again.",
  BELOW_TAKEN: "Total uses cannot be fewer than the uses already taken.",
  SAVED: "Coupon saved.",
  /** Why a code does not apply to a cart (the shopper reads these under the Apply coupon field). */
  UNKNOWN: "This coupon code is not valid.",
  EXPIRED: "This coupon has expired.",
  NOT_STARTED: "This coupon can be used from {date}.",
  MINIMUM_NOT_REACHED: "This coupon needs items worth {amount} or more.",
  USED_UP: "This coupon has been used up.",
  USED_BY_YOU: "You have already used this coupon.",
  NOT_FOR_THESE_PRODUCTS: "This coupon is not for the products in your cart.",
  /** A coupon may not take the items' whole price off: a free order cannot be paid online (docs/coupons.md). */
  MAKES_ORDER_FREE: "This coupon would make your items free. Please, add an item it does not cover.",
  /** Too many wrong codes from one place, tried with Apply coupon or at checkout (docs/coupons.md, Guessing). */
  TOO_MANY_GUESSES: "Too many coupon codes tried. Please wait a little and try again.",
} as const;

/**
 * Why a coupon does not apply, as the error's `code` (the SPA may show its own words for it) beside the English
 * message above.
 */
export const CouponRefusals = {
  unknown: { code: "COUPON_UNKNOWN", message: CouponMessages.UNKNOWN },
  expired: { code: "COUPON_EXPIRED", message: CouponMessages.EXPIRED },
  "not-started": { code: "COUPON_NOT_STARTED", message: CouponMessages.NOT_STARTED },
  "minimum-not-reached": { code: "COUPON_MINIMUM_NOT_REACHED", message: CouponMessages.MINIMUM_NOT_REACHED },
  "used-up": { code: "COUPON_USED_UP", message: CouponMessages.USED_UP },
  "used-by-you": { code: "COUPON_USED_BY_YOU", message: CouponMessages.USED_BY_YOU },
  "not-for-these-products": { code: "COUPON_NOT_FOR_THESE_PRODUCTS", message: CouponMessages.NOT_FOR_THESE_PRODUCTS },
  "makes-order-free": { code: "COUPON_MAKES_ORDER_FREE", message: CouponMessages.MAKES_ORDER_FREE },
} as const;
export type CouponRefusal = keyof typeof CouponRefusals;

export const couponCodeSchema = z
  .string({ error: CouponMessages.CODE })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,20}$/, CouponMessages.CODE);

/** A percentage of the lines it applies to (with an optional cap), or a fixed amount off. */
export const couponOfferSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("percent"),
    percent: z.number().int().min(1).max(100),
    maxDiscountPaise: paiseSchema.optional(),
  }),
  z.object({ kind: z.literal("fixed"), amountPaise: paiseSchema.min(100) }),
]);

/** What the owner sets on a coupon; its start and end are instants (the form sends India time with its offset). */
export const couponFieldsSchema = z
  .object({
    name: z.string().trim().min(2).max(60),
    offer: couponOfferSchema,
    minItemTotalPaise: paiseSchema.default(0),
    /** The products it applies to; empty: every product. */
    productIds: z.array(productIdSchema).max(50).default([]),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    totalUses: z.number().int().min(1).max(100_000),
    usesPerCustomer: z.number().int().min(1).max(100),
    active: z.boolean(),
  })
  .refine((coupon) => Date.parse(coupon.endsAt) > Date.parse(coupon.startsAt), {
    message: CouponMessages.ENDS_AFTER_START,
    path: ["endsAt"],
  });
export type CouponFields = z.infer<typeof couponFieldsSchema>;

/** `POST /api/payment/admin/coupons`. */
export const newCouponSchema = z.object({ code: couponCodeSchema }).and(couponFieldsSchema);

/** `PUT /api/payment/admin/coupons/{code}`: the fields, with the version the form was read at. */
export const couponChangeSchema = z.object({ version: z.number().int().min(0) }).and(couponFieldsSchema);

/** A coupon's sales so far, from its paid orders (the admin's list): the discount given and what was paid. */
export const couponSalesSchema = z.object({
  orders: z.number().int(),
  discountPaise: z.number().int(),
  revenuePaise: z.number().int(),
});

/** A coupon as the admin's list shows it: its fields, its version, and its uses so far. */
export const adminCouponSchema = z.object({
  code: z.string(),
  version: z.number().int(),
  fields: couponFieldsSchema,
  uses: z.object({ total: z.number().int(), free: z.number().int(), held: z.number().int(), used: z.number().int() }),
  sales: couponSalesSchema,
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;
