import { MAHARASHTRA, SWEETMEAT_TAX } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import type { Order, OrderLine, Refund } from "../../orders/domain/order.js";
import { cancellation } from "../../orders/domain/order-lifecycle.js";
import { decideRefund, paidParts, refundableParts } from "./refund-parts.js";

const line = (name: string, lineTotalPaise: number, discountPaise?: number): OrderLine => ({
  productId: name.toLowerCase().replace(/ /g, "-"),
  name,
  weight: "500 Gram",
  quantity: 1,
  unitPricePaise: lineTotalPaise,
  lineTotalPaise,
  tax: SWEETMEAT_TAX,
  ...(discountPaise ? { discountPaise } : {}),
});

/** Kaju katli ₹240 (₹30 of a coupon's discount on it), modak ₹90, ₹30 delivery, ₹5 platform fee: ₹335 paid. */
const order = (refunds: Refund[] = []): Order => ({
  _id: "1764000000001parts",
  customer: { kind: "guest", email: "asha@example.in", name: "Asha Patil", mobile: "9876543210" },
  lines: [line("Kaju Katli", 24000, 3000), line("Ukadiche Modak", 9000)],
  charges: {
    itemTotalPaise: 33000,
    discountPaise: 3000,
    postalDeliveryPaise: 3000,
    platformFeePaise: 500,
    totalPaise: 33500,
  },
  shippingAddress: "Flat 4, Sai Krupa Society, Pune, Maharashtra-411001",
  placeOfSupply: MAHARASHTRA,
  paymentStatus: "SUCCESS",
  orderStatus: "PAID",
  payment: { provider: "cashfree", paymentId: "cf-1", amountPaise: 33500, paidAt: new Date("2026-11-24T04:01:00Z") },
  refunds,
  createdAt: new Date("2026-11-24T04:00:00Z"),
  updatedAt: new Date("2026-11-24T04:00:00Z"),
});

/** The refund a decision writes (as refund-order does), with its status. */
function refunded(of: Order, scope: Refund["scope"], status: Refund["status"] = "PENDING", goodwillPaise?: number) {
  const decided = decideRefund(of, { scope, goodwillPaise });
  if (decided.outcome !== "refund") throw new Error(decided.outcome);
  const refund: Refund = {
    refundId: `${of._id}-R${(of.refunds?.length ?? 0) + 1}`,
    amountPaise: decided.amountPaise,
    scope,
    allocation: decided.allocation,
    requestedBy: "admin@shop.example",
    status,
    createdAt: new Date(),
  };
  return order([...(of.refunds ?? []), refund]);
}

describe("what is left to refund, part by part", () => {
  it("is what was paid for each part at first: a line after its coupon share, delivery, platform fee", () => {
    expect(paidParts(order())).toEqual({ linesPaise: [21000, 9000], deliveryPaise: 3000, platformFeePaise: 500 });
    expect(refundableParts(order())).toMatchObject({ totalPaise: 33500 });
  });

  it("refunds a line once: what was paid for it, allocated to it only; a second time is refused", () => {
    const decided = decideRefund(order(), { scope: { kind: "line", lineIndex: 1 } });
    expect(decided).toEqual({
      outcome: "refund",
      amountPaise: 9000,
      allocation: { linesPaise: [0, 9000], deliveryPaise: 0, platformFeePaise: 0 },
    });
    const after = refunded(order(), { kind: "line", lineIndex: 1 });
    expect(refundableParts(after)).toEqual({
      linesPaise: [21000, 0],
      deliveryPaise: 3000,
      platformFeePaise: 500,
      totalPaise: 24500,
    });
    expect(decideRefund(after, { scope: { kind: "line", lineIndex: 1 } })).toEqual({
      outcome: "line-already-refunded",
    });
  });

  it("refunds the delivery once, and knows an order without a delivery charge", () => {
    const after = refunded(order(), { kind: "postal" });
    expect(after.refunds![0]!.allocation).toEqual({ linesPaise: [0, 0], deliveryPaise: 3000, platformFeePaise: 0 });
    expect(decideRefund(after, { scope: { kind: "postal" } })).toEqual({ outcome: "delivery-already-refunded" });
    const free = { ...order(), charges: { ...order().charges, postalDeliveryPaise: 0, totalPaise: 30500 } };
    expect(decideRefund(free, { scope: { kind: "postal" } })).toEqual({ outcome: "no-delivery-charge" });
  });

  it("refuses a line the order does not have, or an index that is not one", () => {
    for (const lineIndex of [2, 99, -1, 0.5, Number.NaN])
      expect(decideRefund(order(), { scope: { kind: "line", lineIndex } })).toEqual({ outcome: "no-such-line" });
  });

  it("shares goodwill over what is left of each part, never beyond it, and refuses goodwill above what is left", () => {
    const afterLine = refunded(order(), { kind: "line", lineIndex: 1 });
    const decided = decideRefund(afterLine, { scope: { kind: "goodwill" }, goodwillPaise: 1000 });
    expect(decided).toMatchObject({ outcome: "refund", amountPaise: 1000 });
    if (decided.outcome !== "refund") return;
    // Nothing of the modak (refunded already); the rest in proportion to ₹210 / ₹30 / ₹5.
    expect(decided.allocation).toEqual({ linesPaise: [857, 0], deliveryPaise: 123, platformFeePaise: 20 });
    expect(decideRefund(afterLine, { scope: { kind: "goodwill" }, goodwillPaise: 24501 })).toEqual({
      outcome: "too-large",
      leftPaise: 24500,
    });
  });

  it("refunds what is left of a line after goodwill took part of it", () => {
    const afterGoodwill = refunded(order(), { kind: "goodwill" }, "SUCCESS", 3350);
    const decided = decideRefund(afterGoodwill, { scope: { kind: "line", lineIndex: 1 } });
    expect(decided).toMatchObject({ outcome: "refund", amountPaise: 9000 - 900 });
  });

  it("gives a failed refund's parts back", () => {
    const failed = refunded(order(), { kind: "line", lineIndex: 0 }, "FAILED");
    expect(refundableParts(failed).totalPaise).toBe(33500);
    expect(decideRefund(failed, { scope: { kind: "line", lineIndex: 0 } })).toMatchObject({ amountPaise: 21000 });
  });

  it("cancels with all that is left of every part, and nothing once all is refunded", () => {
    const afterLine = refunded(order(), { kind: "line", lineIndex: 0 });
    const { refund } = cancellation(afterLine, { by: "customer" }, "customer-asked", undefined, new Date(), "c-1");
    expect(refund).toMatchObject({
      amountPaise: 12500,
      allocation: { linesPaise: [0, 9000], deliveryPaise: 3000, platformFeePaise: 500 },
    });
    const all = refunded(afterLine, { kind: "cancellation" });
    expect(refundableParts(all).totalPaise).toBe(0);
    expect(decideRefund(all, { scope: { kind: "goodwill" }, goodwillPaise: 1 })).toEqual({ outcome: "nothing-left" });
  });

  it("reads refunds written before allocations by their scope, even a line refunded twice then", () => {
    const legacy = (n: number, scope: Refund["scope"], amountPaise: number): Refund => ({
      refundId: `1764000000001parts-R${n}`,
      amountPaise,
      scope,
      requestedBy: "admin@shop.example",
      status: "SUCCESS",
      createdAt: new Date(),
    });
    const before = order([
      legacy(1, { kind: "line", lineIndex: 1 }, 9000),
      legacy(2, { kind: "line", lineIndex: 1 }, 9000),
      legacy(3, { kind: "postal" }, 3000),
    ]);
    const left = refundableParts(before);
    // What was refunded in all is gone from the total; the modak and the delivery are done.
    expect(left.totalPaise).toBe(33500 - 21000);
    expect(left.linesPaise[1]).toBe(0);
    expect(left.deliveryPaise).toBe(0);
    expect(decideRefund(before, { scope: { kind: "line", lineIndex: 1 } })).toEqual({
      outcome: "line-already-refunded",
    });
  });

  it("leaves nothing to refund on an order not paid", () => {
    const cod: Order = { ...order(), paymentStatus: "COD", payment: undefined } as Order;
    const { refund } = cancellation(cod, { by: "admin", email: "a@shop.in" }, "other", undefined, new Date(), "c-1");
    expect(refund).toBeUndefined();
  });
});
