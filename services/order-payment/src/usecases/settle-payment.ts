import type { PaymentGateway, ProviderPayment } from "../payments/port.js";
import type { OrderRepository, SettledPayment } from "../persistence/orders.js";

/** A provider's successful payment (webhook or payments list) as what settles an order: never the browser's word. */
export function settlementOf(provider: string, payment: ProviderPayment): SettledPayment {
  return {
    provider,
    paymentId: payment.paymentId,
    ...(payment.transactionId ? { transactionId: payment.transactionId } : {}),
    amountPaise: payment.amountPaise,
    paidAt: payment.paidAt ?? new Date(),
  };
}

export interface SettleContext {
  orders: OrderRepository;
  gateway: PaymentGateway;
}

/**
 * Settles an order from the provider's own word, asked server to server (its payments list): for the browser's
 * verify and the reconciliation job. Never the browser's say-so.
 */
export async function settleFromProvider(
  ctx: SettleContext,
  orderId: string,
  correlationId: string,
): Promise<"paid" | "already-settled" | "settling" | "underpaid" | "parked" | "unknown-order" | "not-paid"> {
  const order = await ctx.orders.byId(orderId);
  if (!order) return "unknown-order";
  const payments = await ctx.gateway.payments({ orderId, providerOrderId: order.providerOrder?.providerOrderId });
  const success = payments.find((payment) => payment.status === "SUCCESS");
  if (!success) return "not-paid";
  return ctx.orders.markPaid(orderId, settlementOf(ctx.gateway.provider, success), correlationId);
}
