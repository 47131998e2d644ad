import type { EventEnvelope } from "@storefront/contracts";
import type { Document, UpdateFilter } from "mongodb";

/**
 * The outbox rides inside the aggregate document (docs/architecture.md, Events): the state change and the events it implies are
 * written by one document update, which is atomic on MongoDB and FerretDB alike (no transactions needed). The write is
 * made through an OutboxWriter (outbox-writer.ts), which marks the due list the relays read before it.
 *
 *   outbox:        the pending envelopes, in order
 *   outboxPending: true while `outbox` may hold entries (the relay's claim is guarded by it)
 *   outboxLease:   until when one relay instance has claimed the document (several relays may run at once)
 */
export interface OutboxFields {
  outbox?: EventEnvelope[];
  outboxPending?: true;
  outboxLease?: Date;
  outboxLeaseOwner?: string;
}

/** Fields to put in a new document so it is inserted together with its events. */
export function outboxForInsert(...events: EventEnvelope[]): Pick<OutboxFields, "outbox" | "outboxPending"> {
  return { outbox: events, outboxPending: true };
}

/**
 * Adds events to an update so they are written by the same (conditional) document update as the state change:
 *   collection.updateOne({ _id, status: "PENDING" }, withOutbox({ $set: { status: "PAID" } }, orderPaid))
 * If the condition does not match, neither the change nor the event is written.
 */
export function withOutbox<T extends Document>(update: UpdateFilter<T>, ...events: EventEnvelope[]): UpdateFilter<T> {
  const set = { ...(update.$set as Document | undefined), outboxPending: true };
  const push = { ...(update.$push as Document | undefined), outbox: { $each: events } };
  // The driver's types cannot see outbox fields on an arbitrary T; the shape is checked by the relay's tests.
  return { ...update, $set: set, $push: push } as unknown as UpdateFilter<T>;
}
