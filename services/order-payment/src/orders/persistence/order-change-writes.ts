import type { Filter, UpdateFilter } from "mongodb";
import type { Order } from "../domain/order.js";
import type { OrderChange, OrderCondition } from "../domain/order-change.js";

/**
 * An {@link OrderChange} as MongoDB writes it: the condition as the update's filter (so it applies only to the order
 * it was decided from, atomically against every other writer, on MongoDB and on the patched local database:
 * docs/local-database.md) and the fields as its operators. The only place an order's update is spelled.
 */

/** The filter that holds exactly when `holds(order, condition)` does (orders/domain/order-change.ts). */
export function conditionFilter(condition: OrderCondition): Filter<Order> {
  const c = condition;
  const filter: Record<string, unknown> = {};
  if (c.paymentStatus) filter.paymentStatus = { $in: [...c.paymentStatus] };
  if (c.paymentStatusNot) filter.paymentStatus = { ...(filter.paymentStatus ?? {}), $ne: c.paymentStatusNot };
  if (c.orderStatus) filter.orderStatus = c.orderStatus;
  if (c.notCancelled) filter.cancellation = { $exists: false };
  if (c.cashOnDelivery === "unconfirmed") {
    filter.paymentMethod = "cash-on-delivery";
    filter.cashOnDelivery = { $exists: false };
  }
  if (c.cashOnDelivery === "no-outcome") filter["cashOnDelivery.outcome"] = { $exists: false };
  if (c.refundsAsRead) {
    // The refund's place in the list still free and the refunded sum as read.
    filter[`refunds.${c.refundsAsRead.refunds?.length ?? 0}`] = { $exists: false };
    filter.refundedPaise = c.refundsAsRead.refundedPaise ?? { $exists: false };
  }
  if (c.historyAsRead) filter[`statusHistory.${c.historyAsRead.statusHistory?.length ?? 0}`] = { $exists: false };
  if (c.refund) {
    const at = `refunds.${c.refund.index}`;
    filter[`${at}.refundId`] = { $exists: true };
    if (c.refund.status) filter[`${at}.status`] = c.refund.status;
    if (c.refund.notAccepted) filter[`${at}.acceptedAt`] = { $exists: false };
  }
  if (c.accessCode) {
    filter["access.codeDigest"] = c.accessCode.digest;
    if (c.accessCode.triesBelow !== undefined) filter["access.attempts"] = { $lt: c.accessCode.triesBelow };
  }
  if (c.festivalWindowId !== undefined) filter["festival.windowId"] = c.festivalWindowId;
  if (c.accessRequestedAt !== undefined) {
    filter["access.requestedAt"] = c.accessRequestedAt === "never" ? { $exists: false } : c.accessRequestedAt;
  }
  return filter as Filter<Order>;
}

/** The update that makes of the order what `applied(order, change)` does (orders/domain/order-change.ts). */
export function changeUpdate(change: OrderChange): UpdateFilter<Order> {
  const set: Record<string, unknown> = { ...change.set };
  const inc: Record<string, number> = {};
  const push: Record<string, unknown> = {};
  if (change.addRefund) {
    push.refunds = change.addRefund;
    inc.refundedPaise = change.addRefund.amountPaise;
  }
  if (change.addStep) push.statusHistory = change.addStep;
  if (change.refund) {
    for (const [field, value] of Object.entries(change.refund.set))
      set[`refunds.${change.refund.index}.${field}`] = value;
    if (change.refund.givenBackPaise) inc.refundedPaise = -change.refund.givenBackPaise;
  }
  if (change.countAccessTry) inc["access.attempts"] = 1;
  const unset = Object.fromEntries((change.remove ?? []).map((field) => [field, ""]));
  return {
    ...(Object.keys(set).length ? { $set: set } : {}),
    ...(Object.keys(unset).length ? { $unset: unset } : {}),
    ...(Object.keys(inc).length ? { $inc: inc } : {}),
    ...(Object.keys(push).length ? { $push: push } : {}),
  } as UpdateFilter<Order>;
}
