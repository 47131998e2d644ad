import { describe, expect, it } from "vitest";
import { timelineDetail } from "./timeline-words";

const at = "2026-11-26T10:00:00.000Z";

describe("a timeline step's detail in the page's language", () => {
  it("words a step from its data: paid online, paid in cash, confirmed for cash on delivery, refunded and credited", () => {
    expect(timelineDetail({ at, label: "Paid", detail: "₹360.00", amountPaise: 36_000 })).toEqual({
      message: "timeline.amount",
      values: { amount: "₹360.00" },
    });
    expect(timelineDetail({ at, label: "Paid", detail: "₹360.00 in cash", amountPaise: 36_000, inCash: true })).toEqual(
      { message: "timeline.paidInCash", values: { amount: "₹360.00" } },
    );
    expect(
      timelineDetail({
        at,
        label: "Confirmed",
        detail: "cash on delivery, ₹1,200.00",
        amountPaise: 120_000,
        inCash: true,
      }),
    ).toEqual({ message: "timeline.codConfirmed", values: { amount: "₹1,200.00" } });
    expect(
      timelineDetail({
        at,
        label: "Refund credited",
        detail: "₹90.00, bank reference ARN123",
        amountPaise: 9000,
        bankReference: "ARN123",
      }),
    ).toEqual({ message: "timeline.credited", values: { amount: "₹90.00", reference: "ARN123" } });
  });

  it("keeps the server's English words for a step without data, and says nothing for a step without detail", () => {
    expect(timelineDetail({ at, label: "Cancelled", detail: "by you" })).toEqual({ english: "by you" });
    expect(timelineDetail({ at, label: "Preparing" })).toBeUndefined();
  });
});
