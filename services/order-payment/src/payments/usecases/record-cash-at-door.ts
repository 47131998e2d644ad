import { indiaDayKey } from "@storefront/contracts";
import { releaseCouponUse } from "../../coupons/usecases/coupon-use.js";
import { CANCELLED_STEP } from "../../kitchen/persistence/fulfilment-board.js";
import { releaseKitchenUnits } from "../../kitchen/usecases/release-kitchen-units.js";
import type { Order } from "../../orders/domain/order.js";
import { applied, type OrderChange } from "../../orders/domain/order-change.js";
import { cashPayment, cashReceived, refusedAtDoor } from "../../orders/domain/order-lifecycle.js";
import { giveBackShopperTallies } from "../../orders/usecases/give-back-shopper-tallies.js";
import { type SettleContext, settlement } from "./settle-payment.js";

/**
 * What recording the door's outcome did: recorded now, the same outcome recorded before (a double tap, not an
 * error), the other outcome recorded before (the door has one outcome: refused, docs/delivery.md), nothing due, or no
 * such order.
 */
export type DoorOutcome =
  | "recorded"
  | "already-recorded"
  | "cash-already-received"
  | "already-refused"
  | "not-due"
  | "unknown-order";

type Door = NonNullable<NonNullable<Order["cashOnDelivery"]>["outcome"]>;

/** The outcome recorded before, said from the side of the one being recorded now. */
const recordedBefore = (recorded: Door, recording: Door): Exclude<DoorOutcome, "recorded"> =>
  recorded === recording
    ? "already-recorded"
    : recorded === "cash-received"
      ? "cash-already-received"
      : "already-refused";

/** Why there is nothing to record for the order, or undefined when its cash is due. */
function nothingDue(order: Order | null, recording: Door): Exclude<DoorOutcome, "recorded"> | undefined {
  if (!order) return "unknown-order";
  if (order.paymentMethod !== "cash-on-delivery") return "not-due";
  if (order.cashOnDelivery?.outcome) return recordedBefore(order.cashOnDelivery.outcome, recording);
  if (order.paymentStatus !== "COD" || order.cancellation) return "not-due";
  return undefined;
}

/** Another tap (or the other outcome) won the guarded update: the same answer as if it had come first. */
const afterLostRace = async (ctx: SettleContext, orderId: string, recording: Door): Promise<DoorOutcome> => {
  const recorded = (await ctx.orders.byId(orderId))?.cashOnDelivery?.outcome;
  return recorded ? recordedBefore(recorded, recording) : "not-due";
};

/**
 * The door's outcome recorded once: nothing when nothing is due (or the outcome was recorded before), else the change
 * decided from the order as read, applied while its cash is still due; the tap that lost the race is told what won.
 */
async function recordAtDoor(
  ctx: SettleContext,
  orderId: string,
  recording: Door,
  decide: (order: Order, at: Date) => OrderChange,
  afterwards: (order: Order, change: OrderChange, at: Date) => Promise<unknown>,
): Promise<DoorOutcome> {
  const order = await ctx.orders.byId(orderId);
  const nothing = nothingDue(order, recording);
  if (nothing || !order) return nothing ?? "unknown-order";
  const at = ctx.now();
  const change = decide(order, at);
  if (!(await ctx.orders.apply(orderId, change))) return afterLostRace(ctx, orderId, recording);
  await afterwards(order, change, at);
  return "recorded";
}

/**
 * The owner has the cash of a cash-on-delivery order (docs/delivery.md, Cash on delivery): COD -> SUCCESS with its
 * `order.paid` (provider "cash"), in one guarded update, so a double tap or two admins record it once; billing then
 * issues the GST invoice and the shopper gets it by mail, as for an order paid online. The fulfilment step stays
 * where the owner put it (Delivered, usually).
 */
export const recordCashReceived = async (
  ctx: SettleContext,
  orderId: string,
  recordedBy: string,
  correlationId: string,
) => {
  // A festival booking's cash taken at the counter: its invoice mail shows the pass it was issued when confirmed
  // (docs/festivals.md, The pass in the mails); one point read, none for an order that has no pass.
  const passCode = await ctx.passes.codeOf(orderId);
  return recordAtDoor(
    ctx,
    orderId,
    "cash-received",
    (order, at) =>
      cashReceived(
        order,
        settlement(ctx.sealKey, order, cashPayment(order, at), correlationId, order.festival ? passCode : undefined),
        recordedBy,
        at,
      ),
    async (order, change, at) => {
      const paid = applied(order, change);
      await giveBackShopperTallies(ctx.tallies, orderId, paid);
      await ctx.sales.countSale(paid, indiaDayKey(at));
    },
  );
};

/**
 * The shopper refused a cash-on-delivery order at the door: COD -> FAILED and Canceled with `order.cancelled`
 * (reason "other", noted), once; from that same update the email pays online only (the orders say so:
 * `hasRefusedCashAtDoor`). Its kitchen units go back to the day (made units are the shop's loss, not counted sold).
 */
export const recordCashRefused = (ctx: SettleContext, orderId: string, recordedBy: string, correlationId: string) =>
  recordAtDoor(
    ctx,
    orderId,
    "refused",
    (order, at) => refusedAtDoor(order, recordedBy, at, correlationId).change,
    async (order, change, at) => {
      await releaseKitchenUnits(ctx.kitchen, orderId, "held-and-sold");
      // Nothing was sold: the coupon's use goes back too (the email pays online from now on).
      await releaseCouponUse(ctx.couponUses, order);
      await giveBackShopperTallies(ctx.tallies, orderId, applied(order, change));
      await ctx.board.place(orderId, "Canceled", CANCELLED_STEP, at);
      // The week's refusals at the door, by the day the owner recorded it (docs/back-office.md, The week's cash orders).
      await ctx.sales.countCashOrder("refused", orderId, indiaDayKey(at));
    },
  );
