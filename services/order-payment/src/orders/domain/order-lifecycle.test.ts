import { MAHARASHTRA, SAMPLE_SHIPPING_ADDRESS, SWEETMEAT_TAX } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import type { Order } from "./order.js";
import { applied, holds } from "./order-change.js";
import { cashOnDeliveryConfirmedEvent, paidEvent } from "./order-events.js";
import {
  cancellation,
  fulfilmentChange,
  mayCancel,
  paysInFull,
  refundProgress,
  stepsReached,
  wasDispatched,
} from "./order-lifecycle.js";

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
      tax: SWEETMEAT_TAX,
    },
  ],
  charges: { itemTotalPaise: 116000, postalDeliveryPaise: 3000, platformFeePaise: 0, totalPaise: 119000 },
  shippingAddress: SAMPLE_SHIPPING_ADDRESS,
  placeOfSupply: MAHARASHTRA,
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
    // The status mail says "out for delivery" or "ready for pickup" from the delivery the event carries.
    const delivery = { zoneId: "z-pickup", kind: "pickup" as const, name: "Pickup", date: "2026-11-28", slotId: "s1" };
    const pickup = fulfilmentChange(order({ delivery }), "Dispatched", "admin", new Date(), "req-8");
    expect(pickup.outcome === "change" && pickup.event.data.delivery).toEqual({
      kind: "pickup",
      name: "Pickup",
      date: "2026-11-28",
    });
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

describe("steps back (docs/order-lifecycle.md, Steps back)", () => {
  const at = new Date("2026-11-24T05:00:00Z");
  /** An order paid at `payment.paidAt` and moved through `steps` by the admin, one change each. */
  const movedThrough = (...steps: Array<"PAID" | "Waiting" | "Preparing" | "Dispatched" | "Delivered">) => {
    const history = steps.map((to, index) => ({ from: index === 0 ? "PAID" : steps[index - 1]!, to, by: "admin", at }));
    return order({ payment, orderStatus: steps.at(-1) ?? "PAID", statusHistory: history } as Partial<Order>);
  };
  // 10:30 India time on the day it was paid, before the 18:00 cut-off.
  const sameDay = new Date("2026-11-24T05:00:00Z");
  const policy = { cutoffMinutes: 18 * 60 };

  it("knows every step the order has been at: where it started and each step it was moved to", () => {
    expect([...stepsReached(order())]).toEqual(["PAID"]);
    expect([...stepsReached(order({ orderStatus: "Waiting" }))]).toEqual(["Waiting"]);
    expect([...stepsReached(movedThrough("Delivered", "PAID"))].sort()).toEqual(["Delivered", "PAID"]);
    expect(wasDispatched(movedThrough("Preparing", "Waiting"))).toBe(false);
    expect(wasDispatched(movedThrough("Dispatched", "Preparing", "PAID"))).toBe(true);
    expect(wasDispatched(movedThrough("Delivered", "PAID"))).toBe(true);
  });

  it("lets nobody cancel an order moved back from Dispatched or Delivered, and still before it left the kitchen", () => {
    for (const back of [movedThrough("Delivered", "PAID"), movedThrough("Dispatched", "Waiting")]) {
      expect(mayCancel(back, "customer", sameDay, policy)).toBe(false);
      expect(mayCancel(back, "admin", sameDay, policy)).toBe(false);
    }
    const stillHere = movedThrough("Preparing", "PAID");
    expect(mayCancel(stillHere, "customer", sameDay, policy)).toBe(true);
    expect(mayCancel(movedThrough("Preparing"), "admin", sameDay, policy)).toBe(true);
    expect(mayCancel(movedThrough("Preparing"), "customer", sameDay, policy)).toBe(false);
  });

  it("marks a change to a step reached before, so its mail goes once, and guards on the history it read", () => {
    const again = fulfilmentChange(movedThrough("Delivered", "PAID"), "Delivered", "admin", at, "req-5");
    expect(again.outcome === "change" && again.event.data.reachedBefore).toBe(true);
    const first = fulfilmentChange(movedThrough("Preparing"), "Delivered", "admin", at, "req-6");
    expect(first.outcome === "change" && first.event.data).not.toHaveProperty("reachedBefore");
    // Where it started counts: a cash-on-delivery order confirmed at Waiting was told then.
    const cod = fulfilmentChange(
      order({
        paymentStatus: "COD",
        orderStatus: "Preparing",
        statusHistory: [{ from: "Waiting", to: "Preparing", by: "a", at }],
      }),
      "Waiting",
      "admin",
      at,
      "req-7",
    );
    expect(cod.outcome === "change" && cod.event.data.reachedBefore).toBe(true);
    // Decided from a history another admin has added to since: refused, it could say "reached before" wrong.
    const read = movedThrough("Preparing");
    const decided = fulfilmentChange(read, "Dispatched", "admin", at, "req-9");
    if (decided.outcome !== "change") throw new Error("expected a change");
    expect(holds(read, decided.change.from)).toBe(true);
    const meanwhile = fulfilmentChange(read, "PAID", "other-admin", at, "req-10");
    if (meanwhile.outcome !== "change") throw new Error("expected a change");
    const movedMeanwhile = { ...applied(read, meanwhile.change), orderStatus: "Preparing" as const };
    expect(holds(movedMeanwhile, decided.change.from)).toBe(false);
  });
});

describe("the shopper's phone consent on an order's events (docs/messaging.md, Order updates)", () => {
  const phoneUpdates = {
    channel: "whatsapp" as const,
    noticeVersion: "2026-11-27",
    mobile: "919876543210",
    consentedAt: "2026-11-24T04:00:00.000Z",
  };
  const at = new Date("2026-11-25T06:00:00Z");

  it("rides on every event a message is sent from, when the box was ticked", () => {
    const ticked = order({ phoneUpdates, payment });
    const moved = fulfilmentChange(ticked, "Dispatched", "admin", at, "req-p1");
    const cancelled = cancellation(
      ticked,
      { by: "admin", email: "admin@shop.example" },
      "out-of-stock",
      undefined,
      at,
      "req-p2",
    );
    const refund = cancelled.refund;
    if (!refund || moved.outcome !== "change") throw new Error("a paid order cancels with a refund and moves");
    const processed = refundProgress(ticked, refund, { status: "SUCCESS", processedAt: at }, "req-p3");
    const events = [
      paidEvent(ticked, payment, "req-p4"),
      cashOnDeliveryConfirmedEvent(ticked, at, "req-p5"),
      moved.event,
      cancelled.event,
      processed.outcome === "processed" ? processed.event : undefined,
    ];
    for (const event of events) expect(event?.data).toMatchObject({ phoneUpdates });
  });

  it("is absent when it was not", () => {
    const moved = fulfilmentChange(order(), "Dispatched", "admin", at, "req-p6");
    expect(moved.outcome === "change" && "phoneUpdates" in moved.event.data).toBe(false);
    expect("phoneUpdates" in paidEvent(order(), payment, "req-p7").data).toBe(false);
  });
});
