import type { Db } from "mongodb";
import { type OutboxDocumentId, OutboxDueList } from "./outbox-due.js";

/** What the writer tells after a write: the relay's `nudge`. */
export interface OutboxNudge {
  nudge(written: { collection: string; documentId: OutboxDocumentId; mark: string }): void;
}

/**
 * How a repository writes a document update or insert that carries events (`withOutbox`, `outboxForInsert`): it marks
 * the due list first, then writes, then nudges the relay. The mark comes first so that a process dying between any
 * two of the steps leaves the document findable: the relays read only the due list (outbox-due.ts).
 *
 * A write that did not happen (a guarded update that matched nothing, a duplicate insert refused) still nudges: the
 * relay finds nothing pending and takes the mark back at once. A write that threw may still land in the database
 * after the error, so it does not nudge: its mark waits for a relay's poll, which removes it once it is older than a
 * lease with nothing pending.
 */
export class OutboxWriter {
  readonly dueList: OutboxDueList;
  private relay: OutboxNudge | undefined;

  constructor(readonly database: Db) {
    this.dueList = new OutboxDueList(database);
  }

  /** The relay to nudge after each write (startEventBus sets it); until then a write waits for a relay's poll. */
  nudges(relay: OutboxNudge | undefined): void {
    this.relay = relay;
  }

  /**
   * Marks, runs `write` (the one document write that appends the events) and nudges; answers what `write` answered.
   *   outbox.write("orders", orderId, () => orders.updateOne({ _id: orderId, status }, withOutbox(update, event)))
   */
  async write<T>(collection: string, documentId: OutboxDocumentId, write: () => Promise<T>): Promise<T> {
    const mark = await this.dueList.mark(collection, documentId);
    const result = await write();
    this.relay?.nudge({ collection, documentId, mark });
    return result;
  }
}
