import { randomUUID } from "node:crypto";
import type { EventEnvelope } from "@storefront/contracts";
import type { Collection, Db, Document } from "mongodb";
import { Gauge } from "prom-client";
import { type BusLogger, describeError, silentLogger } from "./logger.js";
import { busMetrics } from "./metrics.js";
import type { OutboxFields } from "./outbox.js";
import { type DueEntry, type OutboxDocumentId, OutboxDueList } from "./outbox-due.js";
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

/** A sweep that failed (the database away at start) is tried again after this long. */
const SWEEP_RETRY_MS = 60_000;

export interface OutboxRelayOptions {
  /** The service's database: its outbox collections and their due list (outbox-due.ts). */
  database: Db;
  /** The names of the collections whose documents carry outbox fields. */
  collections: readonly string[];
  publisher: EventSink;
  logger?: BusLogger;
  /** How often the due list is read (1 s). */
  pollIntervalMs?: number;
  /** How long a claim on a document lasts unless renewed (DEFAULT_LEASE_MS). */
  leaseMs?: number;
  /** Due-list entries taken per poll. */
  batchSize?: number;
}

interface OutboxDocument extends OutboxFields {
  _id: OutboxDocumentId;
}

/** One document a pass looks at: nudged after a write, listed in the due list, or both. */
interface DueWork {
  collection: string;
  documentId: OutboxDocumentId;
  /** Tokens of writes known to have landed (their writers nudged after writing): taken back once nothing is pending. */
  written: Set<string>;
  /** The due-list entry as the poll read it. */
  listed?: DueEntry;
}

/** The relays running in this process: the backlog gauges read their due lists when scraped. */
const runningRelays = new Set<OutboxRelay>();

/** Documents that may hold events still waiting, and the age of the oldest, by collection: measured at each scrape. */
const outboxBacklog = {
  pending: new Gauge({
    name: "outbox_pending_documents",
    help: "Documents whose outbox may still hold events (entries of the due list), by collection",
    labelNames: ["collection"] as const,
    async collect() {
      await measureBacklog();
    },
  }),
  oldestAge: new Gauge({
    name: "outbox_oldest_event_age_seconds",
    help: "Age of the oldest entry of the outbox due list, by collection (0: none waiting)",
    labelNames: ["collection"] as const,
  }),
};

/**
 * Events waiting longer than a relay pass are what an alert watches. Read from the due list (what is not yet
 * published), never from the outbox collections: a scrape costs one small read per collection, whatever the history.
 */
async function measureBacklog(): Promise<void> {
  const now = Date.now();
  for (const relay of runningRelays) {
    for (const collection of relay.collections) {
      const { documents, oldest } = await relay.dueList.backlog(collection, BACKLOG_SAMPLE);
      outboxBacklog.pending.set({ collection }, documents);
      outboxBacklog.oldestAge.set({ collection }, oldest ? Math.max(0, now - oldest.getTime()) / 1000 : 0);
    }
  }
}
/** At most this many entries are read per collection and scrape (the count saturates there: far past any alert). */
const BACKLOG_SAMPLE = 1000;

/**
 * Publishes the events waiting in documents' outboxes, with broker confirms, then removes them from the document.
 * It finds its work in the due list (outbox-due.ts), which writers mark before they write (outbox-writer.ts), and in
 * their nudges; it never scans an outbox collection, except once per database ever for documents written before the
 * due list existed ({@link sweepUnmarked}).
 *
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
  /** Documents the service just wrote events into, by due-list id: the next pass claims them by _id. */
  private hinted = new Map<string, DueWork>();
  /** Whether the next pass reads the due list (each poll, and a nudge without a document). */
  private pollDue = true;
  private readonly database: Db;
  readonly dueList: OutboxDueList;

  private readonly leaseMs: number;
  /** When a failed publish of each event was last logged. */
  private readonly failuresLogged = new Map<string, number>();

  constructor(private readonly options: OutboxRelayOptions) {
    this.logger = options.logger ?? silentLogger;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.database = options.database;
    this.dueList = new OutboxDueList(options.database);
  }

  /** The due list's indexes; call once at start-up. The outbox collections need none: they are read by _id only. */
  async ensureIndexes(): Promise<void> {
    await this.dueList.ensureIndexes();
  }

  /** The names of the collections this relay publishes from. */
  get collections(): readonly string[] {
    return this.options.collections;
  }

  /** Polls the due list from now on, and sweeps for unmarked documents in the background (once per database). */
  start(): void {
    runningRelays.add(this);
    this.stopped = false;
    this.schedule(0, true);
    void this.sweepInBackground();
  }

  /**
   * Asks for a pass now (after a local write), instead of at the next poll. Naming the document and the write's mark
   * lets the pass claim it by _id and take the mark back once its events are out (on FerretDB only _id lookups reach
   * SQLite's index). Without a document the pass reads the due list.
   */
  nudge(written?: { collection: string; documentId: OutboxDocumentId; mark: string }): void {
    if (this.stopped) return;
    if (written) this.hint(written.collection, written.documentId, [written.mark]);
    else this.pollDue = true;
    if (this.running) this.rerun = true;
    else this.schedule(0, false);
  }

  private hint(collection: string, documentId: OutboxDocumentId, marks: Iterable<string>): void {
    const key = `${collection}:${String(documentId)}`;
    const work = this.hinted.get(key) ?? { collection, documentId, written: new Set() };
    for (const mark of marks) work.written.add(mark);
    this.hinted.set(key, work);
  }

  private schedule(delayMs: number, poll: boolean): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (poll) this.pollDue = true;
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

  /** One pass, reading the due list; resolves with the number of events published. For tests. */
  runOnce(): Promise<number> {
    this.pollDue = true;
    return this.pass();
  }

  private pass(): Promise<number> {
    this.running ??= this.passOnce().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async passOnce(): Promise<number> {
    const poll = this.pollDue;
    this.pollDue = false;
    const work = this.hinted;
    this.hinted = new Map();
    if (poll) {
      for (const entry of await this.dueList.list(this.options.collections, this.options.batchSize ?? 50)) {
        const hinted = work.get(entry._id);
        if (hinted) hinted.listed = entry;
        else
          work.set(entry._id, {
            collection: entry.collection,
            documentId: entry.documentId,
            written: new Set(),
            listed: entry,
          });
      }
    }
    // Each document's round trips need not wait for another's: claimed and relayed side by side.
    const counts = await Promise.all([...work.values()].map((due) => this.relayDue(due)));
    return counts.reduce((a, b) => a + b, 0);
  }

  /** Claims, publishes and clears one document, then takes back what it can of its due-list entry. */
  private async relayDue(due: DueWork): Promise<number> {
    if (!this.options.collections.includes(due.collection)) return 0;
    const collection = this.database.collection<OutboxDocument>(due.collection);
    try {
      const document = await this.claim(collection, due.documentId);
      const relayed = document ? await this.relayDocument(collection, document) : undefined;
      // Whether anything is left to publish: known from the clearing, else read (only when an entry may go).
      const stale = due.listed !== undefined && due.listed.markedAt.getTime() < Date.now() - this.leaseMs;
      const settled = relayed
        ? relayed.cleared
        : (due.written.size > 0 || stale) && !(await this.pendingIn(collection, due.documentId));
      if (settled) {
        // A stale entry goes whole: every write it announced has landed or never will. A young one may announce a
        // write still on its way, so only the tokens of writes known to have landed are taken back.
        if (stale && due.listed && (await this.dueList.dropStale(due.listed))) return relayed?.sent ?? 0;
        if (due.written.size > 0) await this.dueList.settle(due.collection, due.documentId, [...due.written]);
      } else if (due.written.size > 0 && !relayed?.refused) {
        // Another relay holds the claim, or an event was added while these went out: the next pass looks again and
        // takes the tokens back. While the broker refuses, the tokens stay in the due list, not here (a backlog of
        // hints would be claimed at every pass): a poll publishes the document and drops the entry once it is stale.
        this.hint(due.collection, due.documentId, due.written);
      }
      return relayed?.sent ?? 0;
    } catch (error) {
      if (due.written.size > 0) this.hint(due.collection, due.documentId, due.written);
      this.logger.warn(
        { err: describeError(error), collection: due.collection, documentId: due.documentId },
        "outbox relay could not relay a document; it is tried again",
      );
      return 0;
    }
  }

  private claimable(now: Date): Document {
    return { outboxPending: true, $or: [{ outboxLease: { $exists: false } }, { outboxLease: { $lt: now } }] };
  }

  /** Whether the document's outbox may still hold events (claimed by another relay, or refused by the broker). */
  private async pendingIn(collection: Collection<OutboxDocument>, id: OutboxDocumentId): Promise<boolean> {
    return (await collection.findOne({ _id: id, outboxPending: true }, { projection: { _id: 1 } })) !== null;
  }

  /**
   * Claims one document for a lease, unless another relay did since it was listed: a conditional update, atomic
   * for every relay of every instance (on the local database too, with its patch: docs/local-database.md).
   */
  private claim(collection: Collection<OutboxDocument>, id: OutboxDocumentId): Promise<OutboxDocument | null> {
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
    );
  }

  /**
   * The one scan left: documents whose events were written before the due list existed (a pending outbox, no entry)
   * are marked, once per collection and database ever; recorded in the due list's database, so a restart does not
   * scan again. Answers how many it marked. Runs in the background at start ({@link start}).
   */
  async sweepUnmarked(): Promise<number> {
    let marked = 0;
    for (const name of this.options.collections) {
      if (await this.dueList.swept(name)) continue;
      const unmarked = this.database
        .collection<OutboxDocument>(name)
        .find({ outboxPending: true }, { projection: { _id: 1 } });
      for await (const { _id } of unmarked) {
        await this.dueList.mark(name, _id);
        marked++;
      }
      await this.dueList.recordSwept(name);
    }
    if (marked > 0) this.nudge();
    return marked;
  }

  private async sweepInBackground(): Promise<void> {
    while (!this.stopped) {
      try {
        const marked = await this.sweepUnmarked();
        if (marked > 0) this.logger.info({ marked }, "outbox sweep marked documents written before the due list");
        return;
      } catch (error) {
        if (this.stopped) return;
        this.logger.warn({ err: describeError(error) }, "outbox sweep failed; tried again in a minute");
        await new Promise((resolve) => setTimeout(resolve, SWEEP_RETRY_MS).unref());
      }
    }
  }

  /**
   * Publishes a claimed document's events and removes the sent ones. `cleared`: nothing is left pending; `refused`:
   * events the broker did not take.
   */
  private async relayDocument(
    collection: Collection<OutboxDocument>,
    document: OutboxDocument,
  ): Promise<{ sent: number; refused: number; cleared: boolean }> {
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
      if (cleared.modifiedCount === 1) return { sent: sent.length, refused: 0, cleared: true };
    }
    // $pullAll of the exact entries read: works on FerretDB (a $pull by condition on sub-documents does not).
    await collection.updateOne({ _id: document._id }, { $pullAll: { outbox: sent }, $unset: release });
    // Cleared in a second, conditional update: an event pushed meanwhile keeps the array non-empty and the flag set.
    const emptied = await collection.updateOne(
      { _id: document._id, outbox: { $size: 0 } },
      { $unset: { outboxPending: "" } },
    );
    return { sent: sent.length, refused: events.length - sent.length, cleared: emptied.modifiedCount === 1 };
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
  private async renew(collection: Collection<OutboxDocument>, id: OutboxDocumentId): Promise<void> {
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
