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

/**
 * Takes each tally in the order given, one after another, and gives back what it took when one is full; the index
 * of the full one, or undefined when all were taken. One after another, not side by side: with 20 checkouts at once
 * by one shopper (one email, one mobile number), side by side some took the email's place while the mobile's was
 * full of others that had missed the email's, and both gave back, so 4 opened where 5 were allowed. In order, only
 * those holding the first place contend for the next, as locks taken in one order never deadlock.
 */
async function takeInOrder(
  tallies: ShopperTallies,
  orderId: string,
  takes: Array<{ key: string; amount: number; limit: number }>,
): Promise<number | undefined> {
  for (const [index, { key, amount, limit }] of takes.entries()) {
    if ((await tallies.take(key, orderId, amount, limit)) === "taken") continue;
    await Promise.all(takes.slice(0, index).map((taken) => tallies.giveBack(taken.key, orderId, taken.amount)));
    return index;
  }
  return undefined;
}

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
  const full = await takeInOrder(
    tallies,
    orderId,
    places.map(({ key, limit }) => ({ key, amount: OPEN_PLACE, limit })),
  );
  if (full !== undefined) {
    await tallies.forget(orderId);
    return { taken: false, kind: places[full]?.kind ?? "open" };
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
      // Lines side by side (each product's day is its own); a line's keys in order, as the open places.
      return Promise.all(
        wants.map(
          async ({ units, limit }, index) =>
            (await takeInOrder(
              tallies,
              orderId,
              (keysOf[index] ?? []).map((key) => ({ key, amount: units, limit })),
            )) === undefined,
        ),
      );
    },
    async giveBack(productId, day, units) {
      await Promise.all(unpaidShareKeys(productId, day, placer).map((key) => tallies.giveBack(key, orderId, units)));
    },
  };
}
