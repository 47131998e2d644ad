import { type AppliedCoupon, CouponMessages } from "@storefront/contracts";
import { type ChosenLine, priceOrder } from "../../orders/domain/price-order.js";
import type { CataloguePrices } from "../../orders/persistence/catalogue-prices.js";
import type { DiscountableLine } from "../domain/coupon-discount.js";
import { CouponRefusedError, couponRefusal, pricingOf } from "../domain/coupon-terms.js";
import type { CouponGuesses } from "../persistence/coupon-guesses.js";
import type { CouponUsesRepository } from "../persistence/coupon-uses.js";
import type { CouponDocument, CouponsRepository } from "../persistence/coupons.js";

export interface ApplyCouponContext {
  coupons: CouponsRepository;
  couponUses: CouponUsesRepository;
  /** Wrong codes per client address, counted here and at checkout alike (docs/coupons.md, Guessing). */
  couponGuesses: CouponGuesses;
  prices: CataloguePrices;
  now: () => Date;
}

/** Too many wrong codes from one client address: 429 with how long to wait. */
export class TooManyCouponGuessesError extends Error {
  override name = "TooManyCouponGuessesError";
  constructor(readonly retryAfterSeconds: number) {
    super(CouponMessages.TOO_MANY_GUESSES);
  }
}

/**
 * A coupon's discount may not take the items' whole price off (docs/coupons.md, Free orders): such an order would
 * have nothing to pay online, so it is refused before anything is stored, here and at checkout.
 */
export function refuseFreeItems(itemTotalPaise: number, discountPaise: number): void {
  if (itemTotalPaise > 0 && discountPaise >= itemTotalPaise) throw new CouponRefusedError("makes-order-free");
}

/**
 * The coupon a cart asks for, checked against the terms the owner set (docs/coupons.md, Applying a coupon): the
 * stored coupon, or a {@link CouponRefusedError} saying why not. Its uses are left to the hold at checkout.
 */
export async function couponForCart(
  ctx: Pick<ApplyCouponContext, "coupons" | "couponGuesses">,
  code: string,
  lines: readonly DiscountableLine[],
  now: Date,
  /** The client address's key (libs/http clientKey): wrong codes count against it. */
  client: string,
): Promise<CouponDocument> {
  const wait = await ctx.couponGuesses.waitFor(client);
  if (wait > 0) throw new TooManyCouponGuessesError(wait);
  const coupon = await ctx.coupons.byCode(code);
  const refusal = coupon ? couponRefusal(coupon.fields, lines, now) : "unknown";
  if (refusal === "unknown") await ctx.couponGuesses.wrong(client);
  if (!coupon || refusal) throw new CouponRefusedError(refusal ?? "unknown", coupon?.fields);
  return coupon;
}

/**
 * What "Apply coupon" on the Bill Summary asks: the cart priced from the catalogue, the coupon's terms, and its uses
 * as they stand for this email (used up, already used by you), then the discount and each line's share. The
 * checkout asks all of it again and holds the use (orders/usecases/place-order.ts): this answer promises nothing.
 */
export async function applyCoupon(
  ctx: ApplyCouponContext,
  code: string,
  lines: readonly ChosenLine[],
  email: string,
  client: string,
): Promise<AppliedCoupon> {
  const quote = await ctx.prices({ lines: lines.map(({ productId, weight }) => ({ productId, weight })) });
  const gross = priceOrder(lines, quote).lines;
  const coupon = await couponForCart(ctx, code, gross, ctx.now(), client);
  const [uses, mine] = await Promise.all([ctx.couponUses.usesOf(code), ctx.couponUses.usesBy(code, email)]);
  if ((mine?.taken ?? 0) >= coupon.fields.usesPerCustomer) throw new CouponRefusedError("used-by-you");
  if (uses && uses.free < 1) throw new CouponRefusedError("used-up");
  const priced = priceOrder(lines, quote, undefined, pricingOf(coupon.fields)).lines;
  const lineDiscountsPaise = priced.map((line) => line.discountPaise ?? 0);
  const discountPaise = lineDiscountsPaise.reduce((total, share) => total + share, 0);
  refuseFreeItems(
    gross.reduce((total, line) => total + line.lineTotalPaise, 0),
    discountPaise,
  );
  return { code: coupon._id, name: coupon.fields.name, discountPaise, lineDiscountsPaise };
}
