import type { CouponUsesRepository } from "../../coupons/persistence/coupon-uses.js";
import type { KitchenRepository } from "../../kitchen/persistence/kitchen.js";
import type { OrderRepository } from "../../orders/persistence/orders.js";
import type { ShopperTallies } from "../../orders/persistence/shopper-tallies.js";
import { type FailureOutcome, recordPaymentFailure } from "./record-payment-failure.js";

/** The reason an unpaid order's failure records when it expires. */
export const EXPIRED = "expired";

/**
 * What happens to an order left unpaid past ORDER_EXPIRES_AFTER_MS (reconciliation, after asking the provider one
 * last time): it fails as "expired", once, with its `order.payment-failed`, and no longer counts as open.
 */
export const expireOrder = (
  stores: {
    orders: OrderRepository;
    kitchen: KitchenRepository;
    couponUses: CouponUsesRepository;
    tallies: ShopperTallies;
  },
  orderId: string,
  correlationId: string,
): Promise<FailureOutcome> => recordPaymentFailure(stores, orderId, { reason: EXPIRED }, correlationId);
