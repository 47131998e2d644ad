import type { Database } from "@storefront/stores";

type Db = Database["db"];

/** How many unrouted events of one type no consumer takes were seen, and when (`_id` = the event type). */
export interface UnsubscribedType {
  _id: string;
  count: number;
  firstAt: Date;
  lastAt: Date;
  lastEventId: string;
}

/**
 * The unrouted events of types that no consumer takes by design (libs/contracts operations.ts, consumerShouldTake):
 * counted per type instead of kept in the parking lot, so they never wait for a person nor count toward the
 * parked-messages alert, and the console can still say they happen. A redelivered message is counted again: the
 * count tells the rate, not an exact total.
 */
export function unsubscribedEvents(db: Db) {
  const types = db.collection<UnsubscribedType>("unsubscribed_event_types");
  return {
    async seen(type: string, eventId: string, at: Date): Promise<void> {
      await types.updateOne(
        { _id: type },
        { $inc: { count: 1 }, $set: { lastAt: at, lastEventId: eventId }, $setOnInsert: { firstAt: at } },
        { upsert: true },
      );
    },

    /** Every type seen, the most recent first (a handful: one document per event type). */
    list(): Promise<UnsubscribedType[]> {
      return types.find({}).sort({ lastAt: -1 }).limit(100).toArray();
    },
  };
}

export type UnsubscribedEvents = ReturnType<typeof unsubscribedEvents>;
