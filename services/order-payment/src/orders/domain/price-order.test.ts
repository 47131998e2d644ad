import { OrderMessages } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { OrderRuleError, priceOrder } from "./price-order.js";

const quote = (...prices: Array<[string, "250 Gram" | "500 Gram", number]>) => ({
  prices: prices.map(([productId, weight, unitPrice]) => ({
    productId,
    weight,
    unitPrice,
    name: productId,
    features: [],
    tax: { hsn: "210690", gstRatePercent: 5 as const },
  })),
});

describe("pricing an order", () => {
  it("prices every line from the catalogue and adds 30 rupees of postal delivery and no platform fee", () => {
    const { lines, charges } = priceOrder(
      [
        { productId: "ukadiche-modak", weight: "500 Gram", quantity: 2 },
        { productId: "bhajani-chakli", weight: "250 Gram", quantity: 3 },
      ],
      quote(["ukadiche-modak", "500 Gram", 58000], ["bhajani-chakli", "250 Gram", 12000]),
    );
    expect(lines.map((line) => line.lineTotalPaise)).toEqual([116000, 36000]);
    expect(charges).toEqual({
      itemTotalPaise: 152000,
      postalDeliveryPaise: 3000,
      platformFeePaise: 0,
      totalPaise: 155000,
    });
  });

  it("takes a coupon's discount off the lines it applies to, judges free delivery after it, and never discounts delivery", () => {
    const chosen = [
      { productId: "kaju-katli", weight: "500 Gram" as const, quantity: 2 },
      { productId: "paper-plates", weight: "250 Gram" as const, quantity: 1 },
    ];
    const prices = quote(["kaju-katli", "500 Gram", 50_000], ["paper-plates", "250 Gram", 20_000]);
    // Free above ₹1,100: ₹1,200 of items less ₹120 off is ₹1,080, so the ₹40 charge stays.
    const zone = (itemsPaise: number) => (itemsPaise >= 110_000 ? 0 : 4_000);
    const { lines, charges } = priceOrder(chosen, prices, zone, { offer: { kind: "fixed", amountPaise: 12_000 } });
    expect(lines.map((line) => line.discountPaise)).toEqual([10_000, 2_000]);
    expect(charges).toEqual({
      itemTotalPaise: 120_000,
      discountPaise: 12_000,
      postalDeliveryPaise: 4_000,
      platformFeePaise: 0,
      totalPaise: 112_000,
    });
    const platesOnly = priceOrder(chosen, prices, zone, {
      offer: { kind: "percent", percent: 50 },
      productIds: ["paper-plates"],
    });
    expect(platesOnly.lines.map((line) => line.discountPaise)).toEqual([undefined, 10_000]);
    expect(platesOnly.charges.totalPaise).toBe(110_000 + 0);
  });

  it("refuses an 11th unit of one product, even split over two lines, and an empty cart", () => {
    const eleven = [
      { productId: "karanji", weight: "250 Gram" as const, quantity: 6 },
      { productId: "karanji", weight: "500 Gram" as const, quantity: 5 },
    ];
    expect(() => priceOrder(eleven, quote(["karanji", "250 Gram", 1], ["karanji", "500 Gram", 1]))).toThrow(
      new OrderRuleError("cart-limit", OrderMessages.CART_LIMIT),
    );
    expect(() => priceOrder([], quote())).toThrow(OrderMessages.EMPTY_CART);
  });

  it("refuses a quote that does not match the lines", () => {
    expect(() =>
      priceOrder([{ productId: "anarse", weight: "250 Gram", quantity: 1 }], quote(["chirote", "250 Gram", 100])),
    ).toThrow(OrderRuleError);
  });
});
