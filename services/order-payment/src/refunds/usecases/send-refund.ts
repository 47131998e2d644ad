import { refundOutcomes } from "../../metrics.js";
import { recordRefundUpdate } from "./record-refund-update.js";
import type { RefundContext } from "./refund-context.js";

/**
 * Sends a refund already written on the order to the provider (docs/order-lifecycle.md, Refunds). The refund id is
 * the provider's refund id (or idempotency key), so a call that timed out and is sent again, by the next
 * reconciliation pass or another instance, answers the refund already made. A call that fails leaves the refund
 * PENDING and not accepted: reconciliation sends it again.
 */
export async function sendRefund(
  ctx: RefundContext,
  orderId: string,
  refundId: string,
  correlationId: string,
): Promise<"accepted" | "not-sent" | "nothing-to-send"> {
  const order = await ctx.orders.byId(orderId);
  const refund = order?.refunds?.find((candidate) => candidate.refundId === refundId);
  if (!order?.payment || !refund || refund.status !== "PENDING" || refund.acceptedAt) return "nothing-to-send";
  try {
    const answer = await ctx.gateway.refund({
      orderId,
      paymentId: order.payment.paymentId,
      refundId,
      amountPaise: refund.amountPaise,
      note: refund.scope.kind === "cancellation" ? `Order ${orderId} cancelled` : `Refund for order ${orderId}`,
    });
    await recordRefundUpdate(ctx, orderId, answer, correlationId);
    return "accepted";
  } catch (error) {
    refundOutcomes.inc({ provider: ctx.gateway.provider, outcome: "call-failed" });
    ctx.logger.warn({ orderId, refundId, err: (error as Error).message }, "refund call failed; reconciliation retries");
    return "not-sent";
  }
}
