import { randomUUID } from "node:crypto";
import { oneTimeJobs } from "@storefront/stores";
import type { Collection, Db, ObjectId } from "mongodb";

/** The id of a document holding an outbox: the services' are strings; an ObjectId is kept as one, to claim by it. */
export type OutboxDocumentId = string | ObjectId;

/**
 * The due list: one small document per document that may hold unpublished events, in the service's own database.
 * The relays read it instead of the outbox collections (docs/architecture.md, The outbox): on the local database any
 * query not by `_id` reads the whole collection (docs/local-database.md), so a poll of 50,000 orders took minutes; the
 * due list holds only what is not yet published.
 *
 *   marks:    one token per write announced and not yet seen through: a writer pushes its own before its write, and
 *             takes nothing back; the relay pass that handles the writer's nudge (sent after the write) pulls it. A
 *             list, not one token overwritten at each marking: of two writers on one document, the first may still
 *             be writing when the second's events are published, and its token keeps the entry for it.
 *   markedAt: the latest marking. Once it is older than a lease every write announced has landed or never will,
 *             and an entry whose document has nothing pending may go.
 *   firstAt:  when the entry appeared: the age of the backlog.
 */
export interface DueEntry {
  /** `<collection>:<documentId>` */
  _id: string;
  collection: string;
  documentId: OutboxDocumentId;
  firstAt: Date;
  markedAt: Date;
  marks: string[];
}

export const DUE_LIST = "outbox_due";
/** Where the one-time sweep of each collection (OutboxRelay.sweepUnmarked) is recorded done, as `swept:<collection>`. */
const SWEEPS = "outbox_sweeps";

const entryId = (collection: string, documentId: OutboxDocumentId) => `${collection}:${String(documentId)}`;

export class OutboxDueList {
  private readonly entries: Collection<DueEntry>;
  private readonly sweeps: ReturnType<typeof oneTimeJobs>;

  constructor(database: Db) {
    this.entries = database.collection<DueEntry>(DUE_LIST);
    this.sweeps = oneTimeJobs(database, SWEEPS);
  }

  /** What MongoDB needs for the poll (by collection, oldest first) and the backlog gauge; the local database scans. */
  async ensureIndexes(): Promise<void> {
    await this.entries.createIndex({ collection: 1, firstAt: 1 });
  }

  /** Announces a write of events to the document, before it is made; answers the marking's token. */
  async mark(collection: string, documentId: OutboxDocumentId): Promise<string> {
    const token = randomUUID();
    const now = new Date();
    await this.entries.updateOne(
      { _id: entryId(collection, documentId) },
      {
        $push: { marks: token },
        $set: { markedAt: now },
        $setOnInsert: { collection, documentId, firstAt: now },
      },
      { upsert: true },
    );
    return token;
  }

  /** Entries of these collections, oldest first. */
  list(collections: readonly string[], limit: number): Promise<DueEntry[]> {
    return this.entries
      .find({ collection: { $in: [...collections] } })
      .sort({ firstAt: 1 })
      .limit(limit)
      .toArray();
  }

  /**
   * Takes back the markings of writes that have landed and whose events are published (their document has nothing
   * pending). The entry goes with its last token; a token another writer pushed meanwhile keeps it.
   */
  async settle(collection: string, documentId: OutboxDocumentId, tokens: readonly string[]): Promise<void> {
    const _id = entryId(collection, documentId);
    // Usually the entry holds this write's token alone: one round trip.
    if (tokens.length === 1 && (await this.entries.deleteOne({ _id, marks: [...tokens] })).deletedCount === 1) return;
    await this.entries.updateOne({ _id }, { $pullAll: { marks: [...tokens] } });
    await this.entries.deleteOne({ _id, marks: { $size: 0 } });
  }

  /**
   * Removes an entry read from the list whose markings are all older than a lease and whose document has nothing
   * pending, unless it was marked again since it was read (its tokens are no longer the ones read). True when removed.
   */
  async dropStale(entry: DueEntry): Promise<boolean> {
    return (await this.entries.deleteOne({ _id: entry._id, marks: entry.marks })).deletedCount === 1;
  }

  /** How many documents of the collection may hold events (up to `sample`), and since when the oldest. */
  async backlog(collection: string, sample: number): Promise<{ documents: number; oldest: Date | undefined }> {
    const entries = await this.entries
      .find({ collection }, { projection: { firstAt: 1 } })
      .sort({ firstAt: 1 })
      .limit(sample)
      .toArray();
    return { documents: entries.length, oldest: entries[0]?.firstAt };
  }

  swept(collection: string): Promise<boolean> {
    return this.sweeps.isDone(`swept:${collection}`);
  }

  recordSwept(collection: string): Promise<void> {
    return this.sweeps.markDone(`swept:${collection}`);
  }
}
