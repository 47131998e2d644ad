import { type Database, insertOnce, isDuplicateKey } from "@storefront/stores";

type Db = Database["db"];

/**
 * What one shopper holds at once, counted where its limit is (docs/order-lifecycle.md, Open orders and holds): one
 * small document per thing counted, keyed by it (`open:email:<email>`, `cod:mobile:<number>`,
 * `unpaid:<productId>#<day>:client:<address>`...), with its total and each order's part. Taking is one update guarded
 * by the total and by the order's own entry, so 20 checkouts at once by one shopper take at most the limit (atomic on
 * MongoDB and on the patched local database, docs/local-database.md); giving back is guarded by the entry, so it
 * happens once however often it is asked. A document has at most its limit's worth of entries: never a growing map.
 */
export interface Tally {
  _id: string;
  total: number;
  /** Each order's part, by order id (the spec's client ids: letters and digits, never a dot or a dollar). */
  parts: Record<string, number>;
}

/**
 * The tallies an order took, recorded before it takes any (`_id` = order id): a retried checkout finds them taken,
 * and they are given back by the order's id alone, by the order's own transitions or by the sweeper when a checkout
 * died half-way. `open` are its places among open orders, `unpaid` its share of product-days while unpaid.
 */
export interface OrderTallies {
  _id: string;
  open: string[];
  unpaid: string[];
  createdAt: Date;
  /** When the sweeper looks at it next: a due list, so a pass reads what is due, not every open order each time. */
  dueAt: Date;
}

export type TakeOutcome = "taken" | "full";

/**
 * Attempts at a guarded take while the tally, read after each lost race, still has room. Each lost race is another
 * writer's change, so with 20 takes at once a take may lose several in a row while room remains. The bound only
 * stops a livelock; "full" is decided by the tally read, not by running out of attempts.
 */
const ATTEMPTS = 100;

export function shopperTallies(db: Db) {
  const tallies = db.collection<Tally>("shopper_tallies");
  const records = db.collection<OrderTallies>("order_tallies");
  const part = (orderId: string) => `parts.${orderId}`;

  return {
    ensureIndexes: async () => {
      await records.createIndex({ dueAt: 1 });
    },

    /**
     * Takes `amount` of `key` for the order while the total stays within `limit`; "taken" too when it has it already.
     * One upsert on the common path, the first take of a key included (docs/performance.md counted a refused update,
     * a read and an insert for it): a key that is there but full, or already has the order's part, makes the upsert
     * insert a second `_id` and fail on the unique key, and only then is the tally read to tell which it was.
     */
    async take(key: string, orderId: string, amount: number, limit: number): Promise<TakeOutcome> {
      if (amount > limit) return "full";
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const written = await tallies
          .updateOne(
            { _id: key, total: { $lte: limit - amount }, [part(orderId)]: { $exists: false } },
            { $inc: { total: amount }, $set: { [part(orderId)]: amount } },
            { upsert: true },
          )
          .catch((error: unknown) => {
            if (isDuplicateKey(error)) return undefined;
            throw error;
          });
        if (written && written.modifiedCount + written.upsertedCount === 1) return "taken";
        const current = await tallies.findOne({ _id: key });
        // A tally is never deleted, so this is a race lost to a database that was dropped meanwhile (tests): again.
        if (!current) continue;
        if (Object.hasOwn(current.parts, orderId)) return "taken";
        // Room when read: another writer changed it between the upsert and the read; decide again.
        if (current.total > limit - amount) return "full";
      }
      return "full";
    },

    /**
     * Gives back the order's part of `key`; a no-op when it has none. With the part's `amount` known (an open place
     * is 1) it is one guarded update; without it the tally is read first.
     */
    async giveBack(key: string, orderId: string, amount?: number): Promise<void> {
      if (amount === undefined) {
        const current = await tallies.findOne({ _id: key });
        if (!current || !Object.hasOwn(current.parts, orderId)) return;
        amount = current.parts[orderId] ?? 0;
      }
      await tallies.updateOne(
        { _id: key, [part(orderId)]: amount },
        { $inc: { total: -amount }, $unset: { [part(orderId)]: "" } },
      );
    },

    /** What one key holds now (the owner's view and tests). */
    of: (key: string) => tallies.findOne({ _id: key }),

    /**
     * Records the order's open places before it takes them, due to the sweeper after `settleMs` (a checkout under way
     * is left alone until then); false when the order id has a record already.
     */
    record: (orderId: string, open: string[], at: Date, settleMs: number) =>
      insertOnce(records, { _id: orderId, open, unpaid: [], createdAt: at, dueAt: new Date(at.getTime() + settleMs) }),
    /** Adds product-day shares to the order's record, before they are taken. */
    recordUnpaid: (orderId: string, keys: string[]) =>
      records.updateOne({ _id: orderId }, { $push: { unpaid: { $each: keys } } }),
    recordOf: (orderId: string) => records.findOne({ _id: orderId }),
    /** The order's product-day shares are given back: they leave its record. */
    forgetUnpaid: (orderId: string) => records.updateOne({ _id: orderId }, { $set: { unpaid: [] } }),
    forget: (orderId: string) => records.deleteOne({ _id: orderId }),
    /** Records due by `now`, the most overdue first (a record lives only while its order is open). */
    recordsDue: (now: Date, limit: number) =>
      records
        .find({ dueAt: { $lte: now } })
        .sort({ dueAt: 1 })
        .limit(limit)
        .toArray(),
    /** The sweeper looks at the order's record again at `dueAt` (its order is still open). */
    postpone: (orderId: string, dueAt: Date) => records.updateOne({ _id: orderId }, { $set: { dueAt } }),
  };
}
export type ShopperTallies = ReturnType<typeof shopperTallies>;
