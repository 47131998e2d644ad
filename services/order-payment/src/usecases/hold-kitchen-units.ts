import { dispatchDaysFrom, indiaDayKey } from "@storefront/contracts";
import type { KitchenNeed } from "../domain/kitchen.js";
import type { KitchenRepository } from "../persistence/kitchen.js";

/** Held on `day`, or refused: `cannotMake` names what did not fit (a product, or a slot), `resource` is its id. */
export type HoldOutcome = { held: true; day: string } | { held: false; cannotMake: string; resource: string };

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
): Promise<HoldOutcome> {
  const lines = needs.map(({ productId, units }) => ({ productId, units }));
  if (!(await kitchen.recordHold(orderId, lines, now))) return heldByTwin(kitchen, orderId, needs, now, days);
  // Named to the shopper: the product that did not fit today (the day they would want it first).
  let cannotMake: KitchenNeed | undefined;
  for (const day of days) {
    const taken: KitchenNeed[] = [];
    for (const need of needs) {
      await kitchen.openDay(need.productId, day, need.dailyUnits);
      if (!(await kitchen.take(need.productId, day, orderId, need.units))) {
        cannotMake ??= need;
        break;
      }
      taken.push(need);
    }
    if (taken.length === needs.length) {
      await kitchen.markHeld(orderId, day);
      return { held: true, day };
    }
    for (const need of taken) await kitchen.giveBackHeld(need.productId, day, orderId, need.units);
  }
  await kitchen.forgetHold(orderId);
  const named = cannotMake ?? needs[0];
  return { held: false, cannotMake: named?.name ?? "", resource: named?.productId ?? "" };
}

/** The same order id checked out twice at once: the first checkout's outcome, once it is known. */
async function heldByTwin(
  kitchen: KitchenRepository,
  orderId: string,
  needs: readonly KitchenNeed[],
  now: Date,
  days: readonly string[],
): Promise<HoldOutcome> {
  const until = Date.now() + WAIT_FOR_TWIN_MS;
  while (Date.now() < until) {
    const hold = await kitchen.holdOf(orderId);
    // The first found no day: this one tries again itself.
    if (!hold) return holdKitchenUnits(kitchen, orderId, needs, now, days);
    if (hold.state === "held" && hold.day) return { held: true, day: hold.day };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the kitchen hold of order ${orderId} is still being taken`);
}
