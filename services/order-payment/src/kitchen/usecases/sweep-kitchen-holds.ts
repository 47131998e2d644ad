import { addDays, DELIVERY_DAYS_AHEAD, indiaDayKey } from "@storefront/contracts";
import { confirmCouponUse, releaseCouponUse } from "../../coupons/usecases/coupon-use.js";
import { isHeldLikePaid } from "../../orders/domain/order-lifecycle.js";
import { type SettleContext, sellPaidUnits } from "../../payments/usecases/settle-payment.js";
import type { KitchenHold } from "../persistence/kitchen.js";
import { moveLeft } from "./hold-moves.js";
import { releaseKitchenUnits } from "./release-kitchen-units.js";
import { sellKitchenUnits } from "./sell-kitchen-units.js";

/** A hold younger than this may still be finishing its checkout, or waiting for its payment's first webhook. */
const SETTLING_MS = 60_000;
/** Holds looked at per pass, oldest first. */
const PER_PASS = 300;

/**
 * The kitchen's safety net, run by reconciliation (docs/back-office.md, Production capacity): puts every order's
 * units where its order's state says, for orders whose process died between the order's write and the kitchen's.
 * A checkout that died while taking units gives them back; an order that never got stored, failed or was cancelled
 * gives them back; a paid one sells them (or, its day full, is cancelled and refunded) and is counted in the
 * owner's daily figures and on the fulfilment board if its process died before. A move a dead process left under way
 * (its hold `selling`, `releasing`, `retaking`, `returning`) is finished first, by the same functions; a `retaking` or
 * `returning` still moving (changed less than a minute ago) is left to its owner until a later pass. Every move is
 * guarded per order and product-day, so a pass that overlaps a live request or another pass moves nothing twice.
 * Answers how many holds it settled for good.
 */
export async function sweepKitchenHolds(ctx: SettleContext, now: Date, correlationId: string): Promise<number> {
  let settled = 0;
  for (const hold of await ctx.kitchen.openHoldsBefore(new Date(now.getTime() - SETTLING_MS), PER_PASS)) {
    if (await sweep(ctx, hold, indiaDayKey(now), correlationId)) settled++;
  }
  return settled;
}

async function sweep(ctx: SettleContext, hold: KitchenHold, today: string, correlationId: string): Promise<boolean> {
  const { kitchen } = ctx;
  if (hold.state === "holding" || !hold.day) {
    // Died while taking units: which day it had reached is unknown, so each day it could have tried gives back (the
    // next days with room, or a delivery date chosen up to a fortnight ahead).
    const opened = indiaDayKey(hold.createdAt);
    for (const day of Array.from({ length: DELIVERY_DAYS_AHEAD + 1 }, (_, offset) => addDays(opened, offset))) {
      for (const line of hold.lines) await kitchen.giveBackHeld(line.productId, day, hold._id, line.units);
    }
    await kitchen.forgetHold(hold._id);
    await ctx.couponUses.releaseOrphan(hold._id);
    return true;
  }
  if (hold.state === "retaking" || hold.state === "returning") {
    // Moved by one caller at a time (kitchen/usecases/hold-moves.ts, awaitMove): a live one is left alone.
    if (!moveLeft(hold)) return false;
    if (hold.state === "returning") await releaseKitchenUnits(kitchen, hold._id, "held-and-sold");
  }
  // Finished here, whatever the order's state says next: a sell or retake (a retake found full is back to
  // `released`, and a paid order's sell below takes again or cancels it) or a release left under way.
  if (hold.state === "selling" || hold.state === "retaking") await sellKitchenUnits(kitchen, hold._id);
  if (hold.state === "releasing") await releaseKitchenUnits(kitchen, hold._id, "held");
  const order = await ctx.orders.byId(hold._id);
  if (!order || order.cancellation || order.paymentStatus === "FAILED") {
    await releaseKitchenUnits(kitchen, hold._id, order?.cancellation ? "held-and-sold" : "held");
    // Its coupon's use too (docs/coupons.md): by the order's id when the order never got stored.
    if (order) await releaseCouponUse(ctx.couponUses, order);
    else await ctx.couponUses.releaseOrphan(hold._id);
    await kitchen.markDone(hold._id);
    return true;
  }
  if (!isHeldLikePaid(order)) return false;
  if (order.payment && order.paidDay && !(await ctx.sales.isCounted(order._id, order.paidDay))) {
    await ctx.board.place(order._id, order.orderStatus, order.statusHistory?.length ?? 0);
    await ctx.sales.countSale(order, order.paidDay);
  }
  // A paid order's retake left by a dead process is continued here too (and cancelled when its day is full).
  if (!(await kitchen.soldAll(hold._id))) await sellPaidUnits(ctx, hold._id, correlationId);
  // A use still held by a paid order (its process died before confirming) becomes used; a released one stays so.
  await confirmCouponUse(ctx.couponUses, order, { retake: false });
  // A paid order may still be cancelled until its day has passed; then its units stay sold for good.
  if (hold.day >= addDays(today, -1)) return false;
  await kitchen.markDone(hold._id);
  return true;
}
