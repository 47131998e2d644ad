import type { EventEnvelope } from "@storefront/contracts";
import { type OutboxFields, OutboxWriter, outboxForInsert } from "@storefront/messaging";
import type { Db } from "mongodb";
import type { EnquiryRecord } from "../domain/enquiry.js";

/**
 * The `enquiries` collection. Its documents carry their events in an outbox (docs/architecture.md, Events) which the
 * bus's relay publishes and clears; only the relay reads it.
 */
type EnquiryDocument = Omit<EnquiryRecord, "enquiryId"> & { _id: string } & OutboxFields;

export interface EnquiryRepository {
  /** Stores the enquiry and its event in one insert, so the event is published if and only if the enquiry is kept. */
  insert(record: EnquiryRecord, event: EventEnvelope): Promise<void>;
}

export function enquiryRepository(db: Db, options: { outbox?: OutboxWriter } = {}): EnquiryRepository {
  const enquiries = db.collection<EnquiryDocument>("enquiries");
  const outbox = options.outbox ?? new OutboxWriter(db);
  return {
    async insert({ enquiryId, ...record }, event) {
      await outbox.write("enquiries", enquiryId, () =>
        enquiries.insertOne({ _id: enquiryId, ...record, ...outboxForInsert(event) }),
      );
    },
  };
}
