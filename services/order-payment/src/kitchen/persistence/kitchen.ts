import type { KitchenProductDay } from "@storefront/contracts";
import { type Database, dueList, insertOnce, isDuplicateKey } from "@storefront/stores";

type Db = Database["db"];

/**
 * One product on one dispatch day (`kitchen_days`, docs/back-office.md, Production capacity). `free` is always
 * `capacity - held - sold`, so "is there room" is one field compared in the update's own filter: the local database
 * refuses `$expr`, and a guarded `$inc` is atomic on MongoDB and on the patched local server
 * (docs/local-database.md). Which order holds or bought how many units is kept per order (`heldFor`, `soldTo`), so
 * every move of an order's units is guarded by its own entry and happens once however often it is asked.
 */
export interface KitchenDay {
  _id: string;
  productId: string;
  day: string;
  /** False: the kitchen sets no limit for this product (its units are still counted, for the production list). */
  limited: boolean;
  capacity: number;
  free: number;
  held: number;
  sold: number;
  /** The owner set this day's capacity: the product's default no longer applies to it. */
  setByOwner: boolean;
  heldFor: Record<string, number>;
  soldTo: Record<string, number>;
}

/** What one order asks of one product's batch: units of 250 g. */
export interface KitchenLine {
  productId: string;
  units: number;
}

/**
 * An order's units, recorded before any are taken (`kitchen_holds`, `_id` = order id): the same order id twice holds
 * once, and the sweeper finds what a crash left behind. `day` is set once every line is held.
 */
export interface KitchenHold {
  _id: string;
  lines: KitchenLine[];
  day?: string;
  state: "holding" | "held";
  /**
   * The sweeper has put the order's units where its order's state says, for good. The hold itself is kept: a payment
   * that comes after its order failed or expired sells its lines again (kitchen/usecases/sell-kitchen-units.ts).
   */
  done?: boolean;
  createdAt: Date;
}

/** A product-day's limit as a checkout finds it: whether it has one, and the day's capacity. */
export interface DayRoom {
  limited: boolean;
  capacity: number;
}

/** A product's (or a slot's) day: the `_id` of its document in `kitchen_days`. */
export const dayId = (productId: string, day: string) => `${productId}#${day}`;

/**
 * Attempts at a guarded take while the day, read after each miss, still has room. Each miss with room left is another
 * writer's change; the bound only stops a livelock, "full" is decided by the day as read.
 */
const TAKE_ATTEMPTS = 100;

/** What a product's day starts as: the product's default capacity, or no limit. */
const freshDay = (productId: string, day: string, dailyUnits: number | undefined): KitchenDay => ({
  _id: dayId(productId, day),
  productId,
  day,
  limited: dailyUnits !== undefined,
  capacity: dailyUnits ?? 0,
  free: dailyUnits ?? 0,
  held: 0,
  sold: 0,
  setByOwner: false,
  heldFor: {},
  soldTo: {},
});

export function kitchenRepository(db: Db) {
  const days = db.collection<KitchenDay>("kitchen_days");
  const holds = db.collection<KitchenHold>("kitchen_holds");
  // The holds the sweeper still watches (not done), so that it never reads the done ones, which are most of them and
  // grow with history: `_id` = order id, `since` = the hold's creation.
  const openHolds = dueList(db, "kitchen_holds_open");
  // Order ids are the spec's client ids (letters and digits), checked at checkout; never a dot or a dollar here.
  const heldBy = (orderId: string) => `heldFor.${orderId}`;
  const soldTo = (orderId: string) => `soldTo.${orderId}`;
  /** The product's day, with room for `units` (or no limit), where the order has nothing held or bought yet. */
  const roomFor = (productId: string, day: string, orderId: string, units: number) => ({
    _id: dayId(productId, day),
    $or: [{ limited: false }, { free: { $gte: units } }],
    [heldBy(orderId)]: { $exists: false },
    [soldTo(orderId)]: { $exists: false },
  });

  /** A day's capacity moved to `capacity`, `free` with it; false when the day changed meanwhile. */
  const setCapacity = (current: KitchenDay, limited: boolean, capacity: number, setByOwner: boolean) =>
    days
      .updateOne(
        { _id: current._id, capacity: current.capacity, limited: current.limited },
        { $set: { capacity, limited, setByOwner }, $inc: { free: capacity - current.capacity } },
      )
      .then((written) => written.modifiedCount === 1);

  async function insertDay(day: KitchenDay): Promise<void> {
    await days.updateOne({ _id: day._id }, { $setOnInsert: day }, { upsert: true }).catch((error: unknown) => {
      // Two checkouts opening the same day at once: one inserts it, the other finds it.
      if (!isDuplicateKey(error)) throw error;
    });
  }

  /**
   * Makes sure the product's day exists and, unless the owner set that day, follows the product's default now
   * (the owner changed it on the product since the day was opened).
   */
  async function openDay(productId: string, day: string, dailyUnits: number | undefined): Promise<DayRoom> {
    const byDefault = { limited: dailyUnits !== undefined, capacity: dailyUnits ?? 0 };
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = await days.findOne({ _id: dayId(productId, day) }, { projection: { heldFor: 0, soldTo: 0 } });
      if (!current) {
        await insertDay(freshDay(productId, day, dailyUnits));
        return byDefault;
      }
      if (current.setByOwner) return { limited: current.limited, capacity: current.capacity };
      if (current.limited === byDefault.limited && current.capacity === byDefault.capacity) return byDefault;
      if (await setCapacity(current, byDefault.limited, byDefault.capacity, false)) return byDefault;
    }
    return byDefault;
  }

  return {
    ensureIndexes: async () => {
      await days.createIndex({ day: 1, productId: 1 });
      await openHolds.ensureIndexes();
    },

    openDay,

    /** The owner's capacity for a product on a day (0 closes it); the day keeps its orders' units. */
    async setDayCapacity(productId: string, day: string, capacity: number): Promise<void> {
      for (;;) {
        const current = await days.findOne({ _id: dayId(productId, day) }, { projection: { heldFor: 0, soldTo: 0 } });
        if (!current) {
          await insertDay({ ...freshDay(productId, day, capacity), setByOwner: true });
          // Inserted by this call, or opened meanwhile by a checkout: the next turn sets it in either case.
          const inserted = await days.findOne({ _id: dayId(productId, day), setByOwner: true, capacity });
          if (inserted) return;
          continue;
        }
        if (await setCapacity(current, true, capacity, true)) return;
      }
    },

    /**
     * Holds `units` for the order if there is room; true when held now or already held for it. One guarded update on
     * the common path, with no read before it: the filter also asks that the day still follows the product's default
     * (`dailyUnits`, absent: no limit) or was set by the owner, so a day opened with another default, or not opened
     * yet, misses, and only then is the day opened ({@link openDay}) and the take tried again. "Full" is decided by
     * the day as read after a miss, never by the miss alone: the first checkouts of a day all miss (it is not there
     * yet) while one of them opens it, and the others then read it open with room (17 of 20 were told a day of 30
     * was full when a miss with the day read back counted as full).
     */
    async take(
      productId: string,
      day: string,
      orderId: string,
      units: number,
      dailyUnits: number | undefined,
      /** Only a day with no limit: a limited one answers "limited" untaken (its shopper's share comes first). */
      onlyUnlimited = false,
    ): Promise<boolean | "limited"> {
      const hold = { $inc: { free: -units, held: units }, $set: { [heldBy(orderId)]: units } };
      const { $or: room, ...rest } = roomFor(productId, day, orderId, units);
      const followsDefault = onlyUnlimited
        ? [{ limited: false }]
        : [{ setByOwner: true }, { limited: dailyUnits !== undefined, capacity: dailyUnits ?? 0 }];
      const byDefault = { limited: dailyUnits !== undefined, capacity: dailyUnits ?? 0 };
      for (let attempt = 0; attempt < TAKE_ATTEMPTS; attempt++) {
        const first = await days.updateOne({ ...rest, $and: [{ $or: room }, { $or: followsDefault }] }, hold);
        if (first.modifiedCount === 1) return true;
        // Refused: read why, with the order's own entries (held already: a retried checkout), in the same read.
        const current = await days.findOne(
          { _id: dayId(productId, day) },
          {
            projection: {
              limited: 1,
              capacity: 1,
              free: 1,
              setByOwner: 1,
              [heldBy(orderId)]: 1,
              [soldTo(orderId)]: 1,
            },
          },
        );
        if (current?.heldFor?.[orderId] === units) return true;
        const opened =
          current &&
          (current.setByOwner || (current.limited === byDefault.limited && current.capacity === byDefault.capacity))
            ? { limited: current.limited, capacity: current.capacity }
            : await openDay(productId, day, dailyUnits);
        if (onlyUnlimited && opened.limited) return "limited";
        if (current && opened.limited === current.limited && opened.capacity === current.capacity) {
          // The day was there as the take expects: full, or the order holds or bought there already; else it had
          // room when read (opened or given back by another checkout since the miss): again.
          const mine = current.heldFor?.[orderId] !== undefined || current.soldTo?.[orderId] !== undefined;
          if ((current.limited && current.free < units) || mine) return false;
          continue;
        }
        const written = await days.updateOne(roomFor(productId, day, orderId, units), hold);
        if (written.modifiedCount === 1) return true;
        if ((await days.countDocuments({ _id: dayId(productId, day), [heldBy(orderId)]: units })) === 1) return true;
      }
      return false;
    },

    /** Gives back what the order holds (not what it bought); a no-op when it holds nothing there. */
    giveBackHeld: (productId: string, day: string, orderId: string, units: number) =>
      days.updateOne(
        { _id: dayId(productId, day), [heldBy(orderId)]: units },
        { $inc: { free: units, held: -units }, $unset: { [heldBy(orderId)]: "" } },
      ),

    /** Gives back what the order bought (a cancelled order); a no-op when it bought nothing there. */
    giveBackSold: (productId: string, day: string, orderId: string, units: number) =>
      days.updateOne(
        { _id: dayId(productId, day), [soldTo(orderId)]: units },
        { $inc: { free: units, sold: -units }, $unset: { [soldTo(orderId)]: "" } },
      ),

    /**
     * The order's held units become sold; when they were given back meanwhile (its payment came after it expired),
     * they are taken again if there is room. "sold" when the units are the order's now, "full" when there is no room.
     */
    async sell(productId: string, day: string, orderId: string, units: number): Promise<"sold" | "full"> {
      const moved = await days.updateOne(
        { _id: dayId(productId, day), [heldBy(orderId)]: units },
        { $inc: { held: -units, sold: units }, $unset: { [heldBy(orderId)]: "" }, $set: { [soldTo(orderId)]: units } },
      );
      if (moved.modifiedCount === 1) return "sold";
      const retaken = await days.updateOne(roomFor(productId, day, orderId, units), {
        $inc: { free: -units, sold: units },
        $set: { [soldTo(orderId)]: units },
      });
      if (retaken.modifiedCount === 1) return "sold";
      const already = await days.countDocuments({ _id: dayId(productId, day), [soldTo(orderId)]: units });
      return already === 1 ? "sold" : "full";
    },

    /** Whether every line of the order is sold on `day` (one read: the sweeper's check before any write). */
    soldAll: async (orderId: string, day: string, lines: readonly KitchenLine[]) =>
      (await days.countDocuments({
        _id: { $in: lines.map((line) => dayId(line.productId, day)) },
        [soldTo(orderId)]: { $exists: true },
      })) === lines.length,

    /** The product-days of `productIds` (all when empty) from `fromDay` to `toDay`, without the per-order maps. */
    daysBetween: (fromDay: string, toDay: string, productIds: readonly string[] = []) =>
      days
        .find(
          {
            day: { $gte: fromDay, $lte: toDay },
            ...(productIds.length ? { productId: { $in: [...productIds] } } : {}),
          },
          { projection: { heldFor: 0, soldTo: 0 } },
        )
        .toArray(),

    /**
     * The orders whose units are sold on `day` (paid or cash on delivery, not given back): the owner's printouts
     * (docs/back-office.md, Printouts). Reads the day's product-days, as the dashboard does, never the orders.
     */
    async ordersSoldOn(day: string): Promise<string[]> {
      const found = await days.find({ day }, { projection: { soldTo: 1 } }).toArray();
      return [...new Set(found.flatMap((productDay) => Object.keys(productDay.soldTo ?? {})))].sort();
    },

    /**
     * Records an order's lines before any unit is taken; false when the order id has a record already. Listed open
     * first: a crash between the two writes leaves an entry without a hold, which the sweeper removes; the other way
     * round it would leave a hold (and the units it takes next) no sweeper ever looks at.
     */
    async recordHold(orderId: string, lines: KitchenLine[], at: Date): Promise<boolean> {
      await openHolds.add({ _id: orderId, since: at });
      return insertOnce(holds, { _id: orderId, lines, state: "holding", createdAt: at });
    },
    holdOf: (orderId: string) => holds.findOne({ _id: orderId }),
    markHeld: (orderId: string, day: string) =>
      holds.updateOne({ _id: orderId, state: "holding" }, { $set: { state: "held", day } }),
    /**
     * A checkout that found no day with room forgets its record, so the same order id may try again; so does one
     * refused after its units were held and given back (its coupon was used up: orders/usecases/place-order.ts).
     */
    async forgetHold(orderId: string, state: KitchenHold["state"] = "holding"): Promise<void> {
      const forgotten = await holds.deleteOne({ _id: orderId, state });
      if (forgotten.deletedCount === 1) await openHolds.remove(orderId);
    },
    /** The sweeper is done with the hold for good: it leaves the sweeper's sight. */
    async markDone(orderId: string): Promise<void> {
      await holds.updateOne({ _id: orderId }, { $set: { done: true } });
      await openHolds.remove(orderId);
    },
    /**
     * Holds the sweeper still watches, oldest first: those not done, opened before `before`, each read by `_id` from
     * the open list. An entry whose hold is gone or done (a crash between the two writes, a retried checkout of an
     * order id already swept) is removed on the way.
     */
    async openHoldsBefore(before: Date, limit: number): Promise<KitchenHold[]> {
      const open: KitchenHold[] = [];
      for (const entry of await openHolds.dueBefore(before, limit)) {
        const hold = await holds.findOne({ _id: entry._id });
        if (hold && !hold.done) open.push(hold);
        else await openHolds.remove(entry._id);
      }
      return open;
    },
    /** Lists open holds stored without an entry (those from before the list: the one-time sweep at start). */
    listOpen: (found: Array<Pick<KitchenHold, "_id" | "createdAt">>) =>
      openHolds.addMany(found.map((hold) => ({ _id: hold._id, since: hold.createdAt }))),
  };
}
export type KitchenRepository = ReturnType<typeof kitchenRepository>;

/** A product-day as the owner's production list shows it. */
export const productDayView = (day: Omit<KitchenDay, "heldFor" | "soldTo">): KitchenProductDay => ({
  productId: day.productId,
  day: day.day,
  ...(day.limited ? { capacity: day.capacity } : {}),
  held: day.held,
  sold: day.sold,
  setByOwner: day.setByOwner,
});
