import type { RefundScope } from "@storefront/contracts";
import { DECIDE_AGAIN_TIMES } from "../../orders/domain/order-change.js";
import { adminRefund, newRefund, refundableLeft } from "../../orders/domain/order-lifecycle.js";
import { decideRefund, type RefundDecision } from "../domain/refund-parts.js";
import type { RefundContext } from "./refund-context.js";
import { sendRefund } from "./send-refund.js";

export type RefundOrderOutcome =
  | { outcome: "started"; refundId: string; amountPaise: number }
  | { outcome: "not-paid" | "unknown-order" }
  | Exclude<RefundDecision, { outcome: "refund" }>;

/**
 * What happens when the admin refunds part of a paid order (a line, the postal charge, goodwill): never more than is
 * left of that part or of the order (refunds/domain/refund-parts.ts), decided and written in one guarded update: the refunds
 * list and the refunded sum as read, so two admins refunding one line at once write one refund;
 * the other re-reads and is told the line is refunded. Then it is sent to the provider. The order stays where it is in
 * fulfilment.
 */
export async function refundOrder(
  ctx: RefundContext,
  orderId: string,
  request: { scope: Exclude<RefundScope, { kind: "cancellation" }>; goodwillPaise?: number; note?: string | undefined },
  adminEmail: string,
  correlationId: string,
): Promise<RefundOrderOutcome> {
  for (let attempt = 0; attempt < DECIDE_AGAIN_TIMES; attempt++) {
    const order = await ctx.orders.byId(orderId);
    if (!order) return { outcome: "unknown-order" };
    if (order.paymentStatus !== "SUCCESS" || !order.payment) return { outcome: "not-paid" };
    const decided = decideRefund(order, request);
    if (decided.outcome !== "refund") return decided;
    const refund = newRefund(order, decided, request.scope, adminEmail, request.note);
    if (!(await ctx.orders.apply(orderId, adminRefund(order, refund, new Date())))) continue;
    await sendRefund(ctx, orderId, refund.refundId, correlationId);
    return { outcome: "started", refundId: refund.refundId, amountPaise: refund.amountPaise };
  }
  // Others kept writing refunds while this one decided, every time: refused, saying what is left now.
  const order = await ctx.orders.byId(orderId);
  return { outcome: "too-large", leftPaise: order ? refundableLeft(order) : 0 };
}
