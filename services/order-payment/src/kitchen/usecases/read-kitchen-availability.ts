import { addDays, dispatchDaysFrom, indiaDayKey, type KitchenAvailability } from "@storefront/contracts";
import { isProductResource } from "../domain/kitchen.js";
import type { KitchenRepository } from "../persistence/kitchen.js";

/**
 * What the shop's cards say about the kitchen (docs/back-office.md): for each limited product with a batch open
 * today, the units left today and, when none are, the next day within reach with room. A day nobody has ordered
 * for yet has its full default, so it has room.
 */
export async function readKitchenAvailability(kitchen: KitchenRepository, now: Date): Promise<KitchenAvailability> {
  const today = indiaDayKey(now);
  const reach = dispatchDaysFrom(today);
  const days = (await kitchen.daysBetween(today, reach.at(-1) ?? today)).filter((day) =>
    isProductResource(day.productId),
  );
  const products: KitchenAvailability["products"] = [];
  for (const todays of days.filter((day) => day.day === today && day.limited)) {
    const leftToday = Math.max(0, todays.free);
    const later = days.filter((day) => day.productId === todays.productId && day.day > today);
    const nextDayWithRoom =
      leftToday > 0
        ? undefined
        : reach.slice(1).find((day) => {
            const opened = later.find((candidate) => candidate.day === day);
            return !opened?.limited || opened.free > 0;
          });
    products.push({ productId: todays.productId, leftToday, ...(nextDayWithRoom ? { nextDayWithRoom } : {}) });
  }
  return { today, products };
}

/** The days the owner may set a capacity for: from today up to {@link SETTABLE_DAYS} ahead (festival orders). */
export const SETTABLE_DAYS = 60;
export const settableDay = (day: string, now: Date) => {
  const today = indiaDayKey(now);
  return day >= today && day <= addDays(today, SETTABLE_DAYS);
};
