import { describe, expect, it } from "vitest";
import { clientOrderIdSchema, refundIdSchema, TrackMessages, trackCodeSchema, trackPassSchema } from "./orders.js";

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

describe("the tracking form's bodies", () => {
  const orderId = "1764000000006track";
  it("takes the order id with an email or a mobile number as shoppers write it", () => {
    expect(trackCodeSchema.parse({ orderId, email: " Asha@Example.in " })).toEqual({
      orderId,
      email: "asha@example.in",
    });
    for (const mobile of ["9812345678", "+91 98123 45678", "09812345678"]) {
      expect(trackCodeSchema.parse({ orderId, mobile }), mobile).toEqual({ orderId, mobile: "919812345678" });
    }
    expect(trackPassSchema.parse({ orderId, mobile: "09812345678", code: "012345" })).toEqual({
      orderId,
      mobile: "919812345678",
      code: "012345",
    });
  });

  it("refuses both at once, neither, odd shapes and prototype-named keys", () => {
    for (const body of [
      { orderId, email: "asha@example.in", mobile: "9812345678" },
      { orderId },
      { orderId, mobile: 9812345678 },
      { orderId, mobile: ["9812345678"] },
      { orderId, mobile: { $ne: null } },
      { orderId, mobile: "5812345678" },
      { orderId, mobile: "9".repeat(5000) },
      JSON.parse(`{"orderId":"${orderId}","mobile":"9812345678","__proto__":{"admin":true}}`),
      { orderId, mobile: "9812345678", constructor: { prototype: {} } },
    ]) {
      expect(trackCodeSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
    expect(trackPassSchema.safeParse({ orderId, mobile: "9812345678", code: "12345x" }).success).toBe(false);
    // Each says its own problem, in the words the catalogs translate.
    const said = (body: unknown) => trackCodeSchema.safeParse(body).error?.issues.map((issue) => issue.message);
    expect(said({ orderId, mobile: "5812345678" })).toEqual([TrackMessages.MOBILE_INVALID]);
    expect(said({ orderId })).toEqual([TrackMessages.ONE_WAY]);
    expect(said({ orderId, mobile: "9812345678", email: "a@b.in" })).toEqual([TrackMessages.ONE_WAY]);
    expect(trackPassSchema.safeParse({ orderId, mobile: "9812345678", email: "a@b.in", code: "123456" }).success).toBe(
      false,
    );
  });
});
