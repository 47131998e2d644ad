import type { BookingCount, ClosedWindowBooking, FestivalDay, FestivalDayWindow } from "../../../contracts";

/** The owner's page of a festival day (docs/festivals.md, The festival's day). */
export const festivalDayPath = (festivalId: string, day: string) =>
  `/admin-festivals/${encodeURIComponent(festivalId)}/days/${day}`;

/** How often the page asks the day again while open: the owner watches the morning's queue. */
export const DAY_REFRESH_MS = 30_000;

/**
 * The window a closed window's booking is offered to move to: the first later window of the day that is open, not
 * over and has room for its boxes, else the first earlier one (the server decides: it may be full by the tap).
 */
export function moveTargetFor(day: FestivalDay, booking: ClosedWindowBooking): FestivalDayWindow | undefined {
  const open = (window: FestivalDayWindow) =>
    window.inFestival && !window.closed && !window.over && window.placesLeft >= booking.boxes;
  const from = day.windows.findIndex((window) => window.windowId === booking.windowId);
  return day.windows.slice(from + 1).find(open) ?? day.windows.slice(0, Math.max(from, 0)).find(open);
}

/** "3 boxes" and "2 bookings" of a count, as a cell of the progress table shows them. */
export const boxesWords = (count: BookingCount) => `${count.boxes} ${count.boxes === 1 ? "box" : "boxes"}`;
export const bookingsWords = (count: BookingCount) =>
  `${count.bookings} ${count.bookings === 1 ? "booking" : "bookings"}`;

/** A name with its Marathi one beside it when the owner gave one: the kitchen reads either. */
export const bothNames = (name: string, nameMr?: string) => (nameMr && nameMr !== name ? `${name} (${nameMr})` : name);

/** "06:40" of the shop's clock when read, India time. */
export const asOfWords = (at: string) =>
  new Intl.DateTimeFormat("en-IN", {
    timeZone: "Asia/Kolkata",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(at));
