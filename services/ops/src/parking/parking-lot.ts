import { randomUUID } from "node:crypto";
import { type Database, dueList, insertOnce, oneTimeJobs } from "@storefront/stores";

type Db = Database["db"];

/** Where a message came from: a consumer's parked queue, or the exchange's unrouted queue (no binding took it). */
export type ParkedSource = "parked" | "unrouted";
export type ParkedStatus = "parked" | "replayed" | "discarded";
export type ParkedAction = "replay" | "discard";

/**
 * A message a consumer gave up on (or that no queue took), kept until a person replays or discards it. The broker's
 * parked queue cannot be listed without taking its messages, so the console drains it into this collection: one
 * document per parking, keyed so a redelivered message is stored once.
 */
export interface ParkedMessage {
  _id: string;
  source: ParkedSource;
  /** The queue it was taken from (`notification.parked`, `storefront.events.unrouted`). */
  queue: string;
  /** The consumer queue a replay goes back to (none for an unrouted event: it is published again by its type). */
  replayTo?: string;
  eventId: string;
  type: string;
  correlationId?: string;
  /** The order the event is about, when it is about one (its `data.orderId`): the order's trail shows it. */
  orderId?: string;
  error?: string;
  attempts?: number;
  firstFailedAt?: Date;
  parkedAt: Date;
  /** The message as the broker held it: its body and the properties a replay sends again. */
  content: string;
  contentType?: string;
  headers: Record<string, unknown>;
  status: ParkedStatus;
  resolution?: Resolution;
}

export interface Resolution {
  action: ParkedAction;
  by: string;
  at: Date;
  reason: string;
}

/** One entry of the audit log: who did what to which message, when and why. */
export interface AuditEntry {
  _id: string;
  at: Date;
  by: string;
  action: ParkedAction;
  parkedId: string;
  queue: string;
  eventId: string;
  type: string;
  reason: string;
}

/** The claim that decides the one action a parked message ever gets (a unique insert: atomic on FerretDB too). */
interface ResolutionClaim extends Resolution {
  _id: string;
}

/** A message waiting for a person (`parked_waiting`, `_id` = the parked message's): what the gauge counts. */
interface Waiting {
  _id: string;
  since: Date;
  queue: string;
}

/** The one-time job that lists the messages parked before `parked_waiting` existed. */
const LIST_STORED_WAITING = "parked-waiting-from-messages";

export function parkingLot(db: Db) {
  const messages = db.collection<ParkedMessage>("parked_messages");
  // The messages still waiting, so that the gauge read at every scrape counts these few, not every message ever
  // parked (the local database reads a whole collection for any query not by `_id`: docs/local-database.md).
  const waiting = dueList<Waiting>(db, "parked_waiting");
  const resolutions = db.collection<ResolutionClaim>("parked_resolutions");
  const audit = db.collection<AuditEntry>("ops_audit");

  return {
    async ensureIndexes(): Promise<void> {
      await messages.createIndex({ status: 1, parkedAt: -1 });
      await messages.createIndex({ orderId: 1 }, { sparse: true });
      await audit.createIndex({ at: -1 });
      await waiting.ensureIndexes();
    },

    /**
     * Stores a message taken from the broker; false when this very parking is already stored (a redelivery). Listed
     * as waiting first: a crash between the two writes leaves an entry whose message the broker delivers again.
     */
    async keep(message: ParkedMessage): Promise<boolean> {
      if (message.status === "parked") {
        await waiting.add({ _id: message._id, since: message.parkedAt, queue: message.queue });
      }
      if (await insertOnce(messages, message)) return true;
      // A redelivery of a message a person has resolved meanwhile: it waits no more.
      if ((await messages.findOne({ _id: message._id }))?.status !== "parked") await waiting.remove(message._id);
      return false;
    },

    /** Lists the messages parked before the waiting list existed (once per database, at start: reads them all once). */
    async listStoredWaiting(): Promise<void> {
      const jobs = oneTimeJobs(db);
      if (await jobs.isDone(LIST_STORED_WAITING)) return;
      const parked = await messages.find({ status: "parked" }, { projection: { queue: 1, parkedAt: 1 } }).toArray();
      await waiting.addMany(
        parked.map((message) => ({ _id: message._id, since: message.parkedAt, queue: message.queue })),
      );
      await jobs.markDone(LIST_STORED_WAITING);
    },

    find(id: string): Promise<ParkedMessage | null> {
      return messages.findOne({ _id: id });
    },

    /** Newest first; the content is left out (the list shows what happened, not the body). */
    list(filter: { status?: ParkedStatus; queue?: string }, limit: number): Promise<Omit<ParkedMessage, "content">[]> {
      return messages
        .find(
          { ...(filter.status ? { status: filter.status } : {}), ...(filter.queue ? { queue: filter.queue } : {}) },
          { projection: { content: 0 } },
        )
        .sort({ parkedAt: -1, _id: -1 })
        .limit(limit)
        .toArray();
    },

    /** Messages about an order: by its id, or by a correlation id its events carried. */
    aboutOrder(orderId: string, correlationIds: string[]): Promise<ParkedMessage[]> {
      return messages
        .find({ $or: [{ orderId }, { correlationId: { $in: correlationIds } }] }, { projection: { content: 0 } })
        .sort({ parkedAt: 1 })
        .limit(100)
        .toArray();
    },

    /** How many messages wait for a person, by the queue they were parked from. */
    async waitingByQueue(): Promise<Record<string, number>> {
      const counts: Record<string, number> = {};
      for await (const { queue } of waiting.allDueBefore(new Date(8.64e15), 500))
        counts[queue] = (counts[queue] ?? 0) + 1;
      return counts;
    },

    /**
     * Claims the one action this message will ever get: false when it already got one (a second replay, or a
     * replay racing a discard, in this instance or another).
     */
    claim(id: string, resolution: Resolution): Promise<boolean> {
      return insertOnce(resolutions, { _id: id, ...resolution });
    },

    /** Gives the claim back when the action could not be carried out (the broker refused the replay). */
    async release(id: string): Promise<void> {
      await resolutions.deleteOne({ _id: id });
    },

    resolutionOf(id: string): Promise<ResolutionClaim | null> {
      return resolutions.findOne({ _id: id });
    },

    /** Records a carried-out action on the message and in the audit log. */
    async resolved(message: ParkedMessage, resolution: Resolution): Promise<void> {
      const status: ParkedStatus = resolution.action === "replay" ? "replayed" : "discarded";
      await messages.updateOne({ _id: message._id }, { $set: { status, resolution } });
      await waiting.remove(message._id);
      await audit.insertOne({
        _id: randomUUID(),
        at: resolution.at,
        by: resolution.by,
        action: resolution.action,
        parkedId: message._id,
        queue: message.queue,
        eventId: message.eventId,
        type: message.type,
        reason: resolution.reason,
      });
    },

    auditLog(limit: number): Promise<AuditEntry[]> {
      return audit.find({}).sort({ at: -1, _id: -1 }).limit(limit).toArray();
    },
  };
}

export type ParkingLot = ReturnType<typeof parkingLot>;
