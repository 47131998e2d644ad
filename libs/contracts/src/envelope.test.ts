import { describe, expect, it } from "vitest";
import { eventEnvelopeSchema } from "./envelope.js";
import { enquirySubmittedV1 } from "./events/catalogue.js";

const enquiry = {
  enquiryId: "enq-1",
  name: "Asha",
  mobile: "9876543210",
  message: "Do you deliver modak in Pune?",
  submittedAt: "2026-11-22T08:00:00.000Z",
};

describe("event definitions", () => {
  it("creates an envelope with a fresh uuid, the type, version and the correlation id", () => {
    const event = enquirySubmittedV1.create(enquiry, { correlationId: "req-1" });
    expect(eventEnvelopeSchema.parse(event).id).toMatch(/^[0-9a-f-]{36}$/);
    expect(event).toMatchObject({ type: "catalogue.enquiry.submitted", version: 1, correlationId: "req-1" });
  });

  it("refuses to create an event whose data breaks its schema", () => {
    expect(() => enquirySubmittedV1.create({ ...enquiry, email: "not-an-email" }, { correlationId: "r" })).toThrow();
  });

  it("parses a round-tripped envelope and refuses another type or version", () => {
    const event = JSON.parse(JSON.stringify(enquirySubmittedV1.create(enquiry, { correlationId: "r" })));
    expect(enquirySubmittedV1.parse(event).data.mobile).toBe("9876543210");
    expect(() => enquirySubmittedV1.parse({ ...event, version: 2 })).toThrow();
    expect(() => enquirySubmittedV1.parse({ ...event, type: "order.paid" })).toThrow();
  });

  it("refuses a type that is not <context>.<noun>.<verb>", () => {
    const event = enquirySubmittedV1.create(enquiry, { correlationId: "r" });
    expect(eventEnvelopeSchema.safeParse({ ...event, type: "EnquirySubmitted" }).success).toBe(false);
  });
});
