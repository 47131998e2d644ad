import { describe, expect, it } from "vitest";
import { codeSentTo, placedWith } from "./order-access.js";

const customer = { kind: "guest" as const, email: "asha@example.in", name: "Asha", mobile: "9812345678" };
const access = (via?: "mobile") => ({
  codeDigest: "d",
  requestedAt: new Date(0),
  expiresAt: new Date(600_000),
  attempts: 0,
  ...(via ? { via } : {}),
});

describe("the tracking form's contact (docs/messaging.md, Tracking by mobile number)", () => {
  it("matches the order's email, or its mobile read as the providers write it", () => {
    expect(placedWith({ customer }, { email: "asha@example.in" })).toBe(true);
    expect(placedWith({ customer }, { email: "other@example.in" })).toBe(false);
    expect(placedWith({ customer }, { mobile: "919812345678" })).toBe(true);
    expect(placedWith({ customer }, { mobile: "919812345679" })).toBe(false);
    // An order stored with a mobile that is no Indian mobile matches no number.
    expect(placedWith({ customer: { ...customer, mobile: "1234567890" } }, { mobile: "911234567890" })).toBe(false);
  });

  it("lets a code be tried only with the contact it was sent to", () => {
    const mailed = { customer, access: access() };
    const texted = { customer, access: access("mobile") };
    expect(codeSentTo(mailed, { email: "asha@example.in" })).toBe(true);
    expect(codeSentTo(mailed, { mobile: "919812345678" })).toBe(false);
    expect(codeSentTo(texted, { mobile: "919812345678" })).toBe(true);
    expect(codeSentTo(texted, { email: "asha@example.in" })).toBe(false);
    expect(codeSentTo(texted, { mobile: "919999999999" })).toBe(false);
    expect(codeSentTo({ customer }, { mobile: "919812345678" })).toBe(false);
  });
});
