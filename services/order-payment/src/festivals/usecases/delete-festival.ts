import { festivalResourceDays } from "../domain/festival-resources.js";
import { type FestivalContext, writeKitchenTotals } from "./save-festival.js";

/**
 * The owner deletes a festival, only before its bookings open (docs/festivals.md). Before then nobody can have booked
 * it, so nothing is owed to anyone; after, bookings may exist and a festival is wound down by closing its windows
 * instead, which keeps what was booked. The check is the festival's own opening instant in the delete's filter, not a
 * count of bookings: no booking can exist before that instant, whatever the booking part stores. Its kitchen days are
 * closed (capacity 0) so none is left with room for a festival that is gone.
 */
export async function deleteFestival(
  ctx: FestivalContext,
  festivalId: string,
  now: Date,
): Promise<"deleted" | "not-found" | "bookings-opened" | "changed"> {
  const festival = await ctx.festivals.byId(festivalId);
  if (!festival) return "not-found";
  if (Date.parse(festival.bookingOpensAt) <= now.getTime()) return "bookings-opened";
  if (!(await ctx.festivals.remove(festivalId, festival.version, now))) return "changed";
  await writeKitchenTotals(
    ctx.kitchen,
    festivalResourceDays(festival).map((entry) => ({ ...entry, capacity: 0 })),
  );
  return "deleted";
}
