import type { FestivalDay } from "@storefront/contracts";
import { passPayment } from "../../counter/domain/pass.js";
import { dayId, type KitchenRepository } from "../../kitchen/persistence/kitchen.js";
import { type DayBooking, festivalDayReport } from "../domain/festival-day.js";
import { festivalWindowResource } from "../domain/festival-resources.js";
import type { FestivalsRepository } from "../persistence/festivals.js";
import { type FestivalDayContext, readFestivalDayBookings } from "./read-festival-day-bookings.js";

export interface FestivalDayReportContext extends FestivalDayContext {
  festivals: Pick<FestivalsRepository, "byId">;
  kitchen: Pick<KitchenRepository, "ordersSoldOn" | "daysOf">;
  now: () => Date;
}

/**
 * `GET /api/payment/admin/festivals/{id}/days/{day}` (docs/festivals.md, The festival's day): the day's bookings (the
 * shared read, paid or confirmed, with their passes) and each window-day's places left (one point read each by
 * `_id`), counted by the shop's clock. "not-found" and "not-a-day" for the route to answer.
 */
export async function readFestivalDay(
  ctx: FestivalDayReportContext,
  festivalId: string,
  day: string,
): Promise<FestivalDay | "not-found" | "not-a-day"> {
  const festival = await ctx.festivals.byId(festivalId);
  if (!festival) return "not-found";
  if (!festival.days.includes(day)) return "not-a-day";
  const [bookings, counters] = await Promise.all([
    readFestivalDayBookings(ctx, festivalId, day),
    ctx.kitchen.daysOf(
      festival.windows.map((window) => ({ resource: festivalWindowResource(festivalId, window.windowId), day })),
    ),
  ]);
  const counted = new Map(counters.map((counter) => [counter._id, counter]));
  const dayBookings: DayBooking[] = bookings.map(({ order, pass }) => ({
    orderId: order._id,
    customerName: order.customer.name,
    // The order says its window; a pass written before a move says the old one (the order is moved first).
    windowId: order.festival?.windowId ?? pass?.windowId ?? "",
    windowLabel: order.festival?.windowLabel ?? pass?.windowLabel ?? "",
    lines: order.lines,
    payment: passPayment(order, { cashAtCounter: order.festival?.cashAtCounter ?? false }),
    collected: pass?.collected !== undefined,
  }));
  return festivalDayReport(festival, day, dayBookings, ctx.now(), (windowId) => {
    const counter = counted.get(dayId(festivalWindowResource(festivalId, windowId), day));
    return counter?.limited ? counter.free : undefined;
  });
}
