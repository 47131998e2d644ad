import { enquirySubmittedV1 } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { enquiryAndEvent } from "./receive-enquiry.js";

const now = new Date("2025-01-14T06:30:00.000Z");

describe("enquiryAndEvent", () => {
  it("keeps the enquiry and announces it with the request's correlation id", () => {
    const { record, event } = enquiryAndEvent(
      { name: "Asha Patil", email: "asha@example.in", mobile: "9876543210", message: "Modak for 50 people?" },
      { correlationId: "req-1", customerId: "user-7", now },
    );
    expect(record).toEqual({
      enquiryId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "Asha Patil",
      email: "asha@example.in",
      mobile: "9876543210",
      message: "Modak for 50 people?",
      submittedAt: now,
      customerId: "user-7",
    });
    expect(enquirySubmittedV1.parse(event)).toMatchObject({
      correlationId: "req-1",
      occurredAt: now.toISOString(),
      data: { enquiryId: record.enquiryId, email: "asha@example.in", submittedAt: now.toISOString() },
    });
  });

  it("leaves the email out entirely when none was given, so it is never stored as null", () => {
    const { record, event } = enquiryAndEvent(
      { name: "Asha Patil", email: undefined, mobile: "9876543210", message: "Hello" },
      { correlationId: "req-2" },
    );
    expect("email" in record).toBe(false);
    expect("customerId" in record).toBe(false);
    expect("email" in (event.data as object)).toBe(false);
  });
});
