import type { Collection, Db, Filter, IndexSpecification, OptionalUnlessRequiredId, UpdateFilter } from "mongodb";
import { insertOnce, isDuplicateKey } from "./claims.js";

/** One piece of outstanding work: `_id` names it (an order, a refund, a hold), `since` is when it became due. */
export interface DueEntry {
  _id: string;
  since: Date;
}

/**
 * A collection of outstanding work, keyed by `_id`: an entry is added when the work starts and removed when it ends,
 * so only what is outstanding is in it. Background jobs and gauges read it instead of querying a collection that grows
 * with history: reading it whole is cheap on the local database (which reads a whole collection for any query not by
 * `_id`: docs/local-database.md), and `{since, _id}` is indexed on MongoDB. The owner of the work keeps the truth: an
 * entry left behind by a crash between the work's write and the list's is harmless, the reader checks the work by
 * `_id` and removes it.
 */
export function dueList<E extends DueEntry>(
  db: Db,
  name: string,
  /** Indexes the owner's own queries need on MongoDB, besides `{since, _id}`. */
  indexes: readonly IndexSpecification[] = [],
) {
  const entries = db.collection<E>(name) as unknown as Collection<DueEntry>;
  const typed = entries as unknown as Collection<E>;

  /** Entries due before `before` (and matching `filter`), oldest first, a page after `after`. */
  const page = (before: Date, limit: number, after: DueEntry | undefined, filter: Filter<E>) =>
    typed
      .find({
        ...filter,
        since: { $lt: before },
        ...(after ? { $or: [{ since: { $gt: after.since } }, { since: after.since, _id: { $gt: after._id } }] } : {}),
      } as Filter<E>)
      .sort({ since: 1, _id: 1 })
      .limit(limit)
      .toArray() as Promise<E[]>;

  return {
    name,
    ensureIndexes: async () => {
      await entries.createIndex({ since: 1, _id: 1 });
      for (const index of indexes) await entries.createIndex(index);
    },
    /**
     * Lists the work; an entry already there keeps what it says (two writers of one start list it once). An insert, not
     * an upsert: it is the cheaper write, and a duplicate `_id` fails at once.
     */
    add: async (entry: E): Promise<void> => {
      await insertOnce(typed, entry as OptionalUnlessRequiredId<E>);
    },
    /** Inserts many entries at once (a migration, a seed): those already listed are kept as they are. */
    async addMany(list: readonly E[]): Promise<void> {
      if (!list.length) return;
      await typed.bulkWrite(
        list.map((entry) => {
          const { _id, ...fields } = entry;
          return {
            updateOne: {
              filter: { _id } as Filter<E>,
              update: { $setOnInsert: fields } as unknown as UpdateFilter<E>,
              upsert: true,
            },
          };
        }),
        { ordered: false },
      );
    },
    /** The work is done. */
    remove: async (id: string) => {
      await entries.deleteOne({ _id: id });
    },
    /** Changes a listed entry (never lists one). */
    change: async (id: string, update: UpdateFilter<E>) => {
      await typed.updateOne({ _id: id } as Filter<E>, update);
    },
    /** Entries due before `before` (and matching `filter`), oldest first, one page after `after`. */
    dueBefore: (before: Date, limit: number, after?: DueEntry, filter: Filter<E> = {}) =>
      page(before, limit, after, filter),
    /**
     * Every entry due before `before`, oldest first, a page at a time: a pass that took only the oldest page would leave
     * the rest, and a page of entries that never end would starve every entry behind them.
     */
    async *allDueBefore(before: Date, pageSize = 100, filter: Filter<E> = {}): AsyncGenerator<E> {
      let after: DueEntry | undefined;
      for (;;) {
        const entries = await page(before, pageSize, after, filter);
        yield* entries;
        const last = entries.at(-1);
        if (entries.length < pageSize || !last) return;
        after = { _id: last._id, since: last.since };
      }
    },
    /** The oldest entry matching `filter`, if any. */
    oldest: async (filter: Filter<E> = {}): Promise<E | undefined> =>
      ((await typed.find(filter).sort({ since: 1, _id: 1 }).limit(1).toArray()) as E[])[0],
    /** How many entries match `filter`. */
    count: (filter: Filter<E> = {}) => typed.countDocuments(filter),
  };
}
export type DueList<E extends DueEntry> = ReturnType<typeof dueList<E>>;

/** One-time jobs (a migration) recorded done by `_id`, so each runs once per database. */
export function oneTimeJobs(db: Db, collection = "one_time_jobs") {
  const jobs = db.collection<{ _id: string; doneAt: Date }>(collection);
  return {
    isDone: async (id: string) => (await jobs.findOne({ _id: id })) !== null,
    markDone: async (id: string) => {
      await jobs.updateOne({ _id: id }, { $setOnInsert: { doneAt: new Date() } }, { upsert: true }).catch((error) => {
        if (!isDuplicateKey(error)) throw error;
      });
    },
  };
}
