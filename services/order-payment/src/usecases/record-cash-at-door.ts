import { indiaDayKey } from "@storefront/contracts";
import { cancellation, cashPayment } from "../domain/order-lifecycle.js";
import type { CashRefusals } from "../persistence/cash-refusals.js";
import { CANCELLED_STEP } from "../persistence/fulfilment-board.js";
import { releaseKitchenUnits } from "./release-kitchen-units.js";
import { type SettleContext, settlement } from "./settle-payment.js";

/** What the cancellation of an order refused at the door says (the mail and the order page show it). */
const REFUSED_NOTE = "Refused at the door (cash on delivery).";

export type DoorOutcome = "recorded" | "already-recorded" | "not-due" | "unknown-order";

/**
 * The owner has the cash of a cash-on-delivery order (docs/delivery.md, Cash on delivery): COD -> SUCCESS with its
 * `order.paid` (provider "cash"), in one guarded update, so a double tap or two admins record it once; billing then
 * issues the GST invoice and the shopper gets it by mail, as for an order paid online. The fulfilment step stays
 * where the owner put it (Delivered, usually).
 */
export async function recordCashReceived(
  ctx: SettleContext,
  orderId: string,
  recordedBy: string,
  correlationId: string,
): Promise<DoorOutcome> {
  const order = await ctx.orders.byId(orderId);
  if (!order) return "unknown-order";
  if (order.paymentMethod !== "cash-on-delivery") return "not-due";
  if (order.cashOnDelivery?.outcome) return "already-recorded";
  if (order.paymentStatus !== "COD" || order.cancellation) return "not-due";
  const at = ctx.now();
  const payment = cashPayment(order, at);
  const { paid, link } = settlement(ctx.sealKey, order, payment, correlationId);
  const saved = await ctx.orders.save(
    orderId,
    { paymentStatus: "COD", "cashOnDelivery.outcome": { $exists: false }, cancellation: { $exists: false } },
    {
      $set: {
        paymentStatus: "SUCCESS",
        payment,
        paidDay: indiaDayKey(at),
        link,
        "cashOnDelivery.outcome": "cash-received",
        "cashOnDelivery.recordedBy": recordedBy,
        "cashOnDelivery.at": at,
        updatedAt: at,
      },
    },
    paid,
  );
  if (!saved) return (await ctx.orders.byId(orderId))?.cashOnDelivery?.outcome ? "already-recorded" : "not-due";
  await ctx.sales.countSale({ ...order, payment }, indiaDayKey(at));
  return "recorded";
}

/**
 * The shopper refused a cash-on-delivery order at the door: COD -> FAILED and Canceled with `order.cancelled`
 * (reason "other", noted), once; its kitchen units go back to the day (made units are the shop's loss, not
 * counted sold), and the email pays online from now on ({@link CashRefusals}).
 */
export async function recordCashRefused(
  ctx: SettleContext & { cashRefusals: CashRefusals },
  orderId: string,
  recordedBy: string,
  correlationId: string,
): Promise<DoorOutcome> {
  const order = await ctx.orders.byId(orderId);
  if (!order) return "unknown-order";
  if (order.paymentMethod !== "cash-on-delivery") return "not-due";
  if (order.cashOnDelivery?.outcome) return "already-recorded";
  if (order.paymentStatus !== "COD" || order.cancellation) return "not-due";
  const at = ctx.now();
  const { record, event } = cancellation(
    order,
    { by: "admin", email: recordedBy },
    "other",
    REFUSED_NOTE,
    at,
    correlationId,
  );
  const saved = await ctx.orders.save(
    orderId,
    { paymentStatus: "COD", "cashOnDelivery.outcome": { $exists: false }, cancellation: { $exists: false } },
    {
      $set: {
        paymentStatus: "FAILED",
        orderStatus: "Canceled",
        cancellation: record,
        "cashOnDelivery.outcome": "refused",
        "cashOnDelivery.recordedBy": recordedBy,
        "cashOnDelivery.at": at,
        updatedAt: at,
      },
    },
    event,
  );
  if (!saved) return (await ctx.orders.byId(orderId))?.cashOnDelivery?.outcome ? "already-recorded" : "not-due";
  await ctx.cashRefusals.record(order.customer.email, orderId, recordedBy, at);
  await releaseKitchenUnits(ctx.kitchen, orderId, "held-and-sold");
  await ctx.board.place(orderId, "Canceled", CANCELLED_STEP, at);
  return "recorded";
}
