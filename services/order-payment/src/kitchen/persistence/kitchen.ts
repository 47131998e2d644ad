import type { KitchenProductDay } from "@storefront/contracts";
import { type Database, dueList, insertOnce, isDuplicateKey } from "@storefront/stores";

type Db = Database["db"];

/**
 * One product on one dispatch day (`kitchen_days`, docs/back-office.md, Production capacity). `free` is always
 * `capacity - held - sold`, so "is there room" is one field compared in the update's own filter: the local database
 * refuses `$expr`, and a guarded `$inc` is atomic on MongoDB and on the patched local server
 * (docs/local-database.md). The document stays small however many orders the day sells: it keeps the counters and
 * only short-lived per-order entries, `heldFor` while an order holds units unpaid (bounded by the unpaid orders in
 * flight) and a marker while a rare move is under way (`retaking`, `returning`). What an order's units are is its hold's
 * state (`kitchen_holds`, {@link KitchenHold}); each entry makes the day's write of one move happen once per order and
 * product-day however often it is asked. A guarded update reads and rewrites the whole document, so a map of every
 * sold order (the former `soldTo`) made every checkout of a festival day slower (4 ms at no entries, 42 ms at 3,000).
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
  /**
   * Legacy: what each order bought, written before the hold's state said it (until 2026-11). Days stored then keep it
   * and a cancel still gives those units back ({@link KitchenRepository.giveBackSold}); nothing writes it any more.
   * Drop it, with `giveBackSold` and its reads, once no such day can still be cancelled or printed.
   */
  soldTo?: Record<string, number>;
  /** Units retaken by an order whose payment came after it expired, while its hold is `retaking`. */
  retaking?: Record<string, number>;
  /** Units given back by a cancelled sold order, while its hold is `returning`. */
  returning?: Record<string, number>;
  /**
   * A festival booking's window boxes moved here from another window (`<order>-<move>`: its hold's move number) or
   * away from here: kept, so each side of a move is written once however often it is asked
   * (festivals/usecases/move-festival-booking.ts). Moves are rare (bookings of a window the owner closed).
   */
  movedIn?: Record<string, number>;
  movedOut?: Record<string, number>;
}

/** What one order asks of one product's batch: units of 250 g. */
export interface KitchenLine {
  productId: string;
  units: number;
}

/**
 * Where an order's units are (docs/back-office.md, Production capacity): `holding` -> `held` (every line held on
 * `day`) -> `selling` -> `sold`; `held` -> `releasing` -> `released` (failed or expired unpaid); `released` ->
 * `retaking` -> `sold`, or back to `released` when a line does not fit (its payment came late); `sold` -> `returning`
 * -> `returned` (cancelled). Each change is one guarded update from the state found (one winner); the `-ing` states
 * say the day writes of that move are under way (kitchen/usecases/sell-kitchen-units.ts, release-kitchen-units.ts).
 */
export type HoldState =
  | "holding"
  | "held"
  | "selling"
  | "sold"
  | "releasing"
  | "released"
  | "retaking"
  | "returning"
  | "returned";

/**
 * An order's units, recorded before any are taken (`kitchen_holds`, `_id` = order id): the same order id twice holds
 * once, and the sweeper finds what a crash left behind. `day` is set once every line is held. Its `state` is the
 * arbiter of what the order's units are (held, sold, given back); the day documents keep only counters.
 */
export interface KitchenHold {
  _id: string;
  lines: KitchenLine[];
  day?: string;
  state: HoldState;
  /**
   * When the state last changed: a move left by a dead process is one unchanged for a minute. Absent on a hold stored
   * before the holds' states (legacy, see {@link KitchenDay.soldTo}) until its first move.
   */
  movedAt?: Date;
  /**
   * The sweeper has put the order's units where its order's state says, for good. The hold itself is kept: a payment
   * that comes after its order failed or expired sells its lines again (kitchen/usecases/sell-kitchen-units.ts).
   */
  done?: boolean;
  createdAt: Date;
  /** Window moves of a festival booking made (festivals/usecases/move-festival-booking.ts); absent: none. */
  moves?: number;
  /** The last move's old line, whose sold units its window-day gives back once (`movedOut.<order>-<move>`). */
  movedFrom?: KitchenLine & { move: number };
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
  const retaking = (orderId: string) => `retaking.${orderId}`;
  const returning = (orderId: string) => `returning.${orderId}`;
  /** The per-order maps, left out of every read of a day that does not need them. */
  const withoutMaps = { heldFor: 0, soldTo: 0, retaking: 0, returning: 0, movedIn: 0, movedOut: 0 } as const;
  const movedIn = (key: string) => `movedIn.${key}`;
  const movedOut = (key: string) => `movedOut.${key}`;
  /** The product's day, with room for `units` (or no limit), where the order holds nothing yet. */
  const roomFor = (productId: string, day: string, orderId: string, units: number) => ({
    _id: dayId(productId, day),
    $or: [{ limited: false }, { free: { $gte: units } }],
    [heldBy(orderId)]: { $exists: false },
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
      const current = await days.findOne({ _id: dayId(productId, day) }, { projection: withoutMaps });
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
      // The owner's printouts: the orders sold on a day (ordersSoldOn).
      await holds.createIndex({ day: 1, state: 1 });
      await openHolds.ensureIndexes();
    },

    openDay,

    /** The owner's capacity for a product on a day (0 closes it); the day keeps its orders' units. */
    async setDayCapacity(productId: string, day: string, capacity: number): Promise<void> {
      for (;;) {
        const current = await days.findOne({ _id: dayId(productId, day) }, { projection: withoutMaps });
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
          // The day was there as the take expects: full, or the order holds there already (other units); else it had
          // room when read (opened or given back by another checkout since the miss): again. An order that bought
          // here cannot take again: its hold record, inserted once per order id, stops a second checkout before this.
          const mine = current.heldFor?.[orderId] !== undefined;
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

    /**
     * Legacy (days stored before the hold's state said what was sold, see {@link KitchenDay.soldTo}): gives back what
     * the order bought there, once; a no-op on the days written since, which have no `soldTo`.
     */
    giveBackSold: (productId: string, day: string, orderId: string, units: number) =>
      days.updateOne(
        { _id: dayId(productId, day), [soldTo(orderId)]: units },
        { $inc: { free: units, sold: -units }, $unset: { [soldTo(orderId)]: "" } },
      ),

    /**
     * The order's held units become sold (its hold is `selling`); a no-op when they were moved before (by this move
     * asked again, or by the code before the hold's states, which wrote `soldTo`). Nobody else removes the entry
     * while the hold is `selling`.
     */
    sellHeld: (productId: string, day: string, orderId: string, units: number) =>
      days.updateOne(
        { _id: dayId(productId, day), [heldBy(orderId)]: units },
        { $inc: { held: -units, sold: units }, $unset: { [heldBy(orderId)]: "" } },
      ),

    /**
     * Takes the units of an order whose hold is `retaking` (given back when it expired, paid since) if there is room,
     * marked `retaking.<order>` until the hold is `sold`: true when taken now or before, false when the day is full.
     */
    async retake(productId: string, day: string, orderId: string, units: number): Promise<boolean> {
      const taken = await days.updateOne(
        {
          _id: dayId(productId, day),
          $or: [{ limited: false }, { free: { $gte: units } }],
          [retaking(orderId)]: { $exists: false },
        },
        { $inc: { free: -units, sold: units }, $set: { [retaking(orderId)]: units } },
      );
      if (taken.modifiedCount === 1) return true;
      const current = await days.findOne({ _id: dayId(productId, day) }, { projection: { [retaking(orderId)]: 1 } });
      return current?.retaking?.[orderId] === units;
    },
    /** Gives back a line retaken for an order that did not fit on another line (its marker guards it: once). */
    untake: (productId: string, day: string, orderId: string, units: number) =>
      days.updateOne(
        { _id: dayId(productId, day), [retaking(orderId)]: units },
        { $inc: { free: units, sold: -units }, $unset: { [retaking(orderId)]: "" } },
      ),
    /** The retake's marker, once its hold is `sold` (a crash before this leaves a harmless tiny entry). */
    clearRetaking: (productId: string, day: string, orderId: string) =>
      days.updateOne(
        { _id: dayId(productId, day), [retaking(orderId)]: { $exists: true } },
        { $unset: { [retaking(orderId)]: "" } },
      ),

    /**
     * Gives back what a cancelled order bought (its hold is `returning`, so the line was sold), marked
     * `returning.<order>` until the hold is `returned`: once however often asked. A legacy day whose `soldTo` has the
     * order is left to {@link giveBackSold}.
     */
    returnSold: (productId: string, day: string, orderId: string, units: number) =>
      days.updateOne(
        {
          _id: dayId(productId, day),
          [returning(orderId)]: { $exists: false },
          [soldTo(orderId)]: { $exists: false },
        },
        { $inc: { free: units, sold: -units }, $set: { [returning(orderId)]: units } },
      ),
    /** The return's marker, once its hold is `returned`. */
    clearReturning: (productId: string, day: string, orderId: string) =>
      days.updateOne(
        { _id: dayId(productId, day), [returning(orderId)]: { $exists: true } },
        { $unset: { [returning(orderId)]: "" } },
      ),

    /**
     * A festival booking's boxes taken as sold on its new window-day, once per move (`key` = `<order>-<move>`): true
     * when taken now or before, false when the window-day has no room (festivals/usecases/move-festival-booking.ts).
     */
    async takeMovedIn(productId: string, day: string, key: string, units: number): Promise<boolean> {
      const taken = await days.updateOne(
        {
          _id: dayId(productId, day),
          $or: [{ limited: false }, { free: { $gte: units } }],
          [movedIn(key)]: { $exists: false },
        },
        { $inc: { free: -units, sold: units }, $set: { [movedIn(key)]: units } },
      );
      if (taken.modifiedCount === 1) return true;
      const current = await days.findOne({ _id: dayId(productId, day) }, { projection: { [movedIn(key)]: 1 } });
      return current?.movedIn?.[key] === units;
    },
    /** A move taken on its new window-day that did not happen (the booking was cancelled meanwhile): given back once. */
    untakeMovedIn: (productId: string, day: string, key: string, units: number) =>
      days.updateOne(
        { _id: dayId(productId, day), [movedIn(key)]: units },
        { $inc: { free: units, sold: -units }, $unset: { [movedIn(key)]: "" } },
      ),
    /** A moved booking's boxes given back by its old window-day, once per move (its marker stays). */
    giveBackMovedOut: (productId: string, day: string, key: string, units: number) =>
      days.updateOne(
        { _id: dayId(productId, day), [movedOut(key)]: { $exists: false } },
        { $inc: { free: units, sold: -units }, $set: { [movedOut(key)]: units } },
      ),

    /**
     * Legacy (see {@link KitchenDay.soldTo}): whether the order still has its units on the product-day, held or sold
     * by the code before the holds' states, which left the hold `held` when it gave them back (expired unpaid).
     */
    legacyHasUnits: async (productId: string, day: string, orderId: string) =>
      (await days.countDocuments({
        _id: dayId(productId, day),
        $or: [{ [heldBy(orderId)]: { $exists: true } }, { [soldTo(orderId)]: { $exists: true } }],
      })) === 1,

    /** Whether the order's units are sold (its hold says so: one read by `_id`, the sweeper's check). */
    soldAll: async (orderId: string) => (await holds.countDocuments({ _id: orderId, state: "sold" })) === 1,

    /** The product-days of `productIds` (all when empty) from `fromDay` to `toDay`, without the per-order maps. */
    daysBetween: (fromDay: string, toDay: string, productIds: readonly string[] = []) =>
      days
        .find(
          {
            day: { $gte: fromDay, $lte: toDay },
            ...(productIds.length ? { productId: { $in: [...productIds] } } : {}),
          },
          { projection: withoutMaps },
        )
        .toArray(),

    /**
     * Named product- or slot-days, each read by its `_id` (the local database scans for any other query, an `_id`
     * `$in` included): a festival's windows, whose places left its public page shows (festivals/usecases). Absent
     * days are left out.
     */
    daysOf: async (wanted: readonly { resource: string; day: string }[]) =>
      (
        await Promise.all(
          wanted.map(({ resource, day }) => days.findOne({ _id: dayId(resource, day) }, { projection: withoutMaps })),
        )
      ).filter((day) => day !== null),

    /**
     * The orders whose units are sold on `day` (paid or cash on delivery, not given back): the owner's printouts
     * (docs/back-office.md, Printouts). The day's holds `selling` or `sold` (index `{day, state}`), never the orders;
     * with the legacy `soldTo` keys of the day's product-days (see {@link KitchenDay.soldTo}: drop that read with it).
     */
    /**
     * The orders whose units are held on `day` and not sold (awaiting payment or a cash order's confirmation), for the
     * production sheet's "Not to be made yet" (docs/back-office.md, Printouts): the same index `{day, state}`.
     */
    ordersHeldOn: async (day: string): Promise<string[]> =>
      (await holds.find({ day, state: "held" }, { projection: { _id: 1 } }).toArray()).map((hold) => hold._id).sort(),

    async ordersSoldOn(day: string): Promise<string[]> {
      const [sold, legacy] = await Promise.all([
        holds.find({ day, state: { $in: ["selling", "sold"] } }, { projection: { _id: 1 } }).toArray(),
        days.find({ day, soldTo: { $exists: true } }, { projection: { soldTo: 1 } }).toArray(),
      ]);
      const legacyIds = legacy.flatMap((productDay) => Object.keys(productDay.soldTo ?? {}));
      return [...new Set([...sold.map((hold) => hold._id), ...legacyIds])].sort();
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
    /**
     * The hold moved from `from` to `to` by this call (one winner among any number): the hold as it was, with its
     * lines, or null when it was not in `from`. One command: it is also the read of the hold's lines.
     */
    claimHold: (orderId: string, from: HoldState, to: HoldState) =>
      holds.findOneAndUpdate(
        { _id: orderId, state: from },
        { $set: { state: to, movedAt: new Date() } },
        { returnDocument: "before" },
      ),
    /** The hold moved from `from` to `to`; false when it was not in `from` (another caller moved it). */
    /**
     * The hold from state `from` to `to`, one winner. `movesAsRead`: also only while a festival booking's window moves
     * are as read (0: none), so a cancel that read the lines before a move changed them claims nothing and reads again
     * (festivals/usecases/move-festival-booking.ts): it must give back the lines the move left, not the old ones.
     */
    moveHold: (orderId: string, from: HoldState, to: HoldState, movesAsRead?: number) =>
      holds
        .updateOne(
          {
            _id: orderId,
            state: from,
            ...(movesAsRead === undefined ? {} : { moves: movesAsRead === 0 ? { $exists: false } : movesAsRead }),
          },
          { $set: { state: to, movedAt: new Date() } },
        )
        .then((written) => written.modifiedCount === 1),
    /**
     * Takes over a move its process left (the hold still in `state`, moved at `movedAt` as read): true for one caller,
     * which continues the move, the others see it under way again.
     */
    takeOverMove: (orderId: string, state: HoldState, movedAt: Date | undefined) =>
      holds
        .updateOne({ _id: orderId, state, movedAt: movedAt ?? { $exists: false } }, { $set: { movedAt: new Date() } })
        .then((written) => written.modifiedCount === 1),
    /**
     * A sold hold's line `from` becomes `to` (a festival booking moved to another window), its move number `move`
     * as read: one winner among any number (the hold still sold, at that move), which also records the old line.
     */
    moveSoldLine: (orderId: string, move: number, from: KitchenLine, to: KitchenLine, lines: KitchenLine[]) =>
      holds
        .updateOne(
          {
            _id: orderId,
            state: "sold",
            // Only a move changes a sold hold's lines: at the move number read, they are the lines read.
            moves: move === 0 ? { $exists: false } : move,
          },
          {
            $set: {
              lines: lines.map((line) => (line.productId === from.productId ? to : line)),
              moves: move + 1,
              movedFrom: { ...from, move },
              movedAt: new Date(),
            },
          },
        )
        .then((written) => written.modifiedCount === 1),
    markHeld: (orderId: string, day: string) =>
      holds.updateOne({ _id: orderId, state: "holding" }, { $set: { state: "held", day, movedAt: new Date() } }),
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
export const productDayView = (
  day: Omit<KitchenDay, "heldFor" | "soldTo" | "retaking" | "returning">,
): KitchenProductDay => ({
  productId: day.productId,
  day: day.day,
  ...(day.limited ? { capacity: day.capacity } : {}),
  held: day.held,
  sold: day.sold,
  setByOwner: day.setByOwner,
});
