import {
  type BookingCount,
  type ClosedWindowBooking,
  type Festival,
  type FestivalDay,
  type FestivalDayWindow,
  type PassPayment,
  type ProductionList,
  type WindowProgress,
  windowStartsAt,
} from "@storefront/contracts";
import { festivalBoxProductId } from "./booking.js";

/**
 * The owner's festival morning (docs/festivals.md, The festival's day), pure: a day's bookings counted per window
 * by the shop's clock (collected, waiting, not yet come) and the kitchen's production list per window (boxes by kind,
 * pieces per festival product), with the day's totals, and the bookings of closed windows left to settle.
 */

/** A booking of the day as the report counts it (its order and pass read by festivals/usecases). */
export interface DayBooking {
  orderId: string;
  customerName: string;
  windowId: string;
  windowLabel: string;
  lines: readonly { productId: string; name: string; pieces?: number | undefined; quantity: number }[];
  payment: PassPayment;
  collected: boolean;
}

const zero = (): BookingCount => ({ bookings: 0, boxes: 0 });
const emptyProgress = (): WindowProgress => ({
  booked: zero(),
  collected: zero(),
  waiting: zero(),
  notYetCome: zero(),
});

const boxesOf = (booking: DayBooking) => booking.lines.reduce((sum, line) => sum + line.quantity, 0);

/** The instant a window of `day` is over: its end, India time. */
export const windowEndsAt = (day: string, end: string) => windowStartsAt(day, end);

/**
 * Where a booking stands on the morning: collected (its pass marked), else waiting while its window is not over, else
 * not yet come (paid or cash due only). Counted among the booked in every case. A cancelled booking is not the
 * day's (its units went back).
 */
export function addToProgress(progress: WindowProgress, booking: DayBooking, over: boolean): void {
  const boxes = boxesOf(booking);
  const add = (count: BookingCount) => {
    count.bookings += 1;
    count.boxes += boxes;
  };
  add(progress.booked);
  if (booking.collected) add(progress.collected);
  // Sold but neither paid nor cash due (cash where the festival takes none): the counter will not hand it over.
  else if (booking.payment !== "paid" && booking.payment !== "cash-due") return;
  else if (over) add(progress.notYetCome);
  else add(progress.waiting);
}

/** The boxes by kind and each festival product's pieces, of `bookings` (the festival as saved names them). */
export function productionOf(festival: Pick<Festival, "_id" | "boxes" | "products">, bookings: readonly DayBooking[]) {
  const boxes = new Map<string, ProductionList["boxes"][number]>();
  const pieces = new Map<string, number>();
  for (const booking of bookings) {
    for (const line of booking.lines) {
      const box = festival.boxes.find((one) => festivalBoxProductId(festival._id, one.boxId) === line.productId);
      // A box a later save took out keeps its line's own name and pieces, under its line's product id.
      const id = box?.boxId ?? line.productId;
      const counted = boxes.get(id) ?? {
        boxId: id,
        name: box?.name ?? line.name,
        ...(box?.nameMr ? { nameMr: box.nameMr } : {}),
        pieces: box?.pieces ?? line.pieces ?? 0,
        count: 0,
      };
      counted.count += line.quantity;
      boxes.set(id, counted);
      if (box) pieces.set(box.product, (pieces.get(box.product) ?? 0) + box.pieces * line.quantity);
    }
  }
  const boxOrder = (boxId: string) => {
    const index = festival.boxes.findIndex((box) => box.boxId === boxId);
    return index < 0 ? festival.boxes.length : index;
  };
  return {
    boxes: [...boxes.values()].sort((a, b) => boxOrder(a.boxId) - boxOrder(b.boxId) || a.boxId.localeCompare(b.boxId)),
    products: festival.products
      .filter((product) => pieces.has(product.key))
      .map((product) => ({
        key: product.key,
        name: product.name,
        ...(product.nameMr ? { nameMr: product.nameMr } : {}),
        pieces: pieces.get(product.key) ?? 0,
      })),
  };
}

const sumCounts = (a: BookingCount, b: BookingCount): BookingCount => ({
  bookings: a.bookings + b.bookings,
  boxes: a.boxes + b.boxes,
});

/**
 * The day as the owner reads it: each window of the festival in window order (by start), then any window a save took
 * out whose bookings remain; per window its progress at `now` and its production list; the day's totals; and the
 * bookings of closed windows not collected (the owner cancels and refunds them, or moves them to another window).
 * `placesLeft(windowId)` is the window-day's free boxes as the kitchen counts them (undefined: not counted yet).
 */
export function festivalDayReport(
  festival: Festival,
  day: string,
  bookings: readonly DayBooking[],
  now: Date,
  placesLeft: (windowId: string) => number | undefined,
): FestivalDay {
  const live = bookings.filter((booking) => booking.payment !== "cancelled");
  const byWindow = new Map<string, DayBooking[]>();
  for (const booking of live) byWindow.set(booking.windowId, [...(byWindow.get(booking.windowId) ?? []), booking]);
  const saved = [...festival.windows].sort((a, b) => a.start.localeCompare(b.start) || a.kind.localeCompare(b.kind));
  const gone = [...byWindow.keys()].filter((windowId) => !saved.some((window) => window.windowId === windowId)).sort();
  const windows: FestivalDayWindow[] = [
    ...saved.map((window) => {
      const over = windowEndsAt(day, window.end).getTime() <= now.getTime();
      const its = byWindow.get(window.windowId) ?? [];
      const progress = emptyProgress();
      for (const booking of its) addToProgress(progress, booking, over);
      return {
        windowId: window.windowId,
        label: window.label,
        ...(window.labelMr ? { labelMr: window.labelMr } : {}),
        start: window.start,
        end: window.end,
        closed: window.closed === true,
        capacityBoxes: window.capacityBoxes,
        placesLeft: window.closed ? 0 : Math.max(0, placesLeft(window.windowId) ?? window.capacityBoxes),
        over,
        inFestival: true,
        progress,
        production: productionOf(festival, its),
      };
    }),
    ...gone.map((windowId) => {
      const its = byWindow.get(windowId) ?? [];
      const progress = emptyProgress();
      // A window no longer in the festival has no hours to compare: its bookings count as not yet come.
      for (const booking of its) addToProgress(progress, booking, true);
      return {
        windowId,
        label: its[0]?.windowLabel ?? windowId,
        start: "",
        end: "",
        closed: true,
        capacityBoxes: 0,
        placesLeft: 0,
        over: true,
        inFestival: false,
        progress,
        production: productionOf(festival, its),
      };
    }),
  ];
  const totals = emptyProgress();
  for (const window of windows) {
    for (const key of ["booked", "collected", "waiting", "notYetCome"] as const) {
      totals[key] = sumCounts(totals[key], window.progress[key]);
    }
  }
  const closed = new Set(windows.filter((window) => window.closed).map((window) => window.windowId));
  const closedWindowBookings: ClosedWindowBooking[] = live
    .filter((booking) => closed.has(booking.windowId) && !booking.collected)
    .map((booking) => ({
      orderId: booking.orderId,
      customerName: booking.customerName,
      windowId: booking.windowId,
      windowLabel: booking.windowLabel,
      boxes: boxesOf(booking),
      payment: booking.payment,
    }));
  return {
    festivalId: festival._id,
    festivalName: festival.name,
    ...(festival.nameMr ? { nameMr: festival.nameMr } : {}),
    day,
    days: [...festival.days].sort(),
    version: festival.version,
    at: now.toISOString(),
    windows,
    totals: { progress: totals, production: productionOf(festival, live) },
    closedWindowBookings,
  };
}
