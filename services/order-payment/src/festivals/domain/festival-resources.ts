import type { Festival } from "@storefront/contracts";
import { slotResource } from "../../kitchen/domain/kitchen.js";

/**
 * What a festival counts with the kitchen's counters (docs/festivals.md): each festival product's pieces on each
 * festival day, and each window's boxes on each day, on `kitchen_days` documents like any product or delivery slot
 * (docs/back-office.md, Production capacity), so the booking checkout holds, sells and gives back through the same
 * guarded takes. These two names are the one place the resources are spelt; the booking checkout uses them.
 */

const FESTIVAL = "festival:";

/**
 * A festival product's day total, in pieces: `festival:<festivalId>:<productKey>`. The colon keeps it apart from
 * every catalogue product id (which has none) and from the festival's own product keys of another festival.
 */
export const festivalProductResource = (festivalId: string, productKey: string) =>
  `${FESTIVAL}${festivalId}:${productKey}`;

/** The delivery zone a festival's windows count under: `festival-<festivalId>` (never a zone the owner names). */
export const festivalZoneId = (festivalId: string) => `festival-${festivalId}`;

/**
 * A festival window's boxes: the kitchen's slot resource `slot:festival-<festivalId>:<windowId>`, so the production
 * list and the shop's notes leave it out as they do every delivery slot.
 */
export const festivalWindowResource = (festivalId: string, windowId: string) =>
  slotResource(festivalZoneId(festivalId), windowId);

/** One resource on one day with what the festival says it holds (0: closed). */
export interface ResourceDay {
  resource: string;
  day: string;
  capacity: number;
}

/** Every product- and window-day of the festival with its capacity: pieces per product, boxes per open window. */
export function festivalResourceDays(festival: Pick<Festival, "_id" | "days" | "products" | "windows">): ResourceDay[] {
  return festival.days.flatMap((day) => [
    ...festival.products.map((product) => ({
      resource: festivalProductResource(festival._id, product.key),
      day,
      capacity: product.piecesPerDay,
    })),
    ...festival.windows.map((window) => ({
      resource: festivalWindowResource(festival._id, window.windowId),
      day,
      capacity: window.closed ? 0 : window.capacityBoxes,
    })),
  ]);
}

/**
 * What a save writes to the kitchen: the new festival's resource-days, and 0 on those of the festival as it was that
 * it no longer has (a day, product or window taken out is closed, never left with room nobody sells).
 */
export function kitchenTotalsToWrite(
  saved: Pick<Festival, "_id" | "days" | "products" | "windows">,
  before: Pick<Festival, "_id" | "days" | "products" | "windows"> | undefined,
): ResourceDay[] {
  const now = festivalResourceDays(saved);
  const kept = new Set(now.map((entry) => `${entry.resource}#${entry.day}`));
  const dropped = (before ? festivalResourceDays(before) : [])
    .filter((entry) => !kept.has(`${entry.resource}#${entry.day}`))
    .map((entry) => ({ ...entry, capacity: 0 }));
  return [...now, ...dropped];
}
