import { describe, expect, it } from "vitest";
import {
  at,
  codConfirmed,
  codPending,
  paid,
  refund,
  TRANSITION_ROWS,
  unpaid,
  withRefund,
} from "../../../test/order-transition-rows.js";
import type { Order } from "./order.js";
import { applied, holds } from "./order-change.js";
import { cashOnDeliveryConfirmed, fulfilmentChange, paymentFailure, refundWord } from "./order-lifecycle.js";

describe("an order's transitions, one row each (docs/order-lifecycle.md, Changes)", () => {
  it.each(TRANSITION_ROWS)("$transition", ({ read, change, becomes, events, refusedFrom }) => {
    expect(holds(read, change.from)).toBe(true);
    const after = applied(read, change);
    for (const [field, value] of Object.entries(becomes)) expect(after[field as keyof Order]).toEqual(value);
    expect((change.events ?? []).map((event) => event.type)).toEqual(events);
    for (const other of refusedFrom) expect(holds(other, change.from)).toBe(false);
  });

  it("refuses what the rules refuse before any change is made", () => {
    expect(paymentFailure(paid, { reason: "declined" }, at, "r").outcome).toBe("already-settled");
    expect(fulfilmentChange(unpaid, "Preparing", "o", at, "r").outcome).toBe("not-paid");
    expect(fulfilmentChange({ ...paid, orderStatus: "Canceled" }, "Preparing", "o", at, "r").outcome).toBe("cancelled");
    expect(fulfilmentChange(paid, "PAID", "o", at, "r").outcome).toBe("unchanged");
    expect(cashOnDeliveryConfirmed(codConfirmed, at, "r").outcome).toBe("already-confirmed");
    expect(cashOnDeliveryConfirmed({ ...codPending, paymentStatus: "FAILED" }, at, "r").outcome).toBe("not-open");
    expect(
      refundWord(
        withRefund(paid, refund(paid, { status: "SUCCESS", acceptedAt: at })),
        0,
        { status: "SUCCESS" },
        "r",
        at,
      ),
    ).toBeUndefined();
    expect(refundWord(paid, 0, { status: "SUCCESS" }, "r", at)).toBeUndefined();
  });
});
