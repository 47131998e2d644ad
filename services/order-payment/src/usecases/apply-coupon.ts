import type { AppliedCoupon } from "@storefront/contracts";
import type { DiscountableLine } from "../domain/coupon-discount.js";
import { CouponRefusedError, couponRefusal, pricingOf } from "../domain/coupon-terms.js";
import { type ChosenLine, priceOrder } from "../domain/price-order.js";
import type { CataloguePrices } from "../persistence/catalogue-prices.js";
import type { CouponUsesRepository } from "../persistence/coupon-uses.js";
import type { CouponDocument, CouponsRepository } from "../persistence/coupons.js";

export interface ApplyCouponContext {
  coupons: CouponsRepository;
  couponUses: CouponUsesRepository;
  prices: CataloguePrices;
  now: () => Date;
}

/**
 * The coupon a cart asks for, checked against the terms the owner set (docs/coupons.md, Applying a coupon): the
 * stored coupon, or a {@link CouponRefusedError} saying why not. Its uses are left to the hold at checkout.
 */
export async function couponForCart(
  ctx: Pick<ApplyCouponContext, "coupons">,
  code: string,
  lines: readonly DiscountableLine[],
  now: Date,
): Promise<CouponDocument> {
  const coupon = await ctx.coupons.byCode(code);
  if (!coupon) throw new CouponRefusedError("unknown");
  const refusal = couponRefusal(coupon.fields, lines, now);
  if (refusal) throw new CouponRefusedError(refusal, coupon.fields);
  return coupon;
}

/**
 * What "Apply coupon" on the Bill Summary asks: the cart priced from the catalogue, the coupon's terms, and its uses
 * as they stand for this email (used up, already used by you), then the discount and each line's share. The
 * checkout asks all of it again and holds the use (usecases/place-order.ts): this answer promises nothing.
 */
export async function applyCoupon(
  ctx: ApplyCouponContext,
  code: string,
  lines: readonly ChosenLine[],
  email: string,
): Promise<AppliedCoupon> {
  const quote = await ctx.prices({ lines: lines.map(({ productId, weight }) => ({ productId, weight })) });
  const gross = priceOrder(lines, quote).lines;
  const coupon = await couponForCart(ctx, code, gross, ctx.now());
  const [uses, mine] = await Promise.all([ctx.couponUses.usesOf(code), ctx.couponUses.usesBy(code, email)]);
  if ((mine?.taken ?? 0) >= coupon.fields.usesPerCustomer) throw new CouponRefusedError("used-by-you");
  if (uses && uses.free < 1) throw new CouponRefusedError("used-up");
  const priced = priceOrder(lines, quote, undefined, pricingOf(coupon.fields)).lines;
  const lineDiscountsPaise = priced.map((line) => line.discountPaise ?? 0);
  return {
    code: coupon._id,
    name: coupon.fields.name,
    discountPaise: lineDiscountsPaise.reduce((total, share) => total + share, 0),
    lineDiscountsPaise,
  };
}
