import { randomUUID } from "node:crypto";
import { type Enquiry, type EventEnvelope, enquirySubmittedV1 } from "@storefront/contracts";

/** An enquiry as the shop keeps it. */
export interface EnquiryRecord {
  enquiryId: string;
  name: string;
  email?: string;
  mobile: string;
  message: string;
  submittedAt: Date;
  /** The signed-in customer who sent it, when the SPA had a token (spec section 7 sends the auth header). */
  customerId?: string;
}

export interface EnquiryContext {
  /** The request id, carried into the event so the email it causes can be traced back to the request. */
  correlationId: string;
  customerId?: string;
  now?: Date;
}

/** Turns a valid enquiry (spec section 5) into the record to keep and the event that tells the shop about it. */
export function receiveEnquiry(
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
