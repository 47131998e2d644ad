import type { Shopper } from "@storefront/auth";
import {
  type Festival,
  FestivalBookingMessages,
  type FestivalWindow,
  type festivalBookingRequestSchema,
  OrderMessages,
  pincodeOfAddress,
} from "@storefront/contracts";
import type { z } from "zod";
import { type KnownPincode, zonesServing } from "../../delivery/domain/delivery.js";
import type { DeliveryZones } from "../../delivery/persistence/delivery-zones.js";
import { dayId, type KitchenRepository } from "../../kitchen/persistence/kitchen.js";
import { holdKitchenUnits } from "../../kitchen/usecases/hold-kitchen-units.js";
import { billToOf } from "../../orders/domain/bill-to.js";
import type { OpenOrderLimits, Placer } from "../../orders/domain/open-orders.js";
import { placeOfSupply, placeOfSupplyOf } from "../../orders/domain/place-of-supply.js";
import { OrderRuleError } from "../../orders/domain/price-order.js";
import type { ShopperTallies } from "../../orders/persistence/shopper-tallies.js";
import {
  CheckoutError,
  customerOf,
  giveBackUnstored,
  openPayment,
  type PaymentOpening,
  takePlacesOrRefuse,
} from "../../orders/usecases/checkout-steps.js";
import { unpaidShare } from "../../orders/usecases/hold-shopper-tallies.js";
import { BookingError, type LocalZone, nextWindowWithRoom, priceBooking } from "../domain/booking.js";
import { festivalWindowResource, festivalZoneId } from "../domain/festival-resources.js";
import type { FestivalsRepository } from "../persistence/festivals.js";

export interface BookingContext extends PaymentOpening {
  festivals: FestivalsRepository;
  kitchen: KitchenRepository;
  tallies: ShopperTallies;
  openOrderLimits: OpenOrderLimits;
  unpaidSharePercent: () => Promise<number>;
  /** A delivery window's address is served by a zone of the shop's own delivery (docs/delivery.md). */
  pincodes: ReadonlyMap<string, KnownPincode>;
  deliveryZones: DeliveryZones;
  /** The shop's clock: bookings open and close, and windows start, on it (tests set it). */
  now: () => Date;
}

/** Where a booking is collected: the shop, as a pickup order's delivery (mails and invoices say so). */
const AT_THE_SHOP = { name: "Collect at the shop", nameMr: "दुकानातून घ्या" } as const;

/**
 * A festival booking (docs/festivals.md, The booking checkout): boxes of one festival for one day and pickup window,
 * priced from the festival alone, held on the kitchen's counters (the window's boxes first, then each festival
 * product's pieces, all or none, on the festival day), stored as an order under the client's order id (the same id
 * from the same shopper answers the same order) and opened at the payment provider, or confirmed for cash at the
 * counter by email OTP as cash on delivery is. A full window is refused with the next window of the day with room.
 */
export async function placeBooking(
  ctx: BookingContext,
  festivalId: string,
  request: z.output<typeof festivalBookingRequestSchema>,
  shopper: Shopper,
  /** The client address's key (libs/http requestClientKey): open orders count per address. */
  client: string,
) {
  // A guest books as the email they proved; a signed-in customer as the account's email.
  if (shopper.kind === "guest" && request.customerEmail !== shopper.email) {
    throw new CheckoutError("email-mismatch", "Please, validate email with otp");
  }
  const [festival, placedBefore] = await Promise.all([
    ctx.festivals.byId(festivalId),
    ctx.orders.byId(request.orderId),
  ]);
  if (!festival) throw new BookingError("not-found", FestivalBookingMessages.NOT_FOUND);
  const now = ctx.now();
  const zone = await deliveryZoneFor(ctx, festival, request);
  const booking = priceBooking(festival, request, now, zone);
  // The shopper's address must name its state; the invoice's place of supply is then by the rule
  // (docs/business-buyers.md, Place of supply): collected at the counter, the shop's state; a delivery window, the
  // delivery address's, or a registered buyer's billing state when the boxes go elsewhere. A mandal's or a temple's
  // bill-to (its GSTIN) is judged as the checkout's, before anything is taken.
  const deliveredTo = placeOfSupply(request.shippingAddress);
  if (!deliveredTo) throw new OrderRuleError("address", OrderMessages.ADDRESS_INCOMPLETE);
  const billTo = billToOf(request.billTo, request.shippingAddress);
  const supply = placeOfSupplyOf({ pickedUp: !zone, deliveredTo, shippingAddress: request.shippingAddress, billTo });
  const customer = customerOf(shopper, request.customerName, request.mobile);
  const cash = request.paymentMethod === "cash-at-counter";
  const placer: Placer = { email: customer.email, mobile: customer.mobile, client };
  // The rush at opening: a window already full is refused on one point read of its day, before anything is taken
  // (a new booking's open places, its hold). Only a hint: the guarded take below decides a window with room.
  if (!placedBefore) {
    const [counter] = await ctx.kitchen.daysOf([
      { resource: windowResource(festival, booking.window), day: request.day },
    ]);
    const units = booking.needs[0]?.units ?? 0;
    if (counter?.limited && counter.free < units) {
      throw await windowFull(ctx.kitchen, festival, booking.window, request.day, now);
    }
  }
  const places = await takePlacesOrRefuse(ctx, request.orderId, placer, cash, Boolean(placedBefore), now);
  try {
    const share = unpaidShare(ctx.tallies, request.orderId, placer, await ctx.unpaidSharePercent());
    const hold = await holdKitchenUnits(ctx.kitchen, request.orderId, booking.needs, now, [request.day], share);
    if (!hold.held) {
      if (hold.share) {
        throw new CheckoutError("unpaid-share", OrderMessages.unpaidShareReached(hold.cannotMake, hold.share.limit));
      }
      if (hold.resource === festivalWindowResource(festival._id, booking.window.windowId)) {
        throw await windowFull(ctx.kitchen, festival, booking.window, request.day, now);
      }
      throw new BookingError("sold-out", FestivalBookingMessages.SOLD_OUT);
    }
    const { window } = booking;
    const { order } = await ctx.orders.createOnce({
      _id: request.orderId,
      customer,
      lines: booking.lines,
      features: [],
      charges: booking.charges,
      shippingAddress: request.shippingAddress,
      placeOfSupply: supply,
      ...(billTo ? { billTo } : {}),
      dispatchDay: hold.day,
      // Collected at the shop, or delivered by the zone serving the address: the delivery run lists it there.
      delivery: {
        ...(zone
          ? {
              zoneId: zone.zoneId,
              kind: "local" as const,
              name: zone.name,
              ...(zone.nameMr ? { nameMr: zone.nameMr } : {}),
            }
          : { zoneId: festivalZoneId(festival._id), kind: "pickup" as const, ...AT_THE_SHOP }),
        date: request.day,
        slotId: window.windowId,
        slotLabel: window.label,
        ...(window.labelMr ? { slotLabelMr: window.labelMr } : {}),
      },
      festival: {
        festivalId: festival._id,
        festivalName: festival.name,
        ...(festival.nameMr ? { nameMr: festival.nameMr } : {}),
        day: request.day,
        windowId: window.windowId,
        windowLabel: window.label,
        ...(window.labelMr ? { windowLabelMr: window.labelMr } : {}),
        cashAtCounter: festival.cashAtCounter,
      },
      // Cash at the counter is counted, confirmed (email OTP) and recorded as cash on delivery (docs/counter.md).
      ...(cash ? { paymentMethod: "cash-on-delivery" as const } : {}),
      ...(request.language === "mr" ? { language: request.language } : {}),
      paymentStatus: "PENDING",
      orderStatus: "Pending",
      createdAt: now,
      updatedAt: now,
    });
    return await openPayment(ctx, order, shopper);
  } catch (error) {
    await giveBackUnstored(ctx, request.orderId, places);
    throw error;
  }
}

/**
 * For a delivery window, the zone of the shop's own delivery that serves the address's pincode (as the pincode check
 * finds it, docs/delivery.md); undefined for a pickup window, or when none serves it (refused by `priceBooking`).
 */
async function deliveryZoneFor(
  ctx: Pick<BookingContext, "pincodes" | "deliveryZones">,
  festival: Festival,
  request: Pick<z.output<typeof festivalBookingRequestSchema>, "windowId" | "shippingAddress">,
): Promise<LocalZone | undefined> {
  const window = festival.windows.find((candidate) => candidate.windowId === request.windowId);
  if (window?.kind !== "delivery") return undefined;
  const pincode = pincodeOfAddress(request.shippingAddress) ?? "";
  const known = ctx.pincodes.get(pincode) ?? { place: "", km: null };
  const { zones } = await ctx.deliveryZones.current();
  return zonesServing(pincode, known, zones).find((zone): zone is LocalZone => zone.kind === "local");
}

const windowResource = (festival: Festival, window: FestivalWindow) =>
  festivalWindowResource(festival._id, window.windowId);

/** A full window's refusal, naming the next window of the day with room as the kitchen's day counters have it. */
async function windowFull(
  kitchen: KitchenRepository,
  festival: Festival,
  full: FestivalWindow,
  day: string,
  now: Date,
): Promise<BookingError> {
  // Each window-day by its `_id` (docs/festivals.md: never a query over kitchen_days).
  const days = await kitchen.daysOf(
    festival.windows.map((window) => ({ resource: windowResource(festival, window), day })),
  );
  const counted = new Map(days.map((counter) => [counter._id, counter]));
  const next = nextWindowWithRoom(festival, day, full, now, (resource) => {
    const counter = counted.get(dayId(resource, day));
    return counter?.limited ? counter.free : undefined;
  });
  return new BookingError(
    "window-full",
    FestivalBookingMessages.WINDOW_FULL,
    next && { windowId: next.windowId, label: next.label, ...(next.labelMr ? { labelMr: next.labelMr } : {}) },
  );
}
