import { describe, expect, it } from "vitest";
import type { OrderDetail } from "../../contracts";
import { type DeliveryKind, orderProgress } from "./order-steps";

const delivery = (kind: DeliveryKind): NonNullable<OrderDetail["delivery"]> =>
  kind === "courier"
    ? { kind, name: "Courier" }
    : {
        kind,
        name: kind === "local" ? "Wai and nearby" : "Pickup at the shop",
        date: "2026-11-27",
        slotLabel: "5 pm - 8 pm",
      };

const order = (
  orderStatus: OrderDetail["orderStatus"],
  kind: DeliveryKind | undefined,
  more: Partial<OrderDetail> = {},
): Parameters<typeof orderProgress>[0] => ({
  orderStatus,
  paymentStatus: orderStatus === "Pending" ? "PENDING" : "SUCCESS",
  ...(kind ? { delivery: delivery(kind) } : {}),
  ...more,
});

const shape = (progress: ReturnType<typeof orderProgress>) =>
  progress.steps.map((step) => `${step.key}:${step.state}`).join(" ");

describe("the order's steps: fulfilment status x zone kind", () => {
  const table: Array<[OrderDetail["orderStatus"], string, string]> = [
    ["PAID", "placed:current preparing:todo onItsWay:todo done:todo", "placed"],
    ["Waiting", "placed:current preparing:todo onItsWay:todo done:todo", "placed"],
    ["Preparing", "placed:done preparing:current onItsWay:todo done:todo", "preparing"],
    ["Dispatched", "placed:done preparing:done onItsWay:current done:todo", "onItsWay"],
    ["Delivered", "placed:done preparing:done onItsWay:done done:current", "done"],
  ];
  for (const kind of ["local", "pickup", "courier"] as const) {
    for (const [status, steps, moment] of table) {
      it(`${status} for ${kind}: ${steps}, next ${moment}.${kind}`, () => {
        const progress = orderProgress(order(status, kind));
        expect(progress.kind).toBe(kind);
        expect(shape(progress)).toBe(steps);
        expect(progress.next).toBe(`${moment}.${kind}`);
      });
    }
  }

  it("takes an order without a delivery (the spec's API) for the courier, the spec's postal delivery", () => {
    expect(orderProgress(order("Dispatched", undefined)).next).toBe("onItsWay.courier");
  });

  it("says a cash-on-delivery order confirmed is placed, its kitchen not started", () => {
    const progress = orderProgress({ ...order("PAID", "local"), paymentStatus: "COD" });
    expect(shape(progress)).toBe("placed:current preparing:todo onItsWay:todo done:todo");
    expect(progress.next).toBe("placed.local");
  });

  it("waits for the payment before anything, and says when it did not go through", () => {
    expect(orderProgress(order("Pending", "local")).next).toBe("awaitingPayment");
    expect(orderProgress({ ...order("Pending", "local"), paymentStatus: "FAILED" }).next).toBe("notPaid");
  });
});

describe("a cancelled order", () => {
  it("shows the steps it reached, then Cancelled, and says its refund when there is one", () => {
    const timeline = [
      { at: "2026-11-26T10:00:00.000Z", label: "Order placed" },
      { at: "2026-11-26T10:01:00.000Z", label: "Paid" },
      { at: "2026-11-26T10:30:00.000Z", label: "Preparing" },
      { at: "2026-11-26T11:00:00.000Z", label: "Cancelled" },
    ];
    const refunds = [
      {
        refundId: "o1-R1",
        amountPaise: 12_000,
        status: "Refund initiated" as const,
        scope: "order",
        createdAt: "2026-11-26T11:00:00.000Z",
        creditNote: false,
      },
    ];
    const progress = orderProgress(order("Canceled", "pickup", { timeline, refunds }));
    expect(shape(progress)).toBe("placed:done preparing:done cancelled:current");
    expect(progress.next).toBe("cancelledRefund");
  });

  it("cancelled before the kitchen started: placed, then Cancelled, nothing to refund (an unpaid order)", () => {
    const progress = orderProgress({ ...order("Canceled", "local"), paymentStatus: "FAILED" });
    expect(shape(progress)).toBe("placed:done cancelled:current");
    expect(progress.next).toBe("cancelled");
  });
});
