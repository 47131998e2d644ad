import type { Database } from "@storefront/stores";
import { insertOnce } from "@storefront/stores";

/** One step of an order's story, from an event about it (kept once per event id). */
export interface TrailEntry {
  _id: string;
  orderId: string;
  correlationId: string;
  type: string;
  version: number;
  at: Date;
  /** What happened, in a sentence the on-call reads. */
  summary: string;
}

/** The `order_trail` collection: every order and billing event the console heard, by order, in time order. */
export function trailStore(db: Database["db"]) {
  const entries = db.collection<TrailEntry>("order_trail");
  return {
    async ensureIndexes(): Promise<void> {
      await entries.createIndex({ orderId: 1, at: 1 });
      await entries.createIndex({ correlationId: 1 });
    },
    /** Records an event's step; a redelivered event is recorded once. */
    record: (entry: TrailEntry) => insertOnce(entries, entry),
    ofOrder: (orderId: string) => entries.find({ orderId }).sort({ at: 1, _id: 1 }).limit(500).toArray(),
    /** The order a correlation id belongs to (a checkout's id rides on all of its events). */
    async orderOfCorrelation(correlationId: string): Promise<string | undefined> {
      return (await entries.findOne({ correlationId }, { projection: { orderId: 1 } }))?.orderId;
    },
  };
}

export type TrailStore = ReturnType<typeof trailStore>;
