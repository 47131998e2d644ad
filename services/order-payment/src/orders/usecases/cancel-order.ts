import type { CancelReason } from "@storefront/contracts";
import { releaseCouponUse } from "../../coupons/usecases/coupon-use.js";
import { CANCELLED_STEP } from "../../kitchen/persistence/fulfilment-board.js";
import { releaseKitchenUnits } from "../../kitchen/usecases/release-kitchen-units.js";
import type { RefundContext } from "../../refunds/usecases/refund-context.js";
import { sendRefund } from "../../refunds/usecases/send-refund.js";
import { applied, DECIDE_AGAIN_TIMES } from "../domain/order-change.js";
import { type CancellationPolicy, type Canceller, cancellation, mayCancel } from "../domain/order-lifecycle.js";
import { giveBackShopperTallies } from "./give-back-shopper-tallies.js";

export interface CancelContext extends RefundContext {
  cancellation: CancellationPolicy;
}

export type CancelOutcome = "cancelled" | "already-cancelled" | "not-allowed" | "unknown-order";

/**
 * What happens when a shopper (same day, before the cut-off) or the admin (before dispatch) cancels a paid order
 * (docs/order-lifecycle.md, Cancellation): Canceled with `order.cancelled` and the refund of what is left, written
 * in one guarded update (so 20 taps or two admins cancel once); its kitchen units go back to the day, then the
 * refund is sent to the provider.
 */
export async function cancelOrder(
  ctx: CancelContext,
  orderId: string,
  who: Canceller,
  reason: CancelReason,
  note: string | undefined,
  correlationId: string,
): Promise<CancelOutcome> {
  for (let attempt = 0; attempt < DECIDE_AGAIN_TIMES; attempt++) {
    const order = await ctx.orders.byId(orderId);
    if (!order) return "unknown-order";
    if (order.cancellation) return "already-cancelled";
    const now = ctx.now();
    if (!mayCancel(order, who.by, now, ctx.cancellation)) return "not-allowed";
    const { refund, change } = cancellation(order, who, reason, note, now, correlationId);
    // Decided from a state another writer changed meanwhile: decide again from the order as it is now.
    if (!(await ctx.orders.apply(orderId, change))) continue;
    await releaseKitchenUnits(ctx.kitchen, orderId, "held-and-sold");
    await releaseCouponUse(ctx.couponUses, order);
    await giveBackShopperTallies(ctx.tallies, orderId, applied(order, change));
    await ctx.board.place(orderId, "Canceled", CANCELLED_STEP, now);
    if (refund) await sendRefund(ctx, orderId, refund.refundId, correlationId);
    return "cancelled";
  }
  return (await ctx.orders.byId(orderId))?.cancellation ? "already-cancelled" : "not-allowed";
}
