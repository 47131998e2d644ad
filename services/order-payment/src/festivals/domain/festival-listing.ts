import {
  addDays,
  FESTIVAL_ANNOUNCED_DAYS,
  type Festival,
  type FestivalListing,
  indiaDayKey,
  windowStartsAt,
} from "@storefront/contracts";
import { festivalWindowResource } from "./festival-resources.js";

type Listed = FestivalListing["festivals"][number];

/** Whether the shop shows the festival now: its bookings are open, or open within 30 days. */
export function isAnnounced(festival: Pick<Festival, "bookingOpensAt" | "bookingClosesAt">, now: Date): boolean {
  const at = now.getTime();
  return (
    at < Date.parse(festival.bookingClosesAt) &&
    Date.parse(festival.bookingOpensAt) <=
      Date.parse(`${addDays(indiaDayKey(now), FESTIVAL_ANNOUNCED_DAYS)}T23:59:59+05:30`)
  );
}

/** India days from `from` to `to` (both `YYYY-MM-DD`): calendar days, no clock. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The window-days a listing shows places for: windows not closed and not started yet. */
export function listedWindowDays(festival: Pick<Festival, "_id" | "days" | "windows">, now: Date) {
  return festival.days.flatMap((day) =>
    festival.windows
      .filter((window) => !window.closed && windowStartsAt(day, window.start).getTime() > now.getTime())
      .map((window) => ({ day, window, resource: festivalWindowResource(festival._id, window.windowId) })),
  );
}

/**
 * The festival as home's banner and its page show it (docs/festivals.md): `placesLeft(resource, day)` is the window's
 * boxes still free that day as the kitchen counts them (undefined: nothing counted yet, all of its capacity).
 */
export function festivalListing(
  festival: Festival,
  now: Date,
  placesLeft: (resource: string, day: string) => number | undefined,
): Listed {
  const windows = listedWindowDays(festival, now);
  return {
    festivalId: festival._id,
    name: festival.name,
    ...(festival.nameMr ? { nameMr: festival.nameMr } : {}),
    days: festival.days,
    bookingOpensAt: festival.bookingOpensAt,
    bookingClosesAt: festival.bookingClosesAt,
    bookingOpen: Date.parse(festival.bookingOpensAt) <= now.getTime(),
    daysLeftToBook: Math.max(0, daysBetween(indiaDayKey(now), indiaDayKey(new Date(festival.bookingClosesAt)))),
    boxes: festival.boxes.map(({ product: _product, ...box }) => box),
    ...(festival.minimumPaise !== undefined ? { minimumPaise: festival.minimumPaise } : {}),
    cashAtCounter: festival.cashAtCounter,
    windows: festival.days.map((day) => ({
      day,
      windows: windows
        .filter((entry) => entry.day === day)
        .map(({ window, resource }) => ({
          windowId: window.windowId,
          kind: window.kind,
          start: window.start,
          end: window.end,
          label: window.label,
          ...(window.labelMr ? { labelMr: window.labelMr } : {}),
          placesLeft: Math.max(0, Math.min(window.capacityBoxes, placesLeft(resource, day) ?? window.capacityBoxes)),
        })),
    })),
  };
}
