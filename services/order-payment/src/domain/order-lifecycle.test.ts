import { describe, expect, it } from "vitest";
import type { Order } from "./order.js";
import { fulfilmentChange, paidEvent, paysInFull } from "./order-lifecycle.js";

const order = (patch: Partial<Order> = {}): Order => ({
  _id: "1732262400001lifec",
  customer: { kind: "user", userId: "u-asha", email: "asha@example.in", name: "Asha Patil", mobile: "9876543210" },
  lines: [
    {
      productId: "ukadiche-modak",
      name: "Ukadiche Modak",
      weight: "500 Gram",
      quantity: 2,
      unitPricePaise: 58000,
      lineTotalPaise: 116000,
      tax: { hsn: "210690", gstRatePercent: 5 },
    },
  ],
  charges: { itemTotalPaise: 116000, postalDeliveryPaise: 3000, platformFeePaise: 0, totalPaise: 119000 },
  shippingAddress: "Flat 4, Sai Krupa Society, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001",
  placeOfSupply: { state: "Maharashtra", stateCode: "27" },
  paymentStatus: "SUCCESS",
  orderStatus: "PAID",
  createdAt: new Date("2026-11-24T04:00:00Z"),
  updatedAt: new Date("2026-11-24T04:00:00Z"),
  ...patch,
});
const payment = {
  provider: "cashfree",
  paymentId: "cf-1",
  amountPaise: 119000,
  paidAt: new Date("2026-11-24T04:01:00Z"),
};

describe("an order's life", () => {
  it("moves a paid order through fulfilment with its event, and refuses an unpaid one", () => {
    const change = fulfilmentChange(order(), "Preparing", "admin@shop.example", new Date(), "req-1");
    expect(change.outcome).toBe("change");
    if (change.outcome === "change") expect(change.event.data).toMatchObject({ from: "PAID", to: "Preparing" });
    expect(fulfilmentChange(order(), "PAID", "admin", new Date(), "req-2").outcome).toBe("unchanged");
    const unpaid = order({ paymentStatus: "PENDING", orderStatus: "Pending" });
    expect(fulfilmentChange(unpaid, "Preparing", "admin", new Date(), "req-3").outcome).toBe("not-paid");
  });

  it("settles only a payment of the whole total, and cannot make order.paid for a state of no India", () => {
    expect(paysInFull(order(), 119000)).toBe(true);
    expect(paysInFull(order(), 118999)).toBe(false);
    expect(paidEvent(order(), payment, "req-4").data).toMatchObject({
      orderId: "1732262400001lifec",
      amountPaise: 119000,
    });
    expect(() => paidEvent(order({ placeOfSupply: { state: "toString", stateCode: "fn" } }), payment, "r")).toThrow();
  });
});
