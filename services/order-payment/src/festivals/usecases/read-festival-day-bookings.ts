import type { FestivalPass } from "../../counter/domain/pass.js";
import type { FestivalPasses } from "../../counter/persistence/festival-passes.js";
import type { KitchenRepository } from "../../kitchen/persistence/kitchen.js";
import type { Order } from "../../orders/domain/order.js";
import type { OrderRepository } from "../../orders/persistence/orders.js";

export interface FestivalDayContext {
  kitchen: Pick<KitchenRepository, "ordersSoldOn">;
  orders: Pick<OrderRepository, "byIds">;
  passes: Pick<FestivalPasses, "codeOf" | "byCode">;
}

/** A booking of a festival day as the owner's morning, the kitchen's list and the reminder read it. */
export interface FestivalDayBooking {
  order: Order;
  /** Its pass, when issued (a paid booking nobody has opened since a crash may have none yet: docs/counter.md). */
  pass?: FestivalPass;
}

/**
 * The bookings of one festival on one India day (docs/festivals.md, The festival's day): the orders the kitchen sold
 * units to on that day (the printouts' read, `ordersSoldOn`: by the holds' day and state, then each order by `_id`),
 * those of this festival, each with its pass read by `_id` (two point reads). Sorted by window, then order id.
 * A cash-at-counter booking not confirmed yet holds its units unsold, so it is not among them (it may still expire).
 */
export async function readFestivalDayBookings(
  ctx: FestivalDayContext,
  festivalId: string,
  day: string,
): Promise<FestivalDayBooking[]> {
  const orders = (await ctx.orders.byIds(await ctx.kitchen.ordersSoldOn(day))) as Order[];
  const bookings = orders.filter((order) => order.festival?.festivalId === festivalId && order.festival.day === day);
  const withPasses = await Promise.all(
    bookings.map(async (order) => {
      const code = await ctx.passes.codeOf(order._id);
      const pass = code ? await ctx.passes.byCode(code) : null;
      return pass && pass.orderId === order._id ? { order, pass } : { order };
    }),
  );
  return withPasses.sort(
    (a, b) =>
      (a.order.festival?.windowId ?? "").localeCompare(b.order.festival?.windowId ?? "") ||
      a.order._id.localeCompare(b.order._id),
  );
}
