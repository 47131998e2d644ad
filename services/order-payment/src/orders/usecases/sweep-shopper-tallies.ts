import type { OrderRepository } from "../persistence/orders.js";
import type { ShopperTallies } from "../persistence/shopper-tallies.js";
import { giveBackShopperTallies } from "./give-back-shopper-tallies.js";

/** Records looked at per pass, most overdue first. */
const PER_PASS = 300;
/** An order still open is looked at again this much later (a cash-on-delivery order stays open for days). */
const LOOK_AGAIN_MS = 10 * 60_000;

/**
 * The safety net of open orders' places and unpaid shares (docs/order-lifecycle.md, Open orders and holds), run by
 * reconciliation: whatever an order took and no longer holds, as its state says, goes back; a checkout that died
 * before storing its order gives back everything. Records live only while their order is open and are read when
 * due, so a pass reads what is due, not the shop's history. Answers how many records it looked at.
 */
export async function sweepShopperTallies(
  ctx: { tallies: ShopperTallies; orders: OrderRepository },
  now: Date,
): Promise<number> {
  const records = await ctx.tallies.recordsDue(now, PER_PASS);
  for (const record of records) {
    await giveBackShopperTallies(ctx.tallies, record._id, await ctx.orders.byId(record._id));
    // Still open (its record is kept): looked at again later, after the records due before it.
    await ctx.tallies.postpone(record._id, new Date(now.getTime() + LOOK_AGAIN_MS));
  }
  return records.length;
}
