import { refundOutcomes } from "../../metrics.js";
import { DECIDE_AGAIN_TIMES } from "../../orders/domain/order-change.js";
import { refundWord } from "../../orders/domain/order-lifecycle.js";
import type { ProviderRefund } from "../../payments/providers/port.js";
import type { RefundContext } from "./refund-context.js";

export type RefundUpdateOutcome = "recorded" | "unchanged" | "unknown-refund" | "amount-mismatch";

/**
 * What happens when the provider says something of a refund: its answer to our call, its webhook
 * (REFUND_STATUS_WEBHOOK, refund.processed), or reconciliation's question. The first word marks it accepted
 * (`order.refund.initiated`, once); a final word moves it forward only, PENDING -> SUCCESS (`order.refund.processed`)
 * or FAILED (`order.refund.failed`, its amount refundable again), once however often and in whatever order the words
 * arrive: each write is guarded by the state it was decided from.
 */
export async function recordRefundUpdate(
  ctx: RefundContext,
  orderId: string,
  update: ProviderRefund,
  correlationId: string,
): Promise<RefundUpdateOutcome> {
  // Concurrent words about one refund (the API's answer and its webhook) each re-read and decide again.
  for (let attempt = 0; attempt < DECIDE_AGAIN_TIMES; attempt++) {
    const order = await ctx.orders.byId(orderId);
    const index = order?.refunds?.findIndex((refund) => refund.refundId === update.refundId) ?? -1;
    if (!order || index < 0) return "unknown-refund";
    // A word about another amount than we asked for moves nothing: the refund stays pending, and its alert
    // (RefundStuckPending) brings a person to compare the provider's dashboard with the order.
    const asked = order.refunds![index]!.amountPaise;
    if (update.amountPaise !== asked) {
      refundOutcomes.inc({ provider: ctx.gateway.provider, outcome: "amount-mismatch" });
      ctx.logger.warn(
        { orderId, refundId: update.refundId, askedPaise: asked, providerPaise: update.amountPaise },
        "the provider's refund amount is not the one asked for; left pending for a person",
      );
      return "amount-mismatch";
    }
    const decided = refundWord(order, index, update, correlationId, new Date());
    if (!decided) return "unchanged";
    if (await ctx.orders.apply(orderId, decided.change)) {
      for (const outcome of decided.outcomes) refundOutcomes.inc({ provider: ctx.gateway.provider, outcome });
      // Finished at the provider: off the pending list (a crash before this leaves an entry reconciliation removes).
      if (decided.final) await ctx.orders.refundEnded(update.refundId);
      // Money back to the shopper: the day the order was paid shows its revenue net of it.
      const refund = order.refunds![index]!;
      if (decided.outcomes.includes("processed") && order.paidDay) await ctx.sales.countRefund(refund, order.paidDay);
      return "recorded";
    }
  }
  return "unchanged";
}
