import {
  type BookingPaymentMethod,
  type DeliveryZone,
  deliveryChargeOf,
  type Festival,
  FestivalBookingMessages,
  type FestivalWindow,
  ORDER_RULES,
  windowStartsAt,
} from "@storefront/contracts";
import type { KitchenNeed } from "../../kitchen/domain/kitchen.js";
import type { OrderLine } from "../../orders/domain/order.js";
import type { OrderCharges } from "../../orders/domain/price-order.js";
import { festivalProductResource, festivalWindowResource } from "./festival-resources.js";

/**
 * A festival booking's rules (docs/festivals.md, The booking checkout), pure: when it may be booked, its window, its
 * lines and charges from the festival's own prices, and what it holds of the kitchen's counters.
 */

export type BookingRefusal =
  | "not-found"
  | "not-open"
  | "not-a-day"
  | "no-window"
  | "window-started"
  | "unknown-box"
  | "below-minimum"
  | "cash-not-taken"
  | "no-delivery-here"
  | "window-full"
  | "sold-out";

/** Why a booking was refused, in words the shopper reads; a full window names the next one of the day with room. */
export class BookingError extends Error {
  constructor(
    readonly kind: BookingRefusal,
    message: string,
    readonly nextWindow?: { windowId: string; label: string; labelMr?: string },
  ) {
    super(message);
    this.name = "BookingError";
  }
}

/** A box line's product id: `festival:<festivalId>:<boxId>` (a colon: never a catalogue product's id). */
export const festivalBoxProductId = (festivalId: string, boxId: string) => `festival:${festivalId}:${boxId}`;

export interface BookingChoice {
  day: string;
  windowId: string;
  boxes: readonly { boxId: string; quantity: number }[];
  paymentMethod: BookingPaymentMethod;
}

export interface PricedBooking {
  window: FestivalWindow;
  lines: OrderLine[];
  charges: OrderCharges;
  /** The hold's lines: the window's boxes first (the scarcest), then each festival product's pieces. */
  needs: KitchenNeed[];
}

/** A window the shopper may still book on `day`: offered (not closed) and not started by `now`. */
export const bookable = (window: FestivalWindow, day: string, now: Date) =>
  !window.closed && windowStartsAt(day, window.start).getTime() > now.getTime();

/** The zone of the shop's own delivery that serves the booking's address, for a delivery window (none: not served). */
export type LocalZone = Extract<DeliveryZone, { kind: "local" }>;

/**
 * The booking checked and priced, or refused: bookings open by the shop's clock, a festival day, an offered window
 * not started, the festival's boxes (unknown ids refused), its minimum, cash only where the festival takes it and
 * only at the counter (a delivery window is paid online). Every amount is the festival's (a box's price includes its
 * GST); a delivery window adds `zone`'s delivery charge (free above its threshold, as any order of that zone); the
 * shop's platform fee is added as to any order.
 */
export function priceBooking(
  festival: Festival,
  choice: BookingChoice,
  now: Date,
  /** For a delivery window: the local zone serving the address, undefined when none does. */
  zone?: LocalZone,
): PricedBooking {
  const at = now.getTime();
  if (at < Date.parse(festival.bookingOpensAt) || at >= Date.parse(festival.bookingClosesAt)) {
    throw new BookingError("not-open", FestivalBookingMessages.NOT_OPEN);
  }
  if (!festival.days.includes(choice.day)) throw new BookingError("not-a-day", FestivalBookingMessages.NOT_A_DAY);
  const window = festival.windows.find((candidate) => candidate.windowId === choice.windowId);
  if (!window || window.closed) throw new BookingError("no-window", FestivalBookingMessages.NO_WINDOW);
  if (!bookable(window, choice.day, now))
    throw new BookingError("window-started", FestivalBookingMessages.WINDOW_STARTED);
  if (choice.paymentMethod === "cash-at-counter" && !festival.cashAtCounter) {
    throw new BookingError("cash-not-taken", FestivalBookingMessages.CASH_NOT_TAKEN);
  }
  if (window.kind === "delivery" && choice.paymentMethod === "cash-at-counter") {
    throw new BookingError("cash-not-taken", FestivalBookingMessages.DELIVERY_PAID_ONLINE);
  }
  if (window.kind === "delivery" && !zone) {
    throw new BookingError("no-delivery-here", FestivalBookingMessages.NO_DELIVERY_HERE);
  }
  const chosen = choice.boxes.map(({ boxId, quantity }) => {
    const box = festival.boxes.find((candidate) => candidate.boxId === boxId);
    if (!box) throw new BookingError("unknown-box", FestivalBookingMessages.UNKNOWN_BOX);
    return { box, quantity };
  });
  const lines: OrderLine[] = chosen.map(({ box, quantity }) => ({
    productId: festivalBoxProductId(festival._id, box.boxId),
    name: box.name,
    pieces: box.pieces,
    quantity,
    unitPricePaise: box.pricePaise,
    lineTotalPaise: box.pricePaise * quantity,
    tax: { hsn: box.hsn, gstRatePercent: box.gstRatePercent },
    ...(box.nameMr ? { marathiName: box.nameMr } : {}),
  }));
  const itemTotalPaise = lines.reduce((sum, line) => sum + line.lineTotalPaise, 0);
  if (festival.minimumPaise !== undefined && itemTotalPaise < festival.minimumPaise) {
    throw new BookingError("below-minimum", FestivalBookingMessages.belowMinimum(festival.minimumPaise));
  }
  // Collected at the shop: no delivery charge. `postalDeliveryPaise` is every order's delivery charge (the spec's name).
  const deliveryPaise = window.kind === "delivery" && zone ? deliveryChargeOf(zone, itemTotalPaise) : 0;
  const charges: OrderCharges = {
    itemTotalPaise,
    postalDeliveryPaise: deliveryPaise,
    platformFeePaise: ORDER_RULES.platformFeePaise,
    totalPaise: itemTotalPaise + deliveryPaise + ORDER_RULES.platformFeePaise,
  };
  const pieces = new Map<string, number>();
  for (const { box, quantity } of chosen)
    pieces.set(box.product, (pieces.get(box.product) ?? 0) + box.pieces * quantity);
  const needs: KitchenNeed[] = [
    {
      productId: festivalWindowResource(festival._id, window.windowId),
      name: window.label,
      units: chosen.reduce((sum, { quantity }) => sum + quantity, 0),
      dailyUnits: window.capacityBoxes,
    },
    ...festival.products
      .filter((product) => pieces.has(product.key))
      .map((product) => ({
        productId: festivalProductResource(festival._id, product.key),
        name: product.name,
        units: pieces.get(product.key) ?? 0,
        dailyUnits: product.piecesPerDay,
      })),
  ];
  return { window, lines, charges, needs };
}

/**
 * The window to offer instead of a full one: of the same kind (a pickup for a pickup), the first later window of the
 * day with room, else the first earlier one not started; `free(resource)` is the window-day's boxes free as the kitchen counts them (undefined: not counted
 * yet, its whole capacity).
 */
export function nextWindowWithRoom(
  festival: Pick<Festival, "_id" | "windows">,
  day: string,
  full: FestivalWindow,
  now: Date,
  free: (resource: string) => number | undefined,
): FestivalWindow | undefined {
  const others = festival.windows
    .filter((window) => window.windowId !== full.windowId && window.kind === full.kind && bookable(window, day, now))
    .filter((window) => (free(festivalWindowResource(festival._id, window.windowId)) ?? window.capacityBoxes) > 0)
    .sort((a, b) => a.start.localeCompare(b.start));
  return others.find((window) => window.start > full.start) ?? others[0];
}
