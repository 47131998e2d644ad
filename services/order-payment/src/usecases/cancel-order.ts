import type { CancelReason } from "@storefront/contracts";
import type { Order } from "../domain/order.js";
import {
  type CancellationPolicy,
  type Canceller,
  cancellation,
  historyUnchanged,
  mayCancel,
} from "../domain/order-lifecycle.js";
import { CANCELLED_STEP } from "../persistence/fulfilment-board.js";
import { releaseCouponUse } from "./coupon-use.js";
import { giveBackShopperTallies } from "./give-back-shopper-tallies.js";
import type { RefundContext } from "./refund-context.js";
import { releaseKitchenUnits } from "./release-kitchen-units.js";
import { sendRefund } from "./send-refund.js";

export interface CancelContext extends RefundContext {
  cancellation: CancellationPolicy;
}

export type CancelOutcome = "cancelled" | "already-cancelled" | "not-allowed" | "unknown-order";

/** Concurrent writers of one order (an admin's status change, a webhook) make a cancel decide again. */
const ATTEMPTS = 3;

/**
 * Nothing else may have been refunded or cancelled since the order was read: the refund's place in the list is still
 * free and the refunded amount unchanged.
 */
export const refundsUnchanged = (order: Order) => ({
  [`refunds.${order.refunds?.length ?? 0}`]: { $exists: false },
  refundedPaise: order.refundedPaise === undefined ? { $exists: false } : order.refundedPaise,
});

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
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const order = await ctx.orders.byId(orderId);
    if (!order) return "unknown-order";
    if (order.cancellation) return "already-cancelled";
    const now = ctx.now();
    if (!mayCancel(order, who.by, now, ctx.cancellation)) return "not-allowed";
    const { record, refund, event } = cancellation(order, who, reason, note, now, correlationId);
    const saved = await ctx.orders.save(
      orderId,
      {
        orderStatus: order.orderStatus,
        // As read: paid, or cash on delivery (nothing to refund); cash recorded meanwhile makes it decide again.
        paymentStatus: order.paymentStatus,
        cancellation: { $exists: false },
        ...refundsUnchanged(order),
        // Dispatched and moved back meanwhile: not cancellable any more (docs/order-lifecycle.md, Cancellation).
        ...historyUnchanged(order),
      },
      {
        $set: { orderStatus: "Canceled", cancellation: record, updatedAt: now },
        ...(refund ? { $push: { refunds: refund }, $inc: { refundedPaise: refund.amountPaise } } : {}),
      },
      event,
    );
    if (!saved) continue;
    await releaseKitchenUnits(ctx.kitchen, orderId, "held-and-sold");
    await releaseCouponUse(ctx.couponUses, order);
    await giveBackShopperTallies(ctx.tallies, orderId, { ...order, orderStatus: "Canceled", cancellation: record });
    await ctx.board.place(orderId, "Canceled", CANCELLED_STEP, now);
    if (refund) await sendRefund(ctx, orderId, refund.refundId, correlationId);
    return "cancelled";
  }
  return (await ctx.orders.byId(orderId))?.cancellation ? "already-cancelled" : "not-allowed";
}
