import { dispatchDaysFrom, indiaDayKey } from "@storefront/contracts";
import { isProductResource, type KitchenNeed } from "../domain/kitchen.js";
import type { DayRoom, KitchenRepository } from "../persistence/kitchen.js";

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
  /** Takes the shares of `day` the order's lines ask, recorded together first: whether each was taken. */
  take(day: string, wants: readonly { productId: string; units: number; limit: number }[]): Promise<boolean[]>;
  giveBack(productId: string, day: string, units: number): Promise<void>;
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
    const refused = await holdOnDay(kitchen, orderId, needs, day, share);
    if (!refused) {
      await kitchen.markHeld(orderId, day);
      return { held: true, day };
    }
    cannotMake ??= refused;
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

/**
 * Every line's units held on `day`, or none: undefined when held, else the first line (in the order's order) that did
 * not fit. Each line's units are their own guarded update on their own product-day, taken one after another in the
 * order's order, and a refusal gives back the lines taken before it. Not side by side: with 200 checkouts at once for
 * a slot of 20 and a day of karanji, side by side some held the slot while the karanji was full of checkouts that
 * had missed the slot, all gave back, and 16 orders took a slot of 20. One after another, only the holders of a line
 * contend for the next, so the scarce one fills exactly (the slot comes first: place-order.ts). The order's record is
 * written already, so a crash in between is swept. A product's day is read first only for an order held unpaid, whose
 * shopper's share is a part of the day's capacity; the shares are taken before the day's units and given back with
 * them.
 */
async function holdOnDay(
  kitchen: KitchenRepository,
  orderId: string,
  needs: readonly KitchenNeed[],
  day: string,
  share: UnpaidShare | undefined,
): Promise<{ need: KitchenNeed; shareLimit?: number } | undefined> {
  const bounded = (need: KitchenNeed) => share !== undefined && isProductResource(need.productId);
  // A product limited by default is read first when the shopper's share is bounded: the share comes from the day's
  // capacity and is taken before the day's units.
  const rooms = await Promise.all(
    needs.map((need) =>
      bounded(need) && need.dailyUnits !== undefined
        ? kitchen.openDay(need.productId, day, need.dailyUnits)
        : undefined,
    ),
  );
  const limits = rooms.map((room) => (room ? shareLimitOf(share, room) : undefined));
  const shared: KitchenNeed[] = [];
  const giveBackShares = () => Promise.all(shared.map((need) => share?.giveBack(need.productId, day, need.units)));
  const takeShares = async (wants: readonly { need: KitchenNeed; limit: number }[]) => {
    if (!share || !wants.length) return undefined;
    const taken = await share.take(
      day,
      wants.map(({ need, limit }) => ({ productId: need.productId, units: need.units, limit })),
    );
    shared.push(...wants.filter((_, index) => taken[index]).map(({ need }) => need));
    const over = wants.find((_, index) => !taken[index]);
    return over && { need: over.need, shareLimit: over.limit };
  };
  const over = await takeShares(
    needs.flatMap((need, index) => {
      const limit = limits[index];
      return limit === undefined ? [] : [{ need, limit }];
    }),
  );
  if (over) {
    await giveBackShares();
    return over;
  }
  /** One line's units: true when held, false when the day is full, the share's refusal when that is full. */
  const holdLine = async (need: KitchenNeed, index: number) => {
    // A product with no default limit is taken only if its day has none either (one update, no read); a day the
    // owner limited answers "limited", and its share is taken before its units, as above.
    const onlyUnlimited = bounded(need) && !rooms[index];
    const first = await kitchen.take(need.productId, day, orderId, need.units, need.dailyUnits, onlyUnlimited);
    if (first !== "limited") return first;
    const room = await kitchen.openDay(need.productId, day, need.dailyUnits);
    const limit = shareLimitOf(share, room);
    if (limit !== undefined) {
      const refused = await takeShares([{ need, limit }]);
      if (refused) return { need, shareLimit: limit };
    }
    return (await kitchen.take(need.productId, day, orderId, need.units, need.dailyUnits)) === true;
  };
  for (const [index, need] of needs.entries()) {
    const held = await holdLine(need, index);
    if (held === true) continue;
    await Promise.all(
      needs.slice(0, index).map((taken) => kitchen.giveBackHeld(taken.productId, day, orderId, taken.units)),
    );
    await giveBackShares();
    return held === false ? { need } : held;
  }
  return undefined;
}

/** A shopper's share of a limited day, when it bounds more than the day's own room does. */
function shareLimitOf(share: UnpaidShare | undefined, room: DayRoom): number | undefined {
  // A share of the whole day (or more) bounds nothing the day's own room does not: the kitchen says it.
  const limit = share && room.limited ? share.limitOf(room.capacity) : undefined;
  return limit !== undefined && limit < room.capacity ? limit : undefined;
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
    // Any state past `holding` has every line held, or sold or given back since: the first checkout's answer.
    if (hold.state !== "holding" && hold.day) return { held: true, day: hold.day };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the kitchen hold of order ${orderId} is still being taken`);
}
