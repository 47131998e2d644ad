import { isCounterBooking, type Order } from "../../orders/domain/order.js";
import type { FestivalPass } from "../domain/pass.js";
import type { FestivalPasses } from "../persistence/festival-passes.js";
import { issuePass } from "./issue-pass.js";

export interface BookingPassContext {
  passes: FestivalPasses;
  orders: { byId(orderId: string): Promise<Order | null> };
  now(): Date;
}

/**
 * Whether an order is a booking that has its pass due: collected at the counter (a delivered booking needs none), and
 * paid, or confirmed for cash at the counter.
 */
export const passDue = (order: Order) =>
  isCounterBooking(order) && (order.paymentStatus === "SUCCESS" || order.paymentStatus === "COD");

/**
 * A booking's pass once it is paid or confirmed for cash (docs/counter.md, Passes): `issuePass` with the festival the
 * order recorded, for the paid transition's one winner (settle-payment.ts) and the cash confirmation's
 * (confirm-cash-on-delivery.ts), and again by the order page's read, which finishes a pass a crash left unissued.
 * Undefined for any other order. `issuePass` is idempotent per order: however often this runs, one pass.
 */
export async function issueBookingPass(ctx: BookingPassContext, order: Order): Promise<FestivalPass | undefined> {
  if (!order.festival || !passDue(order)) return undefined;
  const { festivalId, festivalName, day, windowId, windowLabel, cashAtCounter } = order.festival;
  return issuePass(ctx, order._id, { festivalId, festivalName, day, windowId, windowLabel, cashAtCounter });
}
