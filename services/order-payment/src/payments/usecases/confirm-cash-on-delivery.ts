import { indiaDayKey } from "@storefront/contracts";
import { confirmCouponUse } from "../../coupons/usecases/coupon-use.js";
import type { Order } from "../../orders/domain/order.js";
import { applied } from "../../orders/domain/order-change.js";
import { cashOnDeliveryConfirmed } from "../../orders/domain/order-lifecycle.js";
import { giveBackShopperTallies } from "../../orders/usecases/give-back-shopper-tallies.js";
import type { SettleContext } from "./settle-payment.js";
import { passOfPaidBooking, sellPaidUnits } from "./settle-payment.js";

export type ConfirmOutcome = "confirmed" | "already-confirmed" | "not-open" | "not-found";

/**
 * A cash-on-delivery order confirmed by its shopper's email OTP (docs/delivery.md, Cash on delivery): PENDING -> COD
 * with `order.cash-on-delivery.confirmed`, in one guarded update, so five taps or a retried call confirm once; then
 * the kitchen's units are sold as for a paid order, and the order joins the fulfilment board as Waiting. Only the
 * email the order was placed with can confirm it; for anyone else the order does not exist.
 */
export async function confirmCashOnDelivery(
  ctx: SettleContext,
  orderId: string,
  provenEmail: string,
  correlationId: string,
): Promise<ConfirmOutcome> {
  const order = await ctx.orders.byId(orderId);
  if (order?.paymentMethod !== "cash-on-delivery" || order.customer.email !== provenEmail.toLowerCase()) {
    return "not-found";
  }
  const confirmedAt = ctx.now();
  const decided = await decideWithPass(ctx, order, confirmedAt, correlationId);
  if (decided.outcome !== "confirm") return decided.outcome;
  if (!(await ctx.orders.apply(orderId, decided.change))) {
    const now = await ctx.orders.byId(orderId);
    return now?.cashOnDelivery ? "already-confirmed" : "not-open";
  }
  // The week's confirmation rate (docs/back-office.md, The week's cash orders): by the day the order was placed. A
  // festival booking's cash is paid at the counter, not at a door: not one of them.
  if (!order.festival) await ctx.sales.countCashOrder("confirmed", orderId, indiaDayKey(order.createdAt));
  await ctx.board.place(orderId, "Waiting", 0, confirmedAt);
  // Its units are sold now: its share of the day's batch goes back; its place among open orders stays until delivered.
  await giveBackShopperTallies(ctx.tallies, orderId, applied(order, decided.change));
  // Made and sent like a paid order: its coupon's use is taken for good (given back if refused at the door).
  await confirmCouponUse(ctx.couponUses, order);
  // Units given back meanwhile are taken again; a day full by now cancels the order (nothing to refund).
  await sellPaidUnits(ctx, orderId, correlationId);
  return "confirmed";
}

/**
 * A cash booking's confirmation with its pass code on its event (docs/festivals.md, The pass in the mails): the pass
 * (cash due at the counter, docs/counter.md) is issued before the confirmation is written, so the mail shows it. Of
 * five taps each may issue it: `issuePass` is idempotent per order, all get the one code, one write wins. A failure
 * of the pass confirms without the code (passOfPaidBooking).
 */
async function decideWithPass(
  ctx: SettleContext,
  order: Order,
  confirmedAt: Date,
  correlationId: string,
): Promise<ReturnType<typeof cashOnDeliveryConfirmed>> {
  const decided = cashOnDeliveryConfirmed(order, confirmedAt, correlationId);
  if (decided.outcome !== "confirm" || !order.festival) return decided;
  const pass = await passOfPaidBooking(ctx, applied(order, decided.change));
  return pass ? cashOnDeliveryConfirmed(order, confirmedAt, correlationId, pass._id) : decided;
}
