import type { Order } from "../../orders/domain/order.js";
import type { CouponUsesRepository } from "../persistence/coupon-uses.js";

/**
 * An order's coupon use moves with the order (docs/coupons.md, Counted exactly): held at checkout, confirmed when it
 * is paid or confirmed for cash, given back when it expires, fails or is cancelled. Each move happens once however
 * often it is asked (coupons/persistence/coupon-uses.ts); an order without a coupon moves nothing.
 */

export async function confirmCouponUse(
  couponUses: CouponUsesRepository,
  order: Pick<Order, "_id" | "customer" | "coupon" | "charges">,
  { retake = true } = {},
): Promise<void> {
  if (!order.coupon) return;
  const figures = { discountPaise: order.coupon.discountPaise, revenuePaise: order.charges.totalPaise };
  await couponUses.confirm(order.coupon.code, order.customer.email, order._id, figures, { retake });
}

export async function releaseCouponUse(
  couponUses: CouponUsesRepository,
  order: Pick<Order, "_id" | "customer" | "coupon">,
): Promise<void> {
  if (order.coupon) await couponUses.release(order.coupon.code, order.customer.email, order._id);
}
