import { indiaDayKey } from "@storefront/contracts";
import type { Order } from "../domain/order.js";
import { cancellation, cashPayment } from "../domain/order-lifecycle.js";
import { CANCELLED_STEP } from "../persistence/fulfilment-board.js";
import { releaseCouponUse } from "./coupon-use.js";
import { giveBackShopperTallies } from "./give-back-shopper-tallies.js";
import { releaseKitchenUnits } from "./release-kitchen-units.js";
import { type SettleContext, settlement } from "./settle-payment.js";

/** What the cancellation of an order refused at the door says (the mail and the order page show it). */
const REFUSED_NOTE = "Refused at the door (cash on delivery).";

export type DoorOutcome = "recorded" | "already-recorded" | "not-due" | "unknown-order";

/** Only a confirmed cash-on-delivery order with nothing recorded yet, not cancelled, has cash due at the door. */
const CASH_DUE = {
  paymentStatus: "COD" as const,
  "cashOnDelivery.outcome": { $exists: false },
  cancellation: { $exists: false },
};

/** Why there is nothing to record for the order, or undefined when its cash is due. */
function nothingDue(order: Order | null): Exclude<DoorOutcome, "recorded"> | undefined {
  if (!order) return "unknown-order";
  if (order.paymentMethod !== "cash-on-delivery") return "not-due";
  if (order.cashOnDelivery?.outcome) return "already-recorded";
  if (order.paymentStatus !== "COD" || order.cancellation) return "not-due";
  return undefined;
}

/** Another tap won the guarded update: the same answer as if this one had. */
const afterLostRace = async (ctx: SettleContext, orderId: string) =>
  (await ctx.orders.byId(orderId))?.cashOnDelivery?.outcome ? "already-recorded" : "not-due";

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
  const nothing = nothingDue(order);
  if (nothing || !order) return nothing ?? "unknown-order";
  const at = ctx.now();
  const payment = cashPayment(order, at);
  const { paid, link } = settlement(ctx.sealKey, order, payment, correlationId);
  const saved = await ctx.orders.save(
    orderId,
    CASH_DUE,
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
  if (!saved) return afterLostRace(ctx, orderId);
  await giveBackShopperTallies(ctx.tallies, orderId, { ...order, paymentStatus: "SUCCESS" });
  await ctx.sales.countSale({ ...order, payment }, indiaDayKey(at));
  return "recorded";
}

/**
 * The shopper refused a cash-on-delivery order at the door: COD -> FAILED and Canceled with `order.cancelled`
 * (reason "other", noted), once; from that same update the email pays online only (the orders say so:
 * `hasRefusedCashAtDoor`). Its kitchen units go back to the day (made units are the shop's loss, not counted sold).
 */
export async function recordCashRefused(
  ctx: SettleContext,
  orderId: string,
  recordedBy: string,
  correlationId: string,
): Promise<DoorOutcome> {
  const order = await ctx.orders.byId(orderId);
  const nothing = nothingDue(order);
  if (nothing || !order) return nothing ?? "unknown-order";
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
    CASH_DUE,
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
  if (!saved) return afterLostRace(ctx, orderId);
  await releaseKitchenUnits(ctx.kitchen, orderId, "held-and-sold");
  // Nothing was sold: the coupon's use goes back too (the email pays online from now on).
  await releaseCouponUse(ctx.couponUses, order);
  await giveBackShopperTallies(ctx.tallies, orderId, { ...order, paymentStatus: "FAILED", cancellation: record });
  await ctx.board.place(orderId, "Canceled", CANCELLED_STEP, at);
  return "recorded";
}
