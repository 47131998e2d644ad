import { describe, expect, it } from "vitest";
import { clientOrderIdSchema, refundIdSchema } from "./orders.js";

describe("order and refund ids", () => {
  it("takes an order id of 6 to 40 letters, digits, _ and - (Razorpay's receipt takes 40), and nothing else", () => {
    expect(clientOrderIdSchema.safeParse("1764000000070cashd").success).toBe(true);
    expect(clientOrderIdSchema.safeParse("a".repeat(40)).success).toBe(true);
    for (const bad of ["a".repeat(41), "short", "has space 123", "../../etc", "__proto__.x", "ऑर्डर123456"]) {
      expect(clientOrderIdSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("takes a refund id made of an order id and -R<n>", () => {
    expect(refundIdSchema.safeParse("1764000000070cashd-R1").success).toBe(true);
    expect(refundIdSchema.safeParse(`${"a".repeat(40)}-R123`).success).toBe(true);
    for (const bad of [
      "1764000000070cashd",
      "1764000000070cashd-R",
      "1764000000070cashd-R1234",
      `${"a".repeat(41)}-R1`,
    ]) {
      expect(refundIdSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
