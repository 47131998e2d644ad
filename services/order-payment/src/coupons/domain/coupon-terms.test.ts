import type { CouponFields } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { CouponRefusedError, couponRefusal } from "./coupon-terms.js";

/** DIWALI100's terms: ₹100 off items of ₹999 or more, for kaju katli and modak, 1 to 5 November India time. */
const terms: CouponFields = {
  name: "Diwali",
  offer: { kind: "fixed", amountPaise: 10_000 },
  minItemTotalPaise: 99_900,
  productIds: ["kaju-katli", "ukadiche-modak"],
  startsAt: "2026-11-01T00:00:00+05:30",
  endsAt: "2026-11-05T23:59:59+05:30",
  totalUses: 200,
  usesPerCustomer: 1,
  active: true,
};
const kaju = (lineTotalPaise: number) => ({ productId: "kaju-katli", lineTotalPaise });
const plates = (lineTotalPaise: number) => ({ productId: "paper-plates", lineTotalPaise });
const during = new Date("2026-11-03T12:00:00+05:30");

describe("whether a coupon applies to a cart", () => {
  it.each([
    ["applies", terms, [kaju(99_900)], during, undefined],
    ["paused", { ...terms, active: false }, [kaju(99_900)], during, "unknown"],
    ["a second before it starts", terms, [kaju(99_900)], new Date("2026-10-31T23:59:59+05:30"), "not-started"],
    ["on its first second", terms, [kaju(99_900)], new Date("2026-11-01T00:00:00+05:30"), undefined],
    ["at its end", terms, [kaju(99_900)], new Date("2026-11-05T23:59:59+05:30"), "expired"],
    ["a paisa under the minimum", terms, [kaju(99_899)], during, "minimum-not-reached"],
    ["the minimum reached with other goods", terms, [kaju(10_000), plates(89_900)], during, undefined],
    ["none of its products", terms, [plates(150_000)], during, "not-for-these-products"],
  ] as const)("%s", (_what, fields, lines, now, refusal) => {
    expect(couponRefusal(fields, lines, now)).toBe(refusal);
  });

  it("names the start date and the minimum in the shopper's words, with the reason as the error's code", () => {
    expect(new CouponRefusedError("not-started", terms).message).toBe("This coupon can be used from Sun, 1 Nov.");
    const minimum = new CouponRefusedError("minimum-not-reached", terms);
    expect(minimum.message).toBe("This coupon needs items worth ₹999.00 or more.");
    expect(minimum.code).toBe("COUPON_MINIMUM_NOT_REACHED");
    expect(new CouponRefusedError("used-by-you").message).toBe("You have already used this coupon.");
  });
});
