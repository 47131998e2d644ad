import {
  type CouponFields,
  CouponMessages,
  type CouponRefusal,
  CouponRefusals,
  formatRupees,
  indiaDayKey,
  indiaDayLabel,
} from "@storefront/contracts";
import { type CouponPricing, type DiscountableLine, eligibleTotalPaise } from "./coupon-discount.js";

/**
 * Whether a coupon applies to a cart (docs/coupons.md, Applying a coupon), as a pure rule: the terms the owner set,
 * checked in the order a shopper would want to hear them. Its uses (used up, already used by this email) are the
 * count's to say (coupons/persistence/coupon-uses.ts).
 */

/** The part of a coupon that prices a cart. */
export const pricingOf = (fields: CouponFields): CouponPricing => ({
  offer: fields.offer,
  productIds: fields.productIds,
});

/** The first of the coupon's terms this cart breaks at `now`, or nothing when it applies. */
export function couponRefusal(
  fields: CouponFields,
  lines: readonly DiscountableLine[],
  now: Date,
): CouponRefusal | undefined {
  // A paused coupon is, to the shopper, a code that does not work.
  if (!fields.active) return "unknown";
  if (now.getTime() < Date.parse(fields.startsAt)) return "not-started";
  if (now.getTime() >= Date.parse(fields.endsAt)) return "expired";
  if (eligibleTotalPaise(pricingOf(fields), lines) === 0) return "not-for-these-products";
  const itemTotal = lines.reduce((total, line) => total + line.lineTotalPaise, 0);
  if (itemTotal < fields.minItemTotalPaise) return "minimum-not-reached";
  return undefined;
}

/** What the shopper reads for a refusal: the date it starts and the minimum are named. */
export function refusalMessage(refusal: CouponRefusal, fields?: CouponFields): string {
  if (refusal === "not-started" && fields) {
    return CouponMessages.NOT_STARTED.replace("{date}", indiaDayLabel(indiaDayKey(new Date(fields.startsAt))));
  }
  if (refusal === "minimum-not-reached" && fields) {
    return CouponMessages.MINIMUM_NOT_REACHED.replace("{amount}", formatRupees(fields.minItemTotalPaise));
  }
  return CouponRefusals[refusal].message;
}

/** A coupon that does not apply, for the error answer: its code names the reason, its message says it. */
export class CouponRefusedError extends Error {
  readonly code: string;
  constructor(
    readonly refusal: CouponRefusal,
    fields?: CouponFields,
  ) {
    super(refusalMessage(refusal, fields));
    this.name = "CouponRefusedError";
    this.code = CouponRefusals[refusal].code;
  }
}
