import type { FestivalListing } from "@storefront/contracts";
import { dayId, type KitchenRepository } from "../../kitchen/persistence/kitchen.js";
import { festivalListing, isAnnounced, listedWindowDays } from "../domain/festival-listing.js";
import type { FestivalsRepository } from "../persistence/festivals.js";

/**
 * The festivals home's banner and their pages show (docs/festivals.md): those whose bookings are open or open within
 * 30 days, each window's places left read from its kitchen days by `_id` (one point read per window-day, never a
 * query over `kitchen_days`).
 */
export async function listOpenFestivals(
  festivals: FestivalsRepository,
  kitchen: KitchenRepository,
  now: Date,
): Promise<FestivalListing> {
  const shown = (await festivals.all()).filter((festival) => isAnnounced(festival, now));
  const wanted = shown.flatMap((festival) =>
    listedWindowDays(festival, now).map(({ resource, day }) => ({ resource, day })),
  );
  const counted = new Map((await kitchen.daysOf(wanted)).map((day) => [day._id, day]));
  return {
    festivals: shown.map((festival) =>
      festivalListing(festival, now, (resource, day) => {
        const counter = counted.get(dayId(resource, day));
        return counter?.limited ? counter.free : undefined;
      }),
    ),
  };
}
