import { randomUUID } from "node:crypto";
import { type Enquiry, type EventEnvelope, enquirySubmittedV1 } from "@storefront/contracts";
import type { EnquiryRecord } from "../domain/enquiry.js";
import type { EnquiryRepository } from "../persistence/enquiry-repository.js";

export interface EnquiryContext {
  /** The request id, carried into the event so the email it causes can be traced back to the request. */
  correlationId: string;
  customerId?: string;
  now?: Date;
}

/**
 * Receives a valid enquiry (spec section 5): keeps it, and tells the shop with `catalogue.enquiry.submitted` (written
 * in the same insert: the outbox), which notification turns into an email. Answers the enquiry's id.
 */
export async function receiveEnquiry(
  enquiries: EnquiryRepository,
  enquiry: Enquiry,
  context: EnquiryContext,
): Promise<{ enquiryId: string }> {
  const { record, event } = enquiryAndEvent(enquiry, context);
  await enquiries.insert(record, event);
  return { enquiryId: record.enquiryId };
}

/** The record to keep of a valid enquiry and the event that tells the shop about it. */
export function enquiryAndEvent(
  enquiry: Enquiry,
  context: EnquiryContext,
): { record: EnquiryRecord; event: EventEnvelope } {
  const record: EnquiryRecord = {
    enquiryId: randomUUID(),
    name: enquiry.name,
    ...(enquiry.email ? { email: enquiry.email } : {}),
    mobile: enquiry.mobile,
    message: enquiry.message,
    submittedAt: context.now ?? new Date(),
    ...(context.customerId ? { customerId: context.customerId } : {}),
  };
  const event = enquirySubmittedV1.create(
    {
      enquiryId: record.enquiryId,
      name: record.name,
      // Left out rather than undefined: the driver would store undefined as null, which the event schema refuses.
      ...(record.email ? { email: record.email } : {}),
      mobile: record.mobile,
      message: record.message,
      submittedAt: record.submittedAt.toISOString(),
    },
    { correlationId: context.correlationId, occurredAt: record.submittedAt },
  );
  return { record, event };
}
