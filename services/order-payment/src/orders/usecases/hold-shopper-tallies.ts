import type { UnpaidShare } from "../../kitchen/usecases/hold-kitchen-units.js";
import {
  OPEN_PLACE,
  type OpenOrderLimits,
  openPlaces,
  type Placer,
  unpaidShareKeys,
  unpaidShareLimit,
} from "../domain/open-orders.js";
import type { ShopperTallies } from "../persistence/shopper-tallies.js";

/**
 * `mine`: this checkout took them (a retried checkout of the same order id finds them taken by the first).
 */
export type OpenPlacesOutcome = { taken: true; mine: boolean } | { taken: false; kind: "open" | "cash" };

/** A checkout takes milliseconds, a provider's first webhook seconds: the sweeper leaves a newer record alone. */
const CHECKOUT_SETTLES_MS = 60_000;

/**
 * A new order's places among its shopper's open orders (docs/order-lifecycle.md, Open orders and holds): per email,
 * mobile number and client address, and for cash on delivery its own. Recorded first, so a retried checkout of the
 * same order id finds them taken and a checkout that dies half-way is swept; each place is one guarded counter,
 * never a count followed by an insert. A full one gives back what was taken and names the limit.
 */
export async function takeOpenPlaces(
  tallies: ShopperTallies,
  orderId: string,
  placer: Placer,
  cash: boolean,
  limits: OpenOrderLimits,
  now: Date,
): Promise<OpenPlacesOutcome> {
  const places = openPlaces(placer, cash, limits);
  if (
    !(await tallies.record(
      orderId,
      places.map(({ key }) => key),
      now,
      CHECKOUT_SETTLES_MS,
    ))
  ) {
    return { taken: true, mine: false };
  }
  // Side by side: each place is its own guarded tally and none depends on another's outcome; the order is recorded
  // already, so a crash between them is swept, and a refusal gives back every place (a no-op where none was taken).
  const outcomes = await Promise.all(places.map((place) => tallies.take(place.key, orderId, OPEN_PLACE, place.limit)));
  const full = places.find((_, index) => outcomes[index] !== "taken");
  if (full) {
    await Promise.all(places.map(({ key }) => tallies.giveBack(key, orderId, OPEN_PLACE)));
    await tallies.forget(orderId);
    return { taken: false, kind: full.kind };
  }
  return { taken: true, mine: true };
}

/**
 * The shopper's share of each limited product's day for an order held unpaid (kitchen/usecases/hold-kitchen-units.ts):
 * counted per email and per client address, each key recorded on the order's tallies before it is taken.
 */
export function unpaidShare(tallies: ShopperTallies, orderId: string, placer: Placer, percent: number): UnpaidShare {
  return {
    limitOf: (capacity) => unpaidShareLimit(capacity, percent),
    async take(day, wants) {
      const keysOf = wants.map(({ productId }) => unpaidShareKeys(productId, day, placer));
      // One record of every key the lines ask, before any is taken: the sweeper gives back what a crash left.
      await tallies.recordUnpaid(orderId, keysOf.flat());
      // Side by side, as the open places: each key its own guarded tally; a line's keys all go back when one is full.
      return Promise.all(
        wants.map(async ({ units, limit }, index) => {
          const keys = keysOf[index] ?? [];
          const outcomes = await Promise.all(keys.map((key) => tallies.take(key, orderId, units, limit)));
          if (outcomes.every((outcome) => outcome === "taken")) return true;
          await Promise.all(keys.map((key) => tallies.giveBack(key, orderId, units)));
          return false;
        }),
      );
    },
    async giveBack(productId, day, units) {
      await Promise.all(unpaidShareKeys(productId, day, placer).map((key) => tallies.giveBack(key, orderId, units)));
    },
  };
}
