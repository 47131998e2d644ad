import type { Collection, Db } from "mongodb";

interface ProcessedEventDocument {
  /** The event id: `_id` is unique, so one document per event whatever the number of deliveries. */
  _id: string;
  status: "processing" | "done";
  claimedAt: Date;
  doneAt?: Date;
}

/** Another delivery of the same event is being handled right now; retry later (the consumer backs off). */
export class EventInProgressError extends Error {
  override name = "EventInProgressError";
}

const DUPLICATE_KEY = 11000;
const isDuplicateKey = (error: unknown) => (error as { code?: number } | null)?.code === DUPLICATE_KEY;

/**
 * The processed-events record of one service (eShop's and Medusa's idempotency key): `runOnce(eventId, effect)` runs
 * the effect only for the first delivery of an event. A delivery claims the id first, so two concurrent deliveries
 * cannot both run it; a claim whose handler failed is released so the retry can run; a claim left by a crashed
 * process is taken over after `leaseMs`.
 */
export class ProcessedEvents {
  private constructor(
    private readonly collection: Collection<ProcessedEventDocument>,
    private readonly leaseMs: number,
  ) {}

  static async open(db: Db, options: { collection?: string; leaseMs?: number } = {}): Promise<ProcessedEvents> {
    const collection = db.collection<ProcessedEventDocument>(options.collection ?? "processed_events");
    return new ProcessedEvents(collection, options.leaseMs ?? 60_000);
  }

  /** Runs `effect` unless this event id was handled already; says which happened. */
  async runOnce(eventId: string, effect: () => Promise<void>): Promise<"ran" | "duplicate"> {
    if (!(await this.claim(eventId))) return "duplicate";
    try {
      await effect();
    } catch (error) {
      await this.collection.deleteOne({ _id: eventId, status: "processing" });
      throw error;
    }
    await this.collection.updateOne({ _id: eventId }, { $set: { status: "done", doneAt: new Date() } });
    return "ran";
  }

  async wasProcessed(eventId: string): Promise<boolean> {
    return (await this.collection.countDocuments({ _id: eventId, status: "done" })) > 0;
  }

  /** true: this delivery owns the event now; false: it was done already. Throws while another delivery holds it. */
  private async claim(eventId: string): Promise<boolean> {
    const now = new Date();
    try {
      await this.collection.insertOne({ _id: eventId, status: "processing", claimedAt: now });
      return true;
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const existing = await this.collection.findOne({ _id: eventId });
    if (!existing) return this.claim(eventId); // released between our insert and read
    if (existing.status === "done") return false;
    if (now.getTime() - existing.claimedAt.getTime() < this.leaseMs) {
      throw new EventInProgressError(`event ${eventId} is being handled by another delivery`);
    }
    const takeover = await this.collection.updateOne(
      { _id: eventId, status: "processing", claimedAt: existing.claimedAt },
      { $set: { claimedAt: now } },
    );
    if (takeover.modifiedCount === 1) return true;
    throw new EventInProgressError(`event ${eventId} was just claimed by another delivery`);
  }
}
