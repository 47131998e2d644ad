import type { EventEnvelope } from "@storefront/contracts";
import { outboxForInsert } from "@storefront/messaging";
import { type Connection, Schema } from "mongoose";
import type { EnquiryRecord } from "../domain/receive-enquiry.js";

/**
 * The `enquiries` collection. Its documents carry their events in an outbox (docs/architecture.md, Events) which the bus's
 * relay publishes and clears; `outbox` stays untyped here because only the relay reads it.
 */
const enquirySchema = new Schema(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    email: { type: String },
    mobile: { type: String, required: true },
    message: { type: String, required: true },
    submittedAt: { type: Date, required: true },
    customerId: { type: String },
    outbox: { type: [Schema.Types.Mixed], default: undefined },
    outboxPending: { type: Boolean },
  },
  { collection: "enquiries", versionKey: false },
);

export interface EnquiryRepository {
  /** Stores the enquiry and its event in one insert, so the event is published if and only if the enquiry is kept. */
  insert(record: EnquiryRecord, event: EventEnvelope): Promise<void>;
}

export function enquiryRepository(
  connection: Connection,
  options: { eventsWritten?: () => void } = {},
): EnquiryRepository {
  const Enquiries = connection.model("Enquiry", enquirySchema);
  return {
    async insert({ enquiryId, ...record }, event) {
      await Enquiries.create({ _id: enquiryId, ...record, ...outboxForInsert(event) });
      // Publishing now rather than at the relay's next poll; if this is lost, the poll still finds the event.
      options.eventsWritten?.();
    },
  };
}
