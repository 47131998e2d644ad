import type { Festival } from "@storefront/contracts";
import type { KitchenRepository } from "../../kitchen/persistence/kitchen.js";
import { festivalResourceDays, kitchenTotalsToWrite, type ResourceDay } from "../domain/festival-resources.js";
import type { FestivalsRepository } from "../persistence/festivals.js";

export interface FestivalContext {
  festivals: FestivalsRepository;
  kitchen: KitchenRepository;
}

/** Kitchen days written side by side (each its own document); a bound keeps a 300-window save off the pool's limit. */
const WRITES_AT_ONCE = 10;

/**
 * Sets each resource-day's capacity through the kitchen's owner mechanism (`setDayCapacity`, as the owner's capacity
 * form does): the day is marked set by the owner, keeps the units it has held or sold, and its `free` moves with it.
 */
export async function writeKitchenTotals(kitchen: KitchenRepository, totals: readonly ResourceDay[]): Promise<void> {
  for (let index = 0; index < totals.length; index += WRITES_AT_ONCE) {
    await Promise.all(
      totals
        .slice(index, index + WRITES_AT_ONCE)
        .map((entry) => kitchen.setDayCapacity(entry.resource, entry.day, entry.capacity)),
    );
  }
}

/**
 * The owner saves a festival whole (docs/festivals.md), created at version 0 or replaced at the version read; then
 * the kitchen's totals follow: each product's pieces and each window's boxes on each festival day, and 0 on what the
 * replacement took out. The festival is stored first: a crash before the totals are written leaves a festival whose
 * public page shows its windows' full capacity (no day counted yet) and whose next save writes them; the other way
 * round would leave kitchen room for a festival that was never saved.
 */
export async function saveFestival(
  ctx: FestivalContext,
  festival: Festival,
  by: string,
): Promise<{ saved: Festival } | { refused: "changed" | "exists" }> {
  const before = festival.version === 0 ? undefined : await ctx.festivals.byId(festival._id);
  const saved = await ctx.festivals.replace(festival, by);
  if (!saved) return { refused: festival.version === 0 ? "exists" : "changed" };
  await writeKitchenTotals(ctx.kitchen, kitchenTotalsToWrite(saved, before));
  // Another save may have stored a newer version while these totals were written, and finished its own first: the
  // kitchen would keep this older one's. So the last to finish writes the newest festival's totals (and closes what
  // this one had that the newest has not); a later save still under way writes its own after.
  let written = saved;
  for (let attempt = 0; attempt < 3; attempt++) {
    const newest = await ctx.festivals.byId(festival._id);
    if (!newest) {
      // Deleted meanwhile (before its bookings opened): its days are closed again, as the delete closed them.
      await writeKitchenTotals(
        ctx.kitchen,
        festivalResourceDays(written).map((entry) => ({ ...entry, capacity: 0 })),
      );
      break;
    }
    if (newest.version === written.version) break;
    await writeKitchenTotals(ctx.kitchen, kitchenTotalsToWrite(newest, written));
    written = newest;
  }
  return { saved };
}
