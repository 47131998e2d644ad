import type { RefundScope } from "@storefront/contracts";
import { newRefund, refundAmount, refundableLeft } from "../domain/order-lifecycle.js";
import { refundsUnchanged } from "./cancel-order.js";
import type { RefundContext } from "./refund-context.js";
import { sendRefund } from "./send-refund.js";

export type RefundOrderOutcome =
  | { outcome: "started"; refundId: string; amountPaise: number }
  | { outcome: "not-paid" | "too-large" | "nothing-to-refund" | "unknown-order" };

const ATTEMPTS = 3;

/**
 * What happens when the admin refunds part of a paid order (a line, the postal charge, goodwill): never more than is
 * left to refund, decided and written in one guarded update (two admins at once cannot together exceed it), then
 * sent to the provider. The order stays where it is in fulfilment.
 */
export async function refundOrder(
  ctx: RefundContext,
  orderId: string,
  request: { scope: Exclude<RefundScope, { kind: "cancellation" }>; goodwillPaise?: number; note?: string | undefined },
  adminEmail: string,
  correlationId: string,
): Promise<RefundOrderOutcome> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const order = await ctx.orders.byId(orderId);
    if (!order) return { outcome: "unknown-order" };
    if (order.paymentStatus !== "SUCCESS" || !order.payment) return { outcome: "not-paid" };
    const amount = refundAmount(order, request.scope, request.goodwillPaise);
    if (!amount) return { outcome: "nothing-to-refund" };
    if (amount > refundableLeft(order)) return { outcome: "too-large" };
    const refund = newRefund(order, amount, request.scope, adminEmail, request.note);
    const saved = await ctx.orders.save(
      orderId,
      { paymentStatus: "SUCCESS", ...refundsUnchanged(order) },
      { $push: { refunds: refund }, $inc: { refundedPaise: amount }, $set: { updatedAt: new Date() } },
    );
    if (!saved) continue;
    await sendRefund(ctx, orderId, refund.refundId, correlationId);
    return { outcome: "started", refundId: refund.refundId, amountPaise: amount };
  }
  return { outcome: "too-large" };
}
