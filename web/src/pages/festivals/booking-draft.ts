import { z } from "zod";
import {
  type BillToRequest,
  FESTIVAL_BOOKING_LIMITS,
  type FestivalBookingRequest,
  type FestivalListing,
} from "../../contracts";

/**
 * The booking form's state and its rules, pure (docs/festivals.md, The pages): what the shopper picked, the total
 * shown, what keeps the form from sending, and the request it sends. The server is the judge of every rule (it
 * prices the boxes itself and counts the places); these only save a shopper a refusal the page can already see.
 */
export type ShopFestival = FestivalListing["festivals"][number];
export type ListedWindow = ShopFestival["windows"][number]["windows"][number];

export interface BookingDraft {
  day: string;
  windowId?: string;
  /** Boxes wanted, by box id; a box not chosen is absent or 0. */
  quantities: Record<string, number>;
  /** Cash at the counter (only where the festival takes it), else online. */
  cash: boolean;
}

/**
 * The windows of a festival day as listed (not closed, not started), with their places left: pickup windows and the
 * festival's delivery slots (docs/festivals.md, Delivery windows), in the list's order.
 */
export function windowsOf(festival: ShopFestival, day: string): ListedWindow[] {
  return festival.windows.find((listed) => listed.day === day)?.windows ?? [];
}

/** The window picked, as listed for the draft's day. */
export const pickedWindow = (festival: ShopFestival, draft: BookingDraft): ListedWindow | undefined =>
  windowsOf(festival, draft.day).find((window) => window.windowId === draft.windowId);

/**
 * Whether the booking is delivered (a delivery window picked): its address is where the boxes go, a local delivery
 * zone must serve it, the zone's charge is added by the server, and it is paid online (cash is taken at the counter).
 */
export const isDelivered = (festival: ShopFestival, draft: BookingDraft) =>
  pickedWindow(festival, draft)?.kind === "delivery";

/** Cash at the counter: where the festival takes it, and for a booking collected there. */
export const paysCash = (festival: ShopFestival, draft: BookingDraft) =>
  draft.cash && festival.cashAtCounter && !isDelivered(festival, draft);

/** A window a shopper may pick: a full one is shown as full, never picked. */
export const pickable = (window: ListedWindow) => window.placesLeft > 0;

/** A new draft: the first day that has a window with room (else the first day), nothing chosen yet. */
export function startingDraft(festival: ShopFestival): BookingDraft {
  const day = festival.days.find((one) => windowsOf(festival, one).some(pickable)) ?? festival.days[0] ?? "";
  return { day, quantities: {}, cash: false };
}

/** Another day: the window picked is kept only if that day has it with room (the same windows run every day). */
export function withDay(festival: ShopFestival, draft: BookingDraft, day: string): BookingDraft {
  const same = windowsOf(festival, day).find((window) => window.windowId === draft.windowId);
  return { ...draft, day, windowId: same && pickable(same) ? same.windowId : undefined };
}

/** A box's count, kept between 0 and the most one line may hold. */
export function withQuantity(draft: BookingDraft, boxId: string, quantity: number): BookingDraft {
  const kept = Math.max(0, Math.min(FESTIVAL_BOOKING_LIMITS.quantity, Math.trunc(quantity) || 0));
  return { ...draft, quantities: { ...draft.quantities, [boxId]: kept } };
}

/** The lines sent: each box chosen once, in the festival's order, a count of at least 1. */
export function boxLines(festival: ShopFestival, draft: BookingDraft): Array<{ boxId: string; quantity: number }> {
  return festival.boxes
    .map((box) => ({ boxId: box.boxId, quantity: draft.quantities[box.boxId] ?? 0 }))
    .filter((line) => line.quantity > 0);
}

/** The total shown (prices GST included, from the public list): for display only, the server prices the booking. */
export function bookingTotalPaise(festival: ShopFestival, draft: BookingDraft): number {
  return boxLines(festival, draft).reduce(
    (total, line) => total + (festival.boxes.find((box) => box.boxId === line.boxId)?.pricePaise ?? 0) * line.quantity,
    0,
  );
}

/** How much is missing to the festival's minimum (0 when there is none or it is reached). */
export function shortOfMinimumPaise(festival: ShopFestival, draft: BookingDraft): number {
  if (festival.minimumPaise === undefined) return 0;
  return Math.max(0, festival.minimumPaise - bookingTotalPaise(festival, draft));
}

export type BookingProblem = "noBoxes" | "belowMinimum" | "noWindow";

/** What keeps the draft from being sent, as the page can see it (the server judges again). */
export function bookingProblems(festival: ShopFestival, draft: BookingDraft): BookingProblem[] {
  const problems: BookingProblem[] = [];
  if (boxLines(festival, draft).length === 0) problems.push("noBoxes");
  else if (shortOfMinimumPaise(festival, draft) > 0) problems.push("belowMinimum");
  const window = pickedWindow(festival, draft);
  if (!window || !pickable(window)) problems.push("noWindow");
  return problems;
}

/** Who books: as the checkout's payer gives them, with the bill-to address chosen. */
export interface Booker {
  customerName: string;
  customerEmail: string;
  mobile: string;
  /**
   * The bill-to address, composed as the checkout composes it: its state is the invoice's place of supply; for a
   * delivery window, where the boxes are delivered too.
   */
  shippingAddress: string;
  /** A business's invoice (a mandal's, a temple's GSTIN), as the "Invoice" section judged it; none for B2C. */
  billTo?: BillToRequest | undefined;
}

/** The request sent (`festivalBookingRequestSchema`): ids and counts only, no amount. */
export function bookingRequestOf(
  festival: ShopFestival,
  draft: BookingDraft,
  booker: Booker,
  orderId: string,
  language: "en" | "mr",
): FestivalBookingRequest {
  return {
    orderId,
    day: draft.day,
    windowId: draft.windowId ?? "",
    boxes: boxLines(festival, draft),
    customerName: booker.customerName,
    customerEmail: booker.customerEmail,
    mobile: booker.mobile,
    shippingAddress: booker.shippingAddress,
    ...(booker.billTo ? { billTo: booker.billTo } : {}),
    // The booking remembers the shopper's language: its mails go out in it (docs/languages.md).
    ...(language === "mr" ? { language } : {}),
    paymentMethod: paysCash(festival, draft) ? "cash-at-counter" : "online",
  };
}

const offeredWindowSchema = z.object({ windowId: z.string(), label: z.string(), labelMr: z.string().optional() });
const windowFullBody = z.object({ code: z.literal("WINDOW_FULL"), nextWindow: offeredWindowSchema.optional() });
export type OfferedWindow = z.infer<typeof offeredWindowSchema>;

/** The next window with room that a 409 WINDOW_FULL offers, when its body names one. */
export function offeredWindow(body: unknown): OfferedWindow | undefined {
  const parsed = windowFullBody.safeParse(body);
  return parsed.success ? parsed.data.nextWindow : undefined;
}

/** Whether a refusal's body is a 409 WINDOW_FULL: the window the booking asked for has no box left. */
export const saysWindowFull = (body: unknown): boolean => windowFullBody.safeParse(body).success;

/** A window of a day, as `day|windowId`: one the server said is full. */
export const windowOfDay = (day: string, windowId: string) => `${day}|${windowId}`;

/**
 * The festival as the page shows it, with the windows the server has since said are full (a 409 WINDOW_FULL) shown
 * full: the listing is kept a minute by the server, so its places left may still count boxes taken meanwhile.
 */
export function withWindowsFull(festival: ShopFestival, full: ReadonlySet<string>): ShopFestival {
  if (full.size === 0) return festival;
  return {
    ...festival,
    windows: festival.windows.map((listed) => ({
      ...listed,
      windows: listed.windows.map((window) =>
        full.has(windowOfDay(listed.day, window.windowId)) ? { ...window, placesLeft: 0 } : window,
      ),
    })),
  };
}
