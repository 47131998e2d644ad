import { dispatchDaysFrom, indiaDayKey } from "@storefront/contracts";
import { isProductResource, type KitchenNeed } from "../domain/kitchen.js";
import type { KitchenRepository } from "../persistence/kitchen.js";

/**
 * Held on `day`, or refused: `cannotMake` names what did not fit (a product, or a slot), `resource` is its id; `share`
 * when the kitchen had room but the shopper already holds their share of it unpaid (docs/order-lifecycle.md).
 */
export type HoldOutcome =
  | { held: true; day: string }
  | { held: false; cannotMake: string; resource: string; share?: { limit: number } };

/**
 * The share of a limited product's day one shopper may hold unpaid (docs/order-lifecycle.md, Open orders and holds):
 * taken before the day's units, given back with them when the order's other lines do not fit that day.
 */
export interface UnpaidShare {
  /** The most units one shopper may hold unpaid of a day with `capacity` units. */
  limitOf(capacity: number): number;
  take(productId: string, day: string, units: number, limit: number): Promise<boolean>;
  giveBack(productId: string, day: string): Promise<void>;
}

/** How long a second checkout of the same order id waits for the first one's holds (they take milliseconds). */
const WAIT_FOR_TWIN_MS = 3_000;

/**
 * What a checkout asks of the kitchen before its order is stored (docs/back-office.md, Production capacity): every
 * line's units held on the earliest dispatch day with room for all of them, or none held at all. The same order id
 * twice holds once (its record is inserted first, on a unique key); a checkout that finds no day says which product
 * cannot be made. Each unit is taken by one guarded update, so 500 racing checkouts for 100 units hold exactly 100.
 */
export async function holdKitchenUnits(
  kitchen: KitchenRepository,
  orderId: string,
  needs: readonly KitchenNeed[],
  now: Date,
  /** The days it may be held on, in order of preference: by default today and the next days within reach. */
  days: readonly string[] = dispatchDaysFrom(indiaDayKey(now)),
  /** The shopper's share of each limited product's day, for an order held unpaid; absent: not bounded. */
  share?: UnpaidShare,
): Promise<HoldOutcome> {
  const lines = needs.map(({ productId, units }) => ({ productId, units }));
  if (!(await kitchen.recordHold(orderId, lines, now))) return heldByTwin(kitchen, orderId, needs, now, days, share);
  // Named to the shopper: the product that did not fit today (the day they would want it first).
  let cannotMake: { need: KitchenNeed; shareLimit?: number } | undefined;
  for (const day of days) {
    const taken: KitchenNeed[] = [];
    const shared: KitchenNeed[] = [];
    for (const need of needs) {
      const room = await kitchen.openDay(need.productId, day, need.dailyUnits);
      // A share of the whole day (or more) bounds nothing the day's own room does not: the kitchen says it.
      const limit =
        share && room.limited && isProductResource(need.productId) ? share.limitOf(room.capacity) : undefined;
      if (share && limit !== undefined && limit < room.capacity) {
        if (!(await share.take(need.productId, day, need.units, limit))) {
          cannotMake ??= { need, shareLimit: limit };
          break;
        }
        shared.push(need);
      }
      if (!(await kitchen.take(need.productId, day, orderId, need.units))) {
        cannotMake ??= { need };
        break;
      }
      taken.push(need);
    }
    if (taken.length === needs.length) {
      await kitchen.markHeld(orderId, day);
      return { held: true, day };
    }
    for (const need of taken) await kitchen.giveBackHeld(need.productId, day, orderId, need.units);
    for (const need of shared) await share?.giveBack(need.productId, day);
  }
  await kitchen.forgetHold(orderId);
  const named = cannotMake?.need ?? needs[0];
  return {
    held: false,
    cannotMake: named?.name ?? "",
    resource: named?.productId ?? "",
    ...(cannotMake?.shareLimit !== undefined ? { share: { limit: cannotMake.shareLimit } } : {}),
  };
}

/** The same order id checked out twice at once: the first checkout's outcome, once it is known. */
async function heldByTwin(
  kitchen: KitchenRepository,
  orderId: string,
  needs: readonly KitchenNeed[],
  now: Date,
  days: readonly string[],
  share: UnpaidShare | undefined,
): Promise<HoldOutcome> {
  const until = Date.now() + WAIT_FOR_TWIN_MS;
  while (Date.now() < until) {
    const hold = await kitchen.holdOf(orderId);
    // The first found no day: this one tries again itself.
    if (!hold) return holdKitchenUnits(kitchen, orderId, needs, now, days, share);
    if (hold.state === "held" && hold.day) return { held: true, day: hold.day };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the kitchen hold of order ${orderId} is still being taken`);
}
