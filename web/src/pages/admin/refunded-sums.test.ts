import { describe, expect, it } from "vitest";
import { refundedSums } from "./refunded-sums";

const refund = (
  refundId: string,
  amountPaise: number,
  status: "Refund initiated" | "Refund credited" | "Refund failed",
) => ({
  refundId,
  amountPaise,
  status,
  scope: "goodwill",
  createdAt: "2026-11-26T10:00:00.000Z",
  creditNote: status === "Refund credited",
});

describe("what an order's refunds add up to", () => {
  it("counts credited and initiated apart, and a failed refund in neither", () => {
    expect(
      refundedSums([
        refund("o-R1", 29_000, "Refund credited"),
        refund("o-R2", 5_000, "Refund initiated"),
        refund("o-R3", 7_000, "Refund failed"),
        refund("o-R4", 1_000, "Refund credited"),
      ]),
    ).toEqual({ creditedPaise: 30_000, initiatedPaise: 5_000 });
  });

  it("is nothing for an order never refunded", () => {
    expect(refundedSums(undefined)).toEqual({ creditedPaise: 0, initiatedPaise: 0 });
    expect(refundedSums([])).toEqual({ creditedPaise: 0, initiatedPaise: 0 });
  });
});
