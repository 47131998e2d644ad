import type { Paise } from "@storefront/contracts";
import type { CashfreeGateway, CashfreePayment } from "../payments/cashfree.js";
import type { OrderRepository, SettledPayment } from "../persistence/orders.js";

/** A Cashfree payment (from a webhook or the payments list) as what settles an order. */
export function settledPayment(provider: string, payment: CashfreePayment, amountPaise: Paise): SettledPayment {
  return {
    provider,
    paymentId: payment.cf_payment_id,
    ...(payment.bank_reference ? { transactionId: payment.bank_reference } : {}),
    amountPaise,
    paidAt: payment.payment_time ? new Date(payment.payment_time) : new Date(),
  };
}

/**
 * Settles an order from the provider's own word: its webhook (signature checked by the route) or, for the browser's
 * verify and the reconciliation job, its server-to-server payments list. Never the browser's say-so.
 */
export interface SettleContext {
  orders: OrderRepository;
  cashfree: CashfreeGateway;
  provider: string;
}

export async function settleFromProvider(
  ctx: SettleContext,
  orderId: string,
  correlationId: string,
): Promise<"paid" | "already-settled" | "underpaid" | "unknown-order" | "not-paid"> {
  const payments = await ctx.cashfree.getPayments(orderId);
  const success = payments.find((payment) => payment.payment_status === "SUCCESS");
  if (!success) return "not-paid";
  return ctx.orders.markPaid(orderId, settledPayment(ctx.provider, success, success.amountPaise), correlationId);
}
