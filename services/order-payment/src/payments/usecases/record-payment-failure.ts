import type { CouponUsesRepository } from "../../coupons/persistence/coupon-uses.js";
import { releaseCouponUse } from "../../coupons/usecases/coupon-use.js";
import type { KitchenRepository } from "../../kitchen/persistence/kitchen.js";
import { releaseKitchenUnits } from "../../kitchen/usecases/release-kitchen-units.js";
import { paymentOutcomes } from "../../metrics.js";
import { applied } from "../../orders/domain/order-change.js";
import { paymentFailure } from "../../orders/domain/order-lifecycle.js";
import type { OrderRepository } from "../../orders/persistence/orders.js";
import type { ShopperTallies } from "../../orders/persistence/shopper-tallies.js";
import { giveBackShopperTallies } from "../../orders/usecases/give-back-shopper-tallies.js";

export type FailureOutcome = "recorded" | "duplicate" | "already-settled" | "unknown-order";

/**
 * What happens when a provider says a payment attempt failed (or the shopper dropped it): recorded once per attempt,
 * the order marked FAILED with its `order.payment-failed`. An order already paid is left alone; a later successful
 * attempt still settles it (payments/usecases/settle-payment.ts). The units it held in the kitchen go back to the day,
 * and its coupon's use to the coupon.
 */
export async function recordPaymentFailure(
  {
    orders,
    kitchen,
    couponUses,
    tallies,
  }: { orders: OrderRepository; kitchen: KitchenRepository; couponUses: CouponUsesRepository; tallies: ShopperTallies },
  orderId: string,
  failure: { reason: string; paymentId?: string | undefined },
  correlationId: string,
): Promise<FailureOutcome> {
  const order = await orders.byId(orderId);
  if (!order) return "unknown-order";
  const at = new Date();
  const decided = paymentFailure(order, failure, at, correlationId);
  if (decided.outcome !== "fail") return decided.outcome;
  if (!(await orders.recordAttemptOnce({ _id: decided.attemptId, orderId, reason: failure.reason, at }))) {
    return "duplicate";
  }
  if (!(await orders.apply(orderId, decided.change))) return "already-settled";
  await releaseKitchenUnits(kitchen, orderId, "held");
  await releaseCouponUse(couponUses, order);
  await giveBackShopperTallies(tallies, orderId, applied(order, decided.change));
  paymentOutcomes.inc({
    provider: order.providerOrder?.provider ?? "none",
    outcome: failure.reason === "expired" ? "expired" : "failed",
  });
  return "recorded";
}
