import { recordPaymentFailure } from "../../payments/usecases/record-payment-failure.js";
import type { SettleContext } from "../../payments/usecases/settle-payment.js";
import { isOpen } from "../domain/open-orders.js";
import type { OrderRepository } from "../persistence/orders.js";
import { cancelOrder } from "./cancel-order.js";

/** The failure an unpaid order cancelled by the owner records (its order page and the on-call console show it). */
export const CANCELLED_BY_SHOP = "cancelled-by-shop";
const NOTE = "Cancelled by the shop with the shopper's other open orders.";

/** An email's open orders, newest first (the owner's list and what {@link cancelOpenOrdersOf} ends). */
export const openOrdersOf = async (orders: OrderRepository, email: string) =>
  (await orders.ofCustomer({ email })).filter(isOpen);

/**
 * The owner cancels every open order of one email at once (docs/order-lifecycle.md, Open orders and holds): an
 * unpaid one fails as "cancelled-by-shop", a cash-on-delivery one not yet dispatched is cancelled (nothing was paid,
 * nothing to refund); each gives back its kitchen units, slot, coupon use and places once, through the transitions
 * that already do (a second run finds nothing open). One already out for delivery is left, and named.
 */
export async function cancelOpenOrdersOf(
  ctx: SettleContext,
  email: string,
  adminEmail: string,
  correlationId: string,
): Promise<{ cancelled: string[]; left: string[] }> {
  const open = await openOrdersOf(ctx.orders, email);
  const cancelled: string[] = [];
  const left: string[] = [];
  for (const order of open) {
    if (order.paymentStatus === "PENDING") {
      const failed = await recordPaymentFailure(ctx, order._id, { reason: CANCELLED_BY_SHOP }, correlationId);
      (failed === "recorded" ? cancelled : left).push(order._id);
      continue;
    }
    const outcome = await cancelOrder(ctx, order._id, { by: "admin", email: adminEmail }, "other", NOTE, correlationId);
    (outcome === "cancelled" ? cancelled : left).push(order._id);
  }
  return { cancelled, left };
}
