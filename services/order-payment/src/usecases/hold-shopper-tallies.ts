import {
  type OpenOrderLimits,
  openPlaces,
  type Placer,
  unpaidShareKeys,
  unpaidShareLimit,
} from "../domain/open-orders.js";
import type { ShopperTallies } from "../persistence/shopper-tallies.js";
import type { UnpaidShare } from "./hold-kitchen-units.js";

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
  for (const place of places) {
    if ((await tallies.take(place.key, orderId, 1, place.limit)) === "taken") continue;
    for (const { key } of places) await tallies.giveBack(key, orderId);
    await tallies.forget(orderId);
    return { taken: false, kind: place.kind };
  }
  return { taken: true, mine: true };
}

/**
 * The shopper's share of each limited product's day for an order held unpaid (usecases/hold-kitchen-units.ts):
 * counted per email and per client address, each key recorded on the order's tallies before it is taken.
 */
export function unpaidShare(tallies: ShopperTallies, orderId: string, placer: Placer, percent: number): UnpaidShare {
  return {
    limitOf: (capacity) => unpaidShareLimit(capacity, percent),
    async take(productId, day, units, limit) {
      const keys = unpaidShareKeys(productId, day, placer);
      await tallies.recordUnpaid(orderId, keys);
      for (const key of keys) {
        if ((await tallies.take(key, orderId, units, limit)) === "taken") continue;
        for (const taken of keys) await tallies.giveBack(taken, orderId);
        return false;
      }
      return true;
    },
    async giveBack(productId, day) {
      for (const key of unpaidShareKeys(productId, day, placer)) await tallies.giveBack(key, orderId);
    },
  };
}
