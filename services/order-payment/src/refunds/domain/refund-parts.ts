import { linePaidPaise, type RefundAllocation, type RefundScope, shareInProportion } from "@storefront/contracts";
import type { Order, Refund } from "../../orders/domain/order.js";

/**
 * What a paid order can still give back, part by part (docs/order-lifecycle.md, Refunds): each line (what was paid for
 * it, after its share of a coupon's discount: docs/coupons.md), the delivery charge and the platform fee, less what
 * the refunds not FAILED gave back of each. The invoice has the same parts as lines, so a credit note that reverses a
 * refund's allocation never reverses more of an invoice line than it carried. The one home of the rule: the refund
 * and cancel use cases decide with it, the order page shows it.
 */

/** What is left of each part, and in all (the sum of the parts). */
export interface RefundableParts extends RefundAllocation {
  totalPaise: number;
}

type PricedOrder = Pick<Order, "lines" | "charges">;

/** What the shopper paid for each part: the invoice's lines. */
export const paidParts = (order: PricedOrder): RefundAllocation => ({
  linesPaise: order.lines.map(linePaidPaise),
  deliveryPaise: order.charges.postalDeliveryPaise,
  platformFeePaise: order.charges.platformFeePaise,
});

const asList = (parts: RefundAllocation) => [...parts.linesPaise, parts.deliveryPaise, parts.platformFeePaise];
const fromList = (list: number[], lineCount: number): RefundAllocation => ({
  linesPaise: list.slice(0, lineCount),
  deliveryPaise: list[lineCount] ?? 0,
  platformFeePaise: list[lineCount + 1] ?? 0,
});
const sum = (list: readonly number[]) => list.reduce((total, paise) => total + paise, 0);
/** Nothing of any of the order's parts: where an allocation starts. */
const nothingOf = (parts: RefundAllocation) =>
  fromList(
    asList(parts).map(() => 0),
    parts.linesPaise.length,
  );

/** The paise an allocation gives back in all. */
export const allocatedPaise = (allocation: RefundAllocation) => sum(asList(allocation));

/** `amount` shared over what is left of every part, in proportion: never more than a part's left while amount <= sum. */
const shareOverLeft = (amount: number, left: RefundAllocation) =>
  fromList(shareInProportion(amount, asList(left)), left.linesPaise.length);

/**
 * The allocation of a refund written before refunds carried one: its own part first (as far as it goes), anything
 * beyond shared over what was left of the others, so what is left still adds up to what was refunded.
 */
function allocationBeforeParts(refund: Pick<Refund, "amountPaise" | "scope">, left: RefundAllocation) {
  const own = nothingOf(left);
  let rest = refund.amountPaise;
  if (refund.scope.kind === "line" && refund.scope.lineIndex < left.linesPaise.length) {
    const taken = Math.min(rest, left.linesPaise[refund.scope.lineIndex]!);
    own.linesPaise[refund.scope.lineIndex] = taken;
    rest -= taken;
  } else if (refund.scope.kind === "postal") {
    own.deliveryPaise = Math.min(rest, left.deliveryPaise);
    rest -= own.deliveryPaise;
  }
  const remaining = minus(left, own);
  const shared = shareOverLeft(Math.min(rest, sum(asList(remaining))), remaining);
  return fromList(
    asList(own).map((paise, index) => paise + asList(shared)[index]!),
    left.linesPaise.length,
  );
}

function minus(left: RefundAllocation, given: RefundAllocation): RefundAllocation {
  const givenList = asList(given);
  return fromList(
    asList(left).map((paise, index) => Math.max(0, paise - (givenList[index] ?? 0))),
    left.linesPaise.length,
  );
}

/** What is left to refund of each part of the order, from its refunds not FAILED (a failed one gives its back). */
export function refundableParts(order: PricedOrder & Pick<Order, "refunds">): RefundableParts {
  let left = paidParts(order);
  for (const refund of order.refunds ?? []) {
    if (refund.status === "FAILED") continue;
    left = minus(left, refund.allocation ?? allocationBeforeParts(refund, left));
  }
  return { ...left, totalPaise: allocatedPaise(left) };
}

/** What the admin (or a cancellation) asks to give back; a goodwill refund names its amount. */
export type RefundRequest = { scope: RefundScope; goodwillPaise?: number | undefined };

export type RefundDecision =
  | { outcome: "refund"; amountPaise: number; allocation: RefundAllocation }
  | { outcome: "no-such-line" }
  | { outcome: "line-already-refunded" }
  | { outcome: "delivery-already-refunded" }
  | { outcome: "no-delivery-charge" }
  | { outcome: "nothing-left" }
  | { outcome: "too-large"; leftPaise: number };

/**
 * What a refund of `scope` gives back of each part, or why it cannot: a line refund what is left of its line, a
 * delivery refund what is left of the delivery charge, goodwill its amount and cancellation all that is left, each
 * shared over what is left of every part. Never more than is left of its part, or of the order.
 */
export function decideRefund(order: PricedOrder & Pick<Order, "refunds">, request: RefundRequest): RefundDecision {
  const left = refundableParts(order);
  const none = nothingOf(left);
  const { scope } = request;
  switch (scope.kind) {
    case "line": {
      // An index read from the request: only the order's own lines, never an array's inherited keys.
      if (!Number.isInteger(scope.lineIndex) || scope.lineIndex < 0 || scope.lineIndex >= order.lines.length) {
        return { outcome: "no-such-line" };
      }
      const amountPaise = left.linesPaise[scope.lineIndex]!;
      if (amountPaise <= 0) return { outcome: "line-already-refunded" };
      none.linesPaise[scope.lineIndex] = amountPaise;
      return { outcome: "refund", amountPaise, allocation: none };
    }
    case "postal": {
      if (order.charges.postalDeliveryPaise <= 0) return { outcome: "no-delivery-charge" };
      if (left.deliveryPaise <= 0) return { outcome: "delivery-already-refunded" };
      return {
        outcome: "refund",
        amountPaise: left.deliveryPaise,
        allocation: { ...none, deliveryPaise: left.deliveryPaise },
      };
    }
    case "goodwill": {
      const amountPaise = request.goodwillPaise ?? 0;
      if (left.totalPaise <= 0) return { outcome: "nothing-left" };
      if (!Number.isInteger(amountPaise) || amountPaise <= 0 || amountPaise > left.totalPaise) {
        return { outcome: "too-large", leftPaise: left.totalPaise };
      }
      return { outcome: "refund", amountPaise, allocation: shareOverLeft(amountPaise, left) };
    }
    case "cancellation": {
      if (left.totalPaise <= 0) return { outcome: "nothing-left" };
      const { totalPaise, ...allocation } = left;
      return { outcome: "refund", amountPaise: totalPaise, allocation };
    }
  }
}
