import { describe, expect, it } from "vitest";
import { EnquiryMessages, enquiryRequestSchema } from "./catalogue.js";

const valid = { name: "Asha Patil", email: "asha@example.in", mobile: "9876543210", message: "Do you cater weddings?" };

function errorsOf(input: unknown): Record<string, string | undefined> {
  const result = enquiryRequestSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe("enquiry request", () => {
  it("accepts a complete enquiry and an empty email as not given", () => {
    expect(enquiryRequestSchema.parse(valid)).toEqual(valid);
    expect(enquiryRequestSchema.parse({ ...valid, email: "" }).email).toBeUndefined();
    expect(enquiryRequestSchema.parse({ ...valid, email: undefined }).email).toBeUndefined();
  });

  it("refuses each field with the spec's words", () => {
    expect(errorsOf({ ...valid, name: " Al " })).toEqual({ name: EnquiryMessages.NAME });
    expect(errorsOf({ ...valid, email: "asha@" })).toEqual({ email: EnquiryMessages.EMAIL });
    expect(errorsOf({ ...valid, mobile: "98765 4321" })).toEqual({ mobile: EnquiryMessages.MOBILE });
    expect(errorsOf({ ...valid, mobile: "987654321" })).toEqual({ mobile: EnquiryMessages.MOBILE });
    expect(errorsOf({ ...valid, message: "   " })).toEqual({ message: EnquiryMessages.MESSAGE });
    expect(errorsOf({ ...valid, message: "x".repeat(201) })).toEqual({ message: EnquiryMessages.MESSAGE });
    expect(errorsOf({})).toEqual({
      name: EnquiryMessages.NAME,
      mobile: EnquiryMessages.MOBILE,
      message: EnquiryMessages.MESSAGE,
    });
  });
});
