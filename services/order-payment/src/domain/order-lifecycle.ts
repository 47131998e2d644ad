import {
  CASH_PROVIDER,
  type CancelReason,
  type FulfilmentStatus,
  indiaDayKey,
  indiaMinutesOfDay,
  type OrderDelivery,
  type OrderStatus,
  orderCancelledV1,
  orderCashOnDeliveryConfirmedV1,
  orderPaidV3,
  orderPaymentFailedV1,
  orderRefundFailedV1,
  orderRefundInitiatedV1,
  orderRefundProcessedV1,
  orderStatusChangedV2,
  type RefundAllocation,
  type RefundScope,
} from "@storefront/contracts";
import type { Order, PaymentStatus, Refund, RefundStatus, SettledPayment } from "./order.js";
import { decideRefund, refundableParts } from "./refund-parts.js";

/**
 * An order's life, as rules (no driver, no express): which transitions exist and which event each one writes with
 * it. Persistence applies them with a state-guarded update and the event in the same write (the outbox); use cases
 * decide when. What exists today:
 *
 *   payment:     PENDING -> SUCCESS (settled from the provider's word)      writes order.paid
 *                PENDING -> FAILED  (a failed attempt, or expired unpaid)  writes order.payment-failed
 *                FAILED  -> SUCCESS (money the provider took after a failed attempt)
 *                FAILED  -> FAILED  (another failed attempt)
 *   fulfilment:  once paid, PAID / Waiting / Preparing / Dispatched / Delivered, any to any other (the admin's
 *                choice)                                                   writes order.status-changed (marked
 *                                                                          reachedBefore for a step reached before)
 *   cancel:      PAID / Waiting (the shopper, same day, before the cut-off) or any step before Dispatched (the
 *                admin), never once it was dispatched -> Canceled, once  writes order.cancelled
 *   cash on delivery (docs/delivery.md): placed PENDING without a provider, then
 *                PENDING -> COD (its email OTP confirms it; made and sent like a paid order) writes
 *                                                                          order.cash-on-delivery.confirmed
 *                COD -> SUCCESS (the owner has the cash)                   writes order.paid
 *                COD -> FAILED + Canceled (refused at the door)            writes order.cancelled
 *                unconfirmed, it expires like any unpaid order
 *   refund:      of a paid order, never beyond what is left of its line, its delivery charge or the order
 *                (domain/refund-parts.ts): written PENDING, then the provider's word moves it
 *                PENDING -> SUCCESS                                        writes order.refund.processed
 *                PENDING -> FAILED (its parts refundable again)           writes order.refund.failed
 *                the provider accepting the call                           writes order.refund.initiated
 *
 * A payment below the order's total settles nothing (it is flagged for the admin), and an order that cannot make its
 * `order.paid` is parked for a person (docs/security.md).
 */

/** The payment states an order may be settled from, or fail from again. */
export const OPEN_PAYMENT_STATES: readonly PaymentStatus[] = ["PENDING", "FAILED"];

/** Orders the kitchen makes and the shop sends: paid, or cash on delivery confirmed (its cash due at the door). */
/** An order's lines as its mails list them: the Marathi name too, where the product has one (docs/languages.md). */
const mailLines = (order: Pick<Order, "lines">) =>
  order.lines.map(({ name, weight, quantity, marathiName }) => ({
    name,
    weight,
    quantity,
    ...(marathiName ? { marathiName } : {}),
  }));

/** The order's language on its events (docs/languages.md): absent for English, as on orders placed before it. */
export const inLanguage = (order: Pick<Order, "language">) => (order.language ? { language: order.language } : {});

export const HELD_LIKE_PAID: readonly PaymentStatus[] = ["SUCCESS", "COD"];
export const isHeldLikePaid = (order: Pick<Order, "paymentStatus">) => HELD_LIKE_PAID.includes(order.paymentStatus);

/** The `order.cash-on-delivery.confirmed` its email OTP writes (PENDING -> COD). */
export const cashOnDeliveryConfirmedEvent = (order: Order, confirmedAt: Date, correlationId: string) =>
  orderCashOnDeliveryConfirmedV1.create(
    {
      orderId: order._id,
      customer: { name: order.customer.name, email: order.customer.email },
      amountPaise: order.charges.totalPaise,
      lines: mailLines(order),
      ...inLanguage(order),
      ...(order.delivery ? { delivery: orderDelivery(order.delivery) } : {}),
      confirmedAt: confirmedAt.toISOString(),
    },
    { correlationId },
  );

/** The cash the owner received at the door, as the settlement it is (COD -> SUCCESS, with `order.paid`). */
export const cashPayment = (order: Order, receivedAt: Date): SettledPayment => ({
  provider: CASH_PROVIDER,
  paymentId: `cash-${order._id}`,
  amountPaise: order.charges.totalPaise,
  paidAt: receivedAt,
});

/** Whether a payment of `amountPaise` pays the order in full. */
export const paysInFull = (order: Pick<Order, "charges">, amountPaise: number) =>
  amountPaise >= order.charges.totalPaise;

/** The `order.paid` a settlement writes; throws when the order cannot make a valid one. */
/** An order's delivery as its events and pages carry it (the zone's id and slot id stay inside order-payment). */
export const orderDelivery = (delivery: NonNullable<Order["delivery"]>): OrderDelivery => ({
  kind: delivery.kind,
  name: delivery.name,
  ...(delivery.nameMr ? { nameMr: delivery.nameMr } : {}),
  ...(delivery.date ? { date: delivery.date } : {}),
  ...(delivery.slotLabel ? { slotLabel: delivery.slotLabel } : {}),
  ...(delivery.slotLabelMr ? { slotLabelMr: delivery.slotLabelMr } : {}),
});

export function paidEvent(order: Order, payment: SettledPayment, correlationId: string, sealedOrderLink?: string) {
  return orderPaidV3.create(
    {
      orderId: order._id,
      customer: {
        name: order.customer.name,
        email: order.customer.email,
        mobile: order.customer.mobile,
        ...(order.customer.kind === "user" ? { userId: order.customer.userId } : {}),
      },
      shippingAddress: order.shippingAddress,
      placeOfSupply: order.placeOfSupply,
      lines: order.lines,
      charges: order.charges,
      amountPaise: payment.amountPaise,
      provider: payment.provider,
      paymentId: payment.paymentId,
      ...(payment.transactionId ? { transactionId: payment.transactionId } : {}),
      paidAt: payment.paidAt.toISOString(),
      ...(sealedOrderLink ? { sealedOrderLink } : {}),
      ...(order.delivery ? { delivery: orderDelivery(order.delivery) } : {}),
      ...(order.coupon ? { coupon: { code: order.coupon.code } } : {}),
      ...inLanguage(order),
    },
    { correlationId },
  );
}

/** The `order.payment-failed` a failed attempt (or the order's expiry) writes. */
export const paymentFailedEvent = (order: Order, reason: string, correlationId: string) =>
  orderPaymentFailedV1.create({ orderId: order._id, customerEmail: order.customer.email, reason }, { correlationId });

/**
 * The fulfilment steps an order has been at: where it started (PAID, or Waiting for cash on delivery) and every step
 * it was moved to since. Each change is in `statusHistory`, so the history, not the current step, says where it has
 * been (docs/order-lifecycle.md, Steps back).
 */
export function stepsReached(order: Pick<Order, "orderStatus" | "statusHistory">): ReadonlySet<OrderStatus> {
  const history = order.statusHistory ?? [];
  return new Set<OrderStatus>([history[0]?.from ?? order.orderStatus, ...history.map((change) => change.to)]);
}

/** The steps that mean the order left the kitchen. */
const DISPATCHED: readonly OrderStatus[] = ["Dispatched", "Delivered"];

/**
 * Whether the order ever left the kitchen: once Dispatched or Delivered, a step back (the admin may choose any) does
 * not make it cancellable again; what it takes back is a refund (docs/order-lifecycle.md, Cancellation).
 */
export const wasDispatched = (order: Pick<Order, "orderStatus" | "statusHistory">) => {
  const reached = stepsReached(order);
  return DISPATCHED.some((step) => reached.has(step));
};

/**
 * The guard that the order's history is still the one a decision read (no change appended since): what was decided
 * from where the order has been (cancellable, mailed before) stays true when it is written.
 */
export const historyUnchanged = (order: Pick<Order, "statusHistory">) => ({
  [`statusHistory.${order.statusHistory?.length ?? 0}`]: { $exists: false },
});

/**
 * The admin's move of a paid order to `to`: refused for an unpaid order, nothing for the status it already has, else
 * the change with its `order.status-changed`, marked `reachedBefore` when the order was at `to` before, so the
 * shopper is told of each step once (docs/order-lifecycle.md, Steps back).
 */
export function fulfilmentChange(
  order: Order,
  to: FulfilmentStatus,
  changedBy: string,
  changedAt: Date,
  correlationId: string,
):
  | { outcome: "not-paid" }
  | { outcome: "cancelled" }
  | { outcome: "unchanged" }
  | { outcome: "change"; from: FulfilmentStatus; event: ReturnType<typeof orderStatusChangedV2.create> } {
  if (order.orderStatus === "Canceled") return { outcome: "cancelled" };
  if (!isHeldLikePaid(order) || order.orderStatus === "Pending") return { outcome: "not-paid" };
  if (order.orderStatus === to) return { outcome: "unchanged" };
  const from = order.orderStatus;
  const reachedBefore = stepsReached(order).has(to);
  const event = orderStatusChangedV2.create(
    {
      orderId: order._id,
      from,
      to,
      changedBy,
      changedAt: changedAt.toISOString(),
      customer: { name: order.customer.name, email: order.customer.email },
      shippingAddress: order.shippingAddress,
      lines: mailLines(order),
      ...inLanguage(order),
      ...(reachedBefore ? { reachedBefore } : {}),
      ...(order.delivery ? { delivery: orderDelivery(order.delivery) } : {}),
    },
    { correlationId },
  );
  return { outcome: "change", from, event };
}

/** A payment attempt that failed (or the order expiring unpaid): what it does to the order. */
export function paymentFailure(
  order: Order,
  failure: { reason: string; paymentId?: string | undefined },
  correlationId: string,
):
  | { outcome: "already-settled" }
  | { outcome: "fail"; attemptId: string; event: ReturnType<typeof paymentFailedEvent> } {
  if (order.paymentStatus === "SUCCESS") return { outcome: "already-settled" };
  return {
    outcome: "fail",
    // One record per provider attempt (webhooks repeat), or per reason for an attempt without one ("expired").
    attemptId: `${order._id}#${failure.paymentId ?? failure.reason}`,
    event: paymentFailedEvent(order, failure.reason, correlationId),
  };
}

/** The fulfilment steps before dispatch: an order there can still be stopped in the kitchen. */
const BEFORE_DISPATCH: readonly OrderStatus[] = ["PAID", "Waiting", "Preparing"];
/** The steps a shopper may cancel from: paid, or waiting, not yet being made. */
const SHOPPER_CANCELS_FROM: readonly OrderStatus[] = ["PAID", "Waiting"];

/** The shop's cancellation policy (spec: "cancellation ... same day only"), as settings. */
export interface CancellationPolicy {
  /** Minutes after India's midnight when the kitchen starts the next orders (CANCELLATION_CUTOFF, e.g. 18:00). */
  cutoffMinutes: number;
}

export type Canceller = { by: "customer" } | { by: "admin"; email: string };

/**
 * Whether `who` may cancel the order at `now`: a shopper while it is PAID or Waiting, on the day it was paid (India
 * time), before the cut-off; the admin any paid order before it is dispatched. "Before dispatch" is read from the
 * history: an order moved back from Dispatched or Delivered is not cancellable by anyone (docs/order-lifecycle.md,
 * Cancellation), the sweets are out of the kitchen.
 */
export function mayCancel(order: Order, who: Canceller["by"], now: Date, policy: CancellationPolicy): boolean {
  if (!isHeldLikePaid(order) || order.cancellation || wasDispatched(order)) return false;
  if (who === "admin") return BEFORE_DISPATCH.includes(order.orderStatus);
  // The day it was paid, or for cash on delivery the day it was confirmed.
  const since = order.payment?.paidAt ?? order.cashOnDelivery?.confirmedAt;
  return (
    since !== undefined &&
    SHOPPER_CANCELS_FROM.includes(order.orderStatus) &&
    indiaDayKey(since) === indiaDayKey(now) &&
    indiaMinutesOfDay(now) < policy.cutoffMinutes
  );
}

/**
 * What a paid order still has to give back in all: what is left of its parts (domain/refund-parts.ts); nothing before
 * it is paid (a cash-on-delivery order's cash is not in yet).
 */
export const refundableLeft = (order: Order) => (order.payment ? refundableParts(order).totalPaise : 0);

/** The id of the order's next refund: `<orderId>-R<n>`, n from 1 (also the provider's refund id). */
export const nextRefundId = (order: Order) => `${order._id}-R${(order.refunds?.length ?? 0) + 1}`;

/** A new refund record, with what it gives back of each part, not yet sent to the provider. */
export function newRefund(
  order: Order,
  decided: { amountPaise: number; allocation: RefundAllocation },
  scope: RefundScope,
  requestedBy: string,
  note?: string,
) {
  const refund: Refund = {
    refundId: nextRefundId(order),
    amountPaise: decided.amountPaise,
    scope,
    allocation: decided.allocation,
    requestedBy,
    status: "PENDING",
    createdAt: new Date(),
    ...(note ? { note } : {}),
  };
  return refund;
}

/**
 * The cancellation of a paid order: CANCELLED with its `order.cancelled`, and the refund of what is left to refund
 * (written with it, sent to the provider after).
 */
export function cancellation(
  order: Order,
  who: Canceller,
  reason: CancelReason,
  note: string | undefined,
  now: Date,
  correlationId: string,
) {
  // Everything left of every part; nothing for an order not paid (cash on delivery before the cash).
  const decided = order.payment ? decideRefund(order, { scope: { kind: "cancellation" } }) : undefined;
  const refund =
    decided?.outcome === "refund"
      ? newRefund(order, decided, { kind: "cancellation" }, who.by === "admin" ? who.email : "customer", note)
      : undefined;
  const record: NonNullable<Order["cancellation"]> = {
    by: who.by,
    reason,
    cancelledBy: who.by === "admin" ? who.email : order.customer.email,
    at: now,
    ...(note ? { note } : {}),
  };
  const event = orderCancelledV1.create(
    {
      orderId: order._id,
      cancelledBy: who.by,
      reason,
      ...(note ? { note } : {}),
      cancelledAt: now.toISOString(),
      customer: { name: order.customer.name, email: order.customer.email },
      lines: mailLines(order),
      ...inLanguage(order),
      ...(refund ? { refund: { refundId: refund.refundId, amountPaise: refund.amountPaise } } : {}),
    },
    { correlationId },
  );
  return { record, refund, event };
}

/** What the provider says of a refund, in our terms. */
export interface RefundUpdate {
  status: RefundStatus;
  providerRefundId?: string | undefined;
  bankReference?: string | undefined;
  processedAt?: Date | undefined;
  failure?: string | undefined;
}

const refundFacts = (order: Order, refund: Refund) => ({
  orderId: order._id,
  refundId: refund.refundId,
  amountPaise: refund.amountPaise,
  scope: refund.scope,
  ...(refund.allocation ? { allocation: refund.allocation } : {}),
  customer: { name: order.customer.name, email: order.customer.email },
  ...inLanguage(order),
});

/**
 * A refund moves forward only: PENDING -> SUCCESS (`order.refund.processed`, for the credit note and the mail) or
 * FAILED (`order.refund.failed`, its amount refundable again). Anything else changes nothing.
 */
export function refundProgress(order: Order, refund: Refund, update: RefundUpdate, correlationId: string) {
  if (refund.status !== "PENDING" || update.status === "PENDING") return { outcome: "unchanged" as const };
  if (update.status === "SUCCESS") {
    const processedAt = update.processedAt ?? new Date();
    const event = orderRefundProcessedV1.create(
      {
        ...refundFacts(order, refund),
        processedAt: processedAt.toISOString(),
        ...(update.bankReference ? { bankReference: update.bankReference.slice(0, 100) } : {}),
        lines: order.lines,
        charges: order.charges,
        placeOfSupply: order.placeOfSupply,
        shippingAddress: order.shippingAddress,
      },
      { correlationId },
    );
    return { outcome: "processed" as const, processedAt, event };
  }
  const failure = (update.failure ?? "refused by the provider").slice(0, 300);
  const event = orderRefundFailedV1.create({ ...refundFacts(order, refund), failure }, { correlationId });
  return { outcome: "failed" as const, failure, event };
}

/** `order.refund.initiated`: the provider accepted the refund. */
export const refundInitiatedEvent = (order: Order, refund: Refund, correlationId: string) =>
  orderRefundInitiatedV1.create(refundFacts(order, refund), { correlationId });
