import type { CashfreeGateway } from "../payments/cashfree.js";
import type { OrderRepository } from "../persistence/orders.js";

/**
 * Settles an order from the provider's own word: its webhook (signature checked by the route) or, for the browser's
 * verify and the reconciliation job, its server-to-server payments list. Never the browser's say-so.
 */
export async function settleFromProvider(
  ctx: { orders: OrderRepository; cashfree: CashfreeGateway; provider: string },
  orderId: string,
  correlationId: string,
): Promise<"paid" | "already-settled" | "underpaid" | "unknown-order" | "not-paid"> {
  const payments = await ctx.cashfree.getPayments(orderId);
  const success = payments.find((payment) => payment.payment_status === "SUCCESS");
  if (!success) return "not-paid";
  return ctx.orders.markPaid(
    orderId,
    {
      provider: ctx.provider,
      paymentId: success.cf_payment_id,
      ...(success.bank_reference ? { transactionId: success.bank_reference } : {}),
      amountPaise: success.amountPaise,
      paidAt: success.payment_time ? new Date(success.payment_time) : new Date(),
    },
    correlationId,
  );
}
