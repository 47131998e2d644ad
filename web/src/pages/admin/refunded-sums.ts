import type { OrderDetail } from "../../contracts";

/**
 * What the order's refunds add up to, as the owner's order page says it: credited (the bank has it) and initiated
 * (sent, not yet credited). A failed refund gave nothing back and counts in neither.
 */
export function refundedSums(refunds: OrderDetail["refunds"]) {
  const sum = (status: NonNullable<OrderDetail["refunds"]>[number]["status"]) =>
    (refunds ?? []).filter((refund) => refund.status === status).reduce((total, one) => total + one.amountPaise, 0);
  return { creditedPaise: sum("Refund credited"), initiatedPaise: sum("Refund initiated") };
}
