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

/** What settling an order answered: paid now, already, under way, underpaid, parked, or not this shop's order. */
export type SettleOutcome = Awaited<ReturnType<OrderRepository["markPaid"]>>;

/**
 * Settles an order from a payment the provider reported (the one path for a webhook, the browser's verify and
 * reconciliation): once, however often and from however many instances it is asked (docs/architecture.md, Money and
 * orders). Never from the browser's say-so.
 */
export function settlePayment(
  ctx: SettleContext,
  orderId: string,
  payment: ProviderPayment,
  correlationId: string,
): Promise<SettleOutcome> {
  return ctx.orders.markPaid(orderId, settlementOf(ctx.gateway.provider, payment), correlationId);
}

/**
 * Settles an order from the provider's own word, asked server to server (its payments list): for the browser's
 * verify and the reconciliation job.
 */
export async function settleFromProvider(
  ctx: SettleContext,
  orderId: string,
  correlationId: string,
): Promise<SettleOutcome | "not-paid"> {
  const order = await ctx.orders.byId(orderId);
  if (!order) return "unknown-order";
  const payments = await ctx.gateway.payments({ orderId, providerOrderId: order.providerOrder?.providerOrderId });
  const success = payments.find((payment) => payment.status === "SUCCESS");
  if (!success) return "not-paid";
  return settlePayment(ctx, orderId, success, correlationId);
}
