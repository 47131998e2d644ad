import { shareInProportion } from "@storefront/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CouponPricing, type DiscountableLine, discountPaise, lineDiscounts } from "./coupon-discount.js";

describe("a coupon's discount, worked", () => {
  it("shares ₹120 off ₹1,000 of sweets (5 %) and ₹200 of plates (18 %) as ₹100 and ₹20", () => {
    const lines = [
      { productId: "kaju-katli", lineTotalPaise: 100_000 },
      { productId: "paper-plates", lineTotalPaise: 20_000 },
    ];
    expect(lineDiscounts({ offer: { kind: "fixed", amountPaise: 12_000 } }, lines)).toEqual([10_000, 2_000]);
    // 10 % of ₹1,200 is the same ₹120.
    expect(lineDiscounts({ offer: { kind: "percent", percent: 10 } }, lines)).toEqual([10_000, 2_000]);
  });

  it("takes 10 % off only the products it names, capped at its maximum", () => {
    const lines = [
      { productId: "kaju-katli", lineTotalPaise: 100_000 },
      { productId: "bhajani-chakli", lineTotalPaise: 50_000 },
    ];
    const sweetsOnly: CouponPricing = { offer: { kind: "percent", percent: 10 }, productIds: ["kaju-katli"] };
    expect(lineDiscounts(sweetsOnly, lines)).toEqual([10_000, 0]);
    const capped: CouponPricing = { offer: { kind: "percent", percent: 10, maxDiscountPaise: 5_000 } };
    expect(discountPaise(capped, lines)).toBe(5_000);
    expect(lineDiscounts(capped, lines)).toEqual([3_333, 1_667]);
  });

  it("never takes off more than the eligible lines are worth", () => {
    const lines = [{ productId: "modak", lineTotalPaise: 8_000 }];
    expect(discountPaise({ offer: { kind: "fixed", amountPaise: 10_000 } }, lines)).toBe(8_000);
  });

  it("gives the odd paise to the largest remainders, the earlier line on a tie", () => {
    expect(shareInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareInProportion(5, [10, 30, 60])).toEqual([1, 1, 3]);
  });
});

/** Random carts of 1-12 lines at 5 % or 18 %, each ₹1 to ₹10,000, and random coupons of either kind. */
const lineArbitrary = fc.record({
  productId: fc.constantFrom("kaju-katli", "modak", "chakli", "plates", "cups", "foil"),
  lineTotalPaise: fc.integer({ min: 100, max: 1_000_000 }),
});
const pricingArbitrary: fc.Arbitrary<CouponPricing> = fc.record(
  {
    offer: fc.oneof(
      fc.record(
        {
          kind: fc.constant("percent" as const),
          percent: fc.integer({ min: 1, max: 100 }),
          maxDiscountPaise: fc.integer({ min: 1, max: 500_000 }),
        },
        { requiredKeys: ["kind", "percent"] },
      ),
      fc.record({ kind: fc.constant("fixed" as const), amountPaise: fc.integer({ min: 1, max: 2_000_000 }) }),
    ),
    productIds: fc.subarray(["kaju-katli", "modak", "chakli", "plates", "cups", "foil"]),
  },
  { requiredKeys: ["offer"] },
);

describe("a coupon's discount, for any cart", () => {
  it("adds up to the paisa, keeps every line's share between 0 and its value, and gives the same split every time", () => {
    fc.assert(
      fc.property(fc.array(lineArbitrary, { minLength: 1, maxLength: 12 }), pricingArbitrary, (lines, pricing) => {
        const shares = lineDiscounts(pricing, lines as DiscountableLine[]);
        const total = discountPaise(pricing, lines);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total);
        shares.forEach((share, index) => {
          expect(Number.isInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(lines[index]!.lineTotalPaise);
        });
        const paid = lines.reduce((sum, line, index) => sum + line.lineTotalPaise - shares[index]!, 0);
        expect(paid).toBe(lines.reduce((sum, line) => sum + line.lineTotalPaise, 0) - total);
        expect(lineDiscounts(pricing, lines)).toEqual(shares);
      }),
      { numRuns: 2000 },
    );
  });
});
