import { randomUUID } from "node:crypto";
import type { EventEnvelope } from "@storefront/contracts";
import type { Collection, Document, ObjectId } from "mongodb";
import { Gauge } from "prom-client";
import { type BusLogger, describeError, silentLogger } from "./logger.js";
import { busMetrics } from "./metrics.js";
import type { OutboxFields } from "./outbox.js";
import type { PublishResult } from "./publisher.js";

/** What the relay needs from a publisher (an EventPublisher; tests may wrap one). */
export interface EventSink {
  publish(envelope: EventEnvelope): Promise<PublishResult>;
}

/**
 * How long a claim lasts unless renewed: how long the events of a relay that died holding it wait for another. A live
 * relay renews its claims every third of this while their publishes wait for the broker's confirms, however long a
 * slow or blocked broker takes, so no second relay sends the same events meanwhile.
 */
export const DEFAULT_LEASE_MS = 30_000;

/** An event the broker keeps refusing is logged again after this long (it is counted every time). */
const FAILURE_LOG_EVERY_MS = 5 * 60_000;

export interface OutboxRelayOptions {
  /** The collections whose documents carry outbox fields. */
  collections: Collection<Document>[];
  publisher: EventSink;
  logger?: BusLogger;
  pollIntervalMs?: number;
  /** How long a claim on a document lasts unless renewed (DEFAULT_LEASE_MS). */
  leaseMs?: number;
  /** Documents claimed per pass, per collection. */
  batchSize?: number;
}

interface OutboxDocument extends OutboxFields {
  _id: ObjectId | string;
}

/** The relays running in this process: the backlog gauges look at their collections when scraped. */
const runningRelays = new Set<OutboxRelay>();

/** Documents with events still waiting, and the age of the oldest event, by collection: measured at each scrape. */
const outboxBacklog = {
  pending: new Gauge({
    name: "outbox_pending_documents",
    help: "Documents whose outbox still holds events, by collection",
    labelNames: ["collection"] as const,
    async collect() {
      await measureBacklog();
    },
  }),
  oldestAge: new Gauge({
    name: "outbox_oldest_event_age_seconds",
    help: "Age of the oldest event still waiting in an outbox, by collection (0: none waiting)",
    labelNames: ["collection"] as const,
  }),
};

/** Events waiting longer than a relay pass are what an alert watches; a scrape every 15-30 s can afford the look. */
async function measureBacklog(): Promise<void> {
  const now = Date.now();
  for (const relay of runningRelays) {
    for (const collection of relay.collections) {
      const pending = await collection
        .find<OutboxFields>({ outboxPending: true }, { projection: { outbox: 1 } })
        .limit(BACKLOG_SAMPLE)
        .toArray();
      const oldest = Math.min(
        now,
        ...pending.flatMap((document) => (document.outbox ?? []).map((event) => Date.parse(event.occurredAt))),
      );
      outboxBacklog.pending.set({ collection: collection.collectionName }, pending.length);
      outboxBacklog.oldestAge.set({ collection: collection.collectionName }, (now - oldest) / 1000);
    }
  }
}
/** At most this many pending documents are read per scrape (the count saturates there: far past any alert). */
const BACKLOG_SAMPLE = 1000;

/**
 * Publishes the events waiting in documents' outboxes, with broker confirms, then removes them from the document.
 * Safe to run in several processes: a document is claimed with a lease before its events are sent, so instances
 * share the work. The lease is renewed while the publish waits, so a live relay's events are never sent by a second
 * one; only a relay that died mid-publish (or could not reach the database to renew) leaves events that may go out
 * twice, which idempotent consumers absorb.
 */
export class OutboxRelay {
  private readonly owner = randomUUID();
  private readonly logger: BusLogger;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private rerun = false;
  private stopped = true;
  /** Documents the service just wrote events into, by collection name: the next pass claims them by _id. */
  private hinted = new Map<string, Set<OutboxDocument["_id"]>>();
  /** Whether the next pass looks for work in whole collections (each poll, and a nudge without a document). */
  private scanDue = true;

  private readonly leaseMs: number;
  /** When a failed publish of each event was last logged. */
  private readonly failuresLogged = new Map<string, number>();

  constructor(private readonly options: OutboxRelayOptions) {
    this.logger = options.logger ?? silentLogger;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  /** The sparse index the relay's query uses; call once at start-up. */
  async ensureIndexes(): Promise<void> {
    for (const collection of this.options.collections) {
      await collection.createIndex({ outboxPending: 1 }, { sparse: true, name: "outbox_pending" });
    }
  }

  /** The collections this relay publishes from. */
  get collections(): readonly Collection<Document>[] {
    return this.options.collections;
  }

  start(): void {
    runningRelays.add(this);
    this.stopped = false;
    this.schedule(0, true);
  }

  /**
   * Asks for a pass now (after a local write), instead of at the next poll. Naming the document written lets the pass
   * claim it by _id without looking through the collection: on FerretDB only _id lookups reach SQLite's index, and a
   * scan per write made the database the bottleneck of a checkout (bench/checkout.ts). Polls still scan, for events
   * left by a process that died or by another instance.
   */
  nudge(written?: { collection: string; documentId: OutboxDocument["_id"] }): void {
    if (this.stopped) return;
    if (written) {
      const ids = this.hinted.get(written.collection) ?? new Set();
      ids.add(written.documentId);
      this.hinted.set(written.collection, ids);
    } else {
      this.scanDue = true;
    }
    if (this.running) this.rerun = true;
    else this.schedule(0, false);
  }

  private schedule(delayMs: number, poll: boolean): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (poll) this.scanDue = true;
      void this.tick();
    }, delayMs);
  }

  private async tick(): Promise<void> {
    try {
      await this.pass();
    } catch (error) {
      this.logger.warn({ err: describeError(error) }, "outbox relay pass failed");
    }
    if (this.stopped) return;
    const again = this.rerun;
    this.rerun = false;
    if (again) this.schedule(0, false);
    else this.schedule(this.options.pollIntervalMs ?? 1000, true);
  }

  /** One pass over every collection, scanning them; resolves with the number of events published. For tests. */
  runOnce(): Promise<number> {
    this.scanDue = true;
    return this.pass();
  }

  private pass(): Promise<number> {
    this.running ??= this.passOnce().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async passOnce(): Promise<number> {
    const scan = this.scanDue;
    this.scanDue = false;
    const hinted = this.hinted;
    this.hinted = new Map();
    let published = 0;
    for (const collection of this.options.collections) {
      const ids = new Set(hinted.get(collection.collectionName));
      if (scan) for (const candidate of await this.candidates(collection)) ids.add(candidate._id);
      // Claimed and relayed side by side: each document's writes are one round trip that need not wait for another's.
      const claimed = (await Promise.all([...ids].map((id) => this.claim(collection, id)))).filter(
        (document): document is OutboxDocument => document !== null,
      );
      const counts = await Promise.all(claimed.map((document) => this.relayDocument(collection, document)));
      published += counts.reduce((a, b) => a + b, 0);
    }
    return published;
  }

  private candidates(collection: Collection<Document>): Promise<Pick<OutboxDocument, "_id">[]> {
    return collection
      .find<Pick<OutboxDocument, "_id">>(this.claimable(new Date()), { projection: { _id: 1 } })
      .limit(this.options.batchSize ?? 50)
      .toArray();
  }

  private claimable(now: Date): Document {
    return { outboxPending: true, $or: [{ outboxLease: { $exists: false } }, { outboxLease: { $lt: now } }] };
  }

  /**
   * Claims one document for a lease, unless another relay did since it was listed: a conditional update, atomic
   * for every relay of every instance (on the local database too, with its patch: docs/local-database.md).
   */
  private claim(collection: Collection<Document>, id: OutboxDocument["_id"]): Promise<OutboxDocument | null> {
    const now = new Date();
    const filter: Document = { _id: id, ...this.claimable(now) };
    return collection.findOneAndUpdate(
      filter,
      {
        $set: {
          outboxLease: new Date(now.getTime() + this.leaseMs),
          outboxLeaseOwner: this.owner,
        },
      },
      // No projection: FerretDB 1.24 refuses `fields` on findAndModify ("not implemented yet").
      { returnDocument: "after" },
    ) as Promise<OutboxDocument | null>;
  }

  private async relayDocument(anyCollection: Collection<Document>, document: OutboxDocument): Promise<number> {
    const collection = anyCollection as unknown as Collection<OutboxDocument>;
    const events = document.outbox ?? [];
    const renewal = setInterval(() => void this.renew(collection, document._id), this.leaseMs / 3);
    const results = await Promise.allSettled(events.map((event) => this.options.publisher.publish(event))).finally(() =>
      clearInterval(renewal),
    );
    const sent = events.filter((_, i) => results[i]?.status === "fulfilled");
    results.forEach((result, i) => {
      if (result.status === "fulfilled") return;
      const event = events[i];
      busMetrics.relayFailures.inc({ collection: collection.collectionName, type: event?.type ?? "unknown" });
      // Counted every time (metrics, the console's outbox table); logged once per event per FAILURE_LOG_EVERY_MS,
      // not at every pass while the broker keeps refusing it.
      if (event && this.failureLogDue(event.id)) {
        this.logger.warn(
          { err: describeError(result.reason), documentId: document._id, eventId: event.id, type: event.type },
          "outbox publish failed; the event stays in its outbox and is tried again",
        );
      }
    });
    // Each write below is a single-document update, atomic against the service's own writes to the document (a state
    // change with a new event): none can undo the other, here as on MongoDB.
    const release = { outboxLease: "", outboxLeaseOwner: "" } as const;
    // Usually every event was sent and none was added since (events are only ever appended): one write empties the
    // outbox, guarded by its length.
    if (sent.length === events.length) {
      const cleared = await collection.updateOne(
        { _id: document._id, outbox: { $size: events.length } },
        { $set: { outbox: [] }, $unset: { ...release, outboxPending: "" } },
      );
      if (cleared.modifiedCount === 1) return sent.length;
    }
    // $pullAll of the exact entries read: works on FerretDB (a $pull by condition on sub-documents does not).
    await collection.updateOne({ _id: document._id }, { $pullAll: { outbox: sent }, $unset: release });
    // Cleared in a second, conditional update: an event pushed meanwhile keeps the array non-empty and the flag set.
    await collection.updateOne({ _id: document._id, outbox: { $size: 0 } }, { $unset: { outboxPending: "" } });
    return sent.length;
  }

  /** Whether a failure of this event is worth a log line now (its first, or none logged for a while). */
  private failureLogDue(eventId: string): boolean {
    const now = Date.now();
    const last = this.failuresLogged.get(eventId);
    if (last !== undefined && now - last < FAILURE_LOG_EVERY_MS) return false;
    if (this.failuresLogged.size >= 10_000) this.failuresLogged.clear(); // bounded: a few lines more at worst
    this.failuresLogged.set(eventId, now);
    return true;
  }

  /** Extends this relay's claim on a document whose publishes still wait for their confirms. */
  private async renew(collection: Collection<OutboxDocument>, id: OutboxDocument["_id"]): Promise<void> {
    try {
      await collection.updateOne(
        { _id: id, outboxLeaseOwner: this.owner },
        { $set: { outboxLease: new Date(Date.now() + this.leaseMs) } },
      );
    } catch (error) {
      this.logger.warn({ err: describeError(error), documentId: id }, "outbox lease renewal failed");
    }
  }

  /** Stops polling and waits for a pass in progress. */
  async stop(): Promise<void> {
    runningRelays.delete(this);
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }
}
