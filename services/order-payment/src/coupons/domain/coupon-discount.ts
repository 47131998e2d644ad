import { shareInProportion } from "@storefront/contracts";

/**
 * A coupon's discount on an order's lines (docs/coupons.md), as pure rules: how much comes off, and how it is shared
 * across the lines it applies to. Prices include GST and a cart mixes 5 % and 18 % goods, so the discount is shared
 * in proportion to each eligible line's value, to the paisa (largest remainder), and each line's taxable value is
 * later worked back from its discounted price (CGST Act section 15(3)(a): a discount shown on the invoice is not part
 * of the value of supply). The delivery charge is never discounted.
 */

/** What a coupon takes off: a percentage of the eligible lines (with an optional cap), or a fixed amount. */
export type CouponOffer =
  | { kind: "percent"; percent: number; maxDiscountPaise?: number | undefined }
  | { kind: "fixed"; amountPaise: number };

/** The part of a coupon that prices: its offer and the products it applies to (absent: every product). */
export interface CouponPricing {
  offer: CouponOffer;
  productIds?: readonly string[] | undefined;
}

/** A priced order line as the discount sees it: the product and the line's GST-inclusive total. */
export interface DiscountableLine {
  productId: string;
  lineTotalPaise: number;
}

/** Whether the coupon applies to this line's product. */
export const appliesTo = (pricing: CouponPricing, line: DiscountableLine) =>
  !pricing.productIds?.length || pricing.productIds.includes(line.productId);

/** The value of the lines the coupon applies to. */
export const eligibleTotalPaise = (pricing: CouponPricing, lines: readonly DiscountableLine[]) =>
  lines.reduce((total, line) => total + (appliesTo(pricing, line) ? line.lineTotalPaise : 0), 0);

/**
 * The whole discount: a percentage of the eligible lines rounded down to the paisa (never past its cap), or the
 * fixed amount; never more than the eligible lines are worth.
 */
export function discountPaise(pricing: CouponPricing, lines: readonly DiscountableLine[]): number {
  const eligible = eligibleTotalPaise(pricing, lines);
  const { offer } = pricing;
  const wanted =
    offer.kind === "percent"
      ? Math.min(Math.floor((eligible * offer.percent) / 100), offer.maxDiscountPaise ?? Number.POSITIVE_INFINITY)
      : offer.amountPaise;
  return Math.max(0, Math.min(wanted, eligible));
}

/** Each line's share of the coupon's discount (0 for a line it does not apply to), in the lines' order. */
export function lineDiscounts(pricing: CouponPricing, lines: readonly DiscountableLine[]): number[] {
  const values = lines.map((line) => (appliesTo(pricing, line) ? line.lineTotalPaise : 0));
  return shareInProportion(discountPaise(pricing, lines), values);
}
