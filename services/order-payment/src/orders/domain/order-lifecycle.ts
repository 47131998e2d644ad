import {
  CASH_PROVIDER,
  type CancelReason,
  type FulfilmentStatus,
  indiaDayKey,
  indiaMinutesOfDay,
  type OrderStatus,
  orderCancelledV1,
  orderRefundFailedV1,
  orderRefundProcessedV1,
  orderStatusChangedV2,
  type RefundAllocation,
  type RefundScope,
} from "@storefront/contracts";
import { decideRefund, refundableParts } from "../../refunds/domain/refund-parts.js";
import type { Order, PaymentStatus, Refund, RefundStatus, SettledPayment } from "./order.js";
import type { OrderChange } from "./order-change.js";
import {
  cashOnDeliveryConfirmedEvent,
  inLanguage,
  mailLines,
  type paidEvent,
  paymentFailedEvent,
  refundFacts,
  refundInitiatedEvent,
  withDelivery,
  withPhoneUpdates,
} from "./order-events.js";

/**
 * An order's life, as rules (no driver, no express): which transitions exist, what each makes of the order and which
 * event it writes with it. Each transition returns an {@link OrderChange} (or why it is refused); the order
 * repository's `apply` writes it guarded by the state it was decided from, its events in the same write (the
 * outbox); use cases decide when (docs/order-lifecycle.md, Changes). What exists today:
 *
 *   payment:     PENDING -> SUCCESS (settled from the provider's word)      writes order.paid          paidOnline
 *                PENDING -> FAILED  (a failed attempt, or expired unpaid)  writes order.payment-failed paymentFailure
 *                FAILED  -> SUCCESS (money the provider took after a failed attempt)                   paidOnline
 *                FAILED  -> FAILED  (another failed attempt)                                           paymentFailure
 *                not paid: flagged underpaid (a payment below the total), or parked for a person
 *                (its order.paid cannot be built)                                            underpaid, parkedSettlement
 *   fulfilment:  once paid, PAID / Waiting / Preparing / Dispatched / Delivered, any to any other (the admin's
 *                choice)                                                   writes order.status-changed (marked
 *                                                                          reachedBefore for a step reached before)
 *                                                                                                  fulfilmentChange
 *   cancel:      PAID / Waiting (the shopper, same day, before the cut-off) or any step before Dispatched (the
 *                admin), never once it was dispatched -> Canceled, once  writes order.cancelled     cancellation
 *   cash on delivery (docs/delivery.md): placed PENDING without a provider, then
 *                PENDING -> COD (its email OTP confirms it; made and sent like a paid order) writes
 *                                                                 order.cash-on-delivery.confirmed  cashOnDeliveryConfirmed
 *                COD -> SUCCESS (the owner has the cash)                   writes order.paid          cashReceived
 *                COD -> FAILED + Canceled (refused at the door)            writes order.cancelled     refusedAtDoor
 *                unconfirmed, it expires like any unpaid order
 *   refund:      of a paid order, never beyond what is left of its line, its delivery charge or the order
 *                (refunds/domain/refund-parts.ts): written PENDING                                          adminRefund
 *                then the provider's word moves it                                                  refundWord
 *                PENDING -> SUCCESS                                        writes order.refund.processed
 *                PENDING -> FAILED (its parts refundable again)           writes order.refund.failed
 *                the provider accepting the call                           writes order.refund.initiated
 *   checkout:    the provider's payment session, once opened                                         providerOrderOpened
 *
 * A payment below the order's total settles nothing (it is flagged for the admin), and an order that cannot make its
 * `order.paid` is parked for a person (docs/security.md).
 */

/** The payment states an order may be settled from, or fail from again. */
export const OPEN_PAYMENT_STATES: readonly PaymentStatus[] = ["PENDING", "FAILED"];

/** Orders the kitchen makes and the shop sends: paid, or cash on delivery confirmed (its cash due at the door). */
export const HELD_LIKE_PAID: readonly PaymentStatus[] = ["SUCCESS", "COD"];
export const isHeldLikePaid = (order: Pick<Order, "paymentStatus">) => HELD_LIKE_PAID.includes(order.paymentStatus);

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

/** A settlement as it is written: the payment, its `order.paid` and the order mail's link (kept as its SHA-256). */
export interface Settlement {
  payment: SettledPayment;
  paid: ReturnType<typeof paidEvent>;
  link: NonNullable<Order["link"]>;
}

/** What "paid" is, online or in cash: SUCCESS, the payment, the India day it was paid and the order mail's link. */
const paidFields = ({ payment, link }: Settlement) =>
  ({ paymentStatus: "SUCCESS", payment, paidDay: indiaDayKey(payment.paidAt), link }) satisfies Partial<Order>;

/** PENDING (or FAILED: money taken after a failed attempt) -> SUCCESS and PAID, with its `order.paid`. */
export const paidOnline = (settlement: Settlement, at: Date): OrderChange => ({
  from: { paymentStatus: OPEN_PAYMENT_STATES },
  set: { ...paidFields(settlement), orderStatus: "PAID", updatedAt: at },
  remove: ["failure"],
  events: [settlement.paid],
});

/** A payment below the order's total: nothing settled, flagged for the admin (unless paid meanwhile). */
export const underpaid = (payment: SettledPayment, at: Date): OrderChange => ({
  from: { paymentStatusNot: "SUCCESS" },
  set: { underpaid: { paymentId: payment.paymentId, amountPaise: payment.amountPaise, at } },
});

/** A payment whose `order.paid` cannot be built: parked for a person with the error (docs/operations/faults.md). */
export const parkedSettlement = (order: Order, payment: SettledPayment, error: string, at: Date): OrderChange => ({
  from: { paymentStatusNot: "SUCCESS" },
  set: {
    settlementParked: {
      error,
      paymentId: payment.paymentId,
      amountPaise: payment.amountPaise,
      at,
      attempts: (order.settlementParked?.attempts ?? 0) + 1,
    },
  },
});

/** The provider's payment session, opened for a checkout: whatever the order's state (a retry answers the same). */
export const providerOrderOpened = (providerOrder: NonNullable<Order["providerOrder"]>, at: Date): OrderChange => ({
  from: {},
  set: { providerOrder, updatedAt: at },
});

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
 * The admin's move of a paid order to `to`: refused for an unpaid order, nothing for the status it already has, else
 * the change with its `order.status-changed`, marked `reachedBefore` when the order was at `to` before, so the
 * shopper is told of each step once (docs/order-lifecycle.md, Steps back). Guarded by the history as read: the event
 * says whether the order was at `to` before, which a change decided from an older history could say wrong.
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
  | {
      outcome: "change";
      from: FulfilmentStatus;
      event: ReturnType<typeof orderStatusChangedV2.create>;
      change: OrderChange;
    } {
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
      ...withDelivery(order),
      ...withPhoneUpdates(order),
    },
    { correlationId },
  );
  const change: OrderChange = {
    from: { orderStatus: from, paymentStatus: HELD_LIKE_PAID, historyAsRead: order },
    set: { orderStatus: to, updatedAt: changedAt },
    addStep: { from, to, by: changedBy, at: changedAt },
    events: [event],
  };
  return { outcome: "change", from, event, change };
}

/**
 * A payment attempt that failed (or the order expiring unpaid): PENDING or FAILED -> FAILED with its
 * `order.payment-failed`; an order already paid is left alone.
 */
export function paymentFailure(
  order: Order,
  failure: { reason: string; paymentId?: string | undefined },
  at: Date,
  correlationId: string,
): { outcome: "already-settled" } | { outcome: "fail"; attemptId: string; change: OrderChange } {
  if (order.paymentStatus === "SUCCESS") return { outcome: "already-settled" };
  return {
    outcome: "fail",
    // One record per provider attempt (webhooks repeat), or per reason for an attempt without one ("expired").
    attemptId: `${order._id}#${failure.paymentId ?? failure.reason}`,
    change: {
      from: { paymentStatus: OPEN_PAYMENT_STATES },
      set: {
        paymentStatus: "FAILED",
        failure: { reason: failure.reason, ...(failure.paymentId ? { paymentId: failure.paymentId } : {}), at },
        updatedAt: at,
      },
      events: [paymentFailedEvent(order, failure.reason, correlationId)],
    },
  };
}

/**
 * A cash-on-delivery order confirmed by its shopper's email OTP: PENDING -> COD and Waiting, with
 * `order.cash-on-delivery.confirmed`; refused once confirmed, or when it is no longer open.
 */
export function cashOnDeliveryConfirmed(
  order: Order,
  at: Date,
  correlationId: string,
  /** A cash booking's pass code, issued before the confirmation is written (docs/festivals.md). */
  passCode?: string,
): { outcome: "already-confirmed" | "not-open" } | { outcome: "confirm"; change: OrderChange } {
  if (order.cashOnDelivery) return { outcome: "already-confirmed" };
  if (order.paymentStatus !== "PENDING" || order.paymentMethod !== "cash-on-delivery") return { outcome: "not-open" };
  return {
    outcome: "confirm",
    change: {
      from: { paymentStatus: ["PENDING"], cashOnDelivery: "unconfirmed" },
      set: { paymentStatus: "COD", orderStatus: "Waiting", cashOnDelivery: { confirmedAt: at }, updatedAt: at },
      events: [cashOnDeliveryConfirmedEvent(order, at, correlationId, passCode)],
    },
  };
}

/** Only a confirmed cash-on-delivery order with nothing recorded yet, not cancelled, has cash due at the door. */
const CASH_DUE = { paymentStatus: ["COD"], cashOnDelivery: "no-outcome", notCancelled: true } as const;

/** The door's outcome on the order's cash-on-delivery record. */
const atTheDoor = (order: Order, outcome: "cash-received" | "refused", recordedBy: string, at: Date) => ({
  confirmedAt: order.cashOnDelivery?.confirmedAt ?? at,
  outcome,
  recordedBy,
  at,
});

/**
 * The owner has the cash of a cash-on-delivery order: COD -> SUCCESS with its `order.paid` (provider "cash"), paid as
 * an order paid online is; the fulfilment step stays where the owner put it (Delivered, usually).
 */
export const cashReceived = (order: Order, settlement: Settlement, recordedBy: string, at: Date): OrderChange => ({
  from: CASH_DUE,
  set: {
    ...paidFields(settlement),
    cashOnDelivery: atTheDoor(order, "cash-received", recordedBy, at),
    updatedAt: at,
  },
  events: [settlement.paid],
});

/** What the cancellation of an order refused at the door says (the mail and the order page show it). */
const REFUSED_NOTE = "Refused at the door (cash on delivery).";

/**
 * The shopper refused a cash-on-delivery order at the door: COD -> FAILED and Canceled with `order.cancelled`
 * (reason "other", noted); from it the email pays online only (`hasRefusedCashAtDoor` reads the outcome).
 */
export function refusedAtDoor(order: Order, recordedBy: string, at: Date, correlationId: string) {
  const { record, event } = cancellation(
    order,
    { by: "admin", email: recordedBy },
    "other",
    REFUSED_NOTE,
    at,
    correlationId,
  );
  const change: OrderChange = {
    from: CASH_DUE,
    set: {
      paymentStatus: "FAILED",
      orderStatus: "Canceled",
      cancellation: record,
      cashOnDelivery: atTheDoor(order, "refused", recordedBy, at),
      updatedAt: at,
    },
    events: [event],
  };
  return { record, change };
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
 * What a paid order still has to give back in all: what is left of its parts (refunds/domain/refund-parts.ts); nothing before
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
 * The admin's refund of part of a paid order, written PENDING: guarded by the refunds as read, so of two admins
 * refunding one line at once one writes it; the other decides again from what is left.
 */
export const adminRefund = (order: Order, refund: Refund, at: Date): OrderChange => ({
  from: { paymentStatus: ["SUCCESS"], refundsAsRead: order },
  addRefund: refund,
  set: { updatedAt: at },
});

/**
 * The cancellation of a paid order: CANCELLED with its `order.cancelled`, and the refund of what is left to refund
 * (written with it, sent to the provider after). Guarded by the order as read: its step, its payment (cash recorded
 * meanwhile makes it decide again), its refunds, and its history (dispatched and moved back meanwhile: not
 * cancellable any more).
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
      ...withPhoneUpdates(order),
    },
    { correlationId },
  );
  const change: OrderChange = {
    from: {
      orderStatus: order.orderStatus,
      paymentStatus: [order.paymentStatus],
      notCancelled: true,
      refundsAsRead: order,
      historyAsRead: order,
    },
    set: { orderStatus: "Canceled", cancellation: record, updatedAt: now },
    ...(refund ? { addRefund: refund } : {}),
    events: [event],
  };
  return { record, refund, event, change };
}

/** What the provider says of a refund, in our terms. */
export interface RefundUpdate {
  status: RefundStatus;
  providerRefundId?: string | undefined;
  bankReference?: string | undefined;
  processedAt?: Date | undefined;
  failure?: string | undefined;
}

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
        ...withPhoneUpdates(order),
      },
      { correlationId },
    );
    return { outcome: "processed" as const, processedAt, event };
  }
  const failure = (update.failure ?? "refused by the provider").slice(0, 300);
  const event = orderRefundFailedV1.create({ ...refundFacts(order, refund), failure }, { correlationId });
  return { outcome: "failed" as const, failure, event };
}

/**
 * What the provider's word about refund `index` makes of the order: its first word marks the refund accepted
 * (`order.refund.initiated`, once), a final word moves it forward ({@link refundProgress}), each guarded by the
 * refund's state as read, so words arriving twice or out of order move it once. Nothing new: undefined.
 */
export function refundWord(order: Order, index: number, update: RefundUpdate, correlationId: string, at: Date) {
  const refund = order.refunds?.[index];
  if (!refund) return undefined;
  const set: Partial<Refund> = {};
  const guard: NonNullable<OrderChange["from"]["refund"]> = { index };
  const events = [];
  const outcomes: Array<"accepted" | "processed" | "failed"> = [];
  let givenBackPaise: number | undefined;
  if (!refund.acceptedAt) {
    set.acceptedAt = at;
    if (update.providerRefundId) set.providerRefundId = update.providerRefundId;
    guard.notAccepted = true;
    events.push(refundInitiatedEvent(order, refund, correlationId));
    outcomes.push("accepted");
  }
  const progress = refundProgress(order, refund, update, correlationId);
  if (progress.outcome !== "unchanged") {
    guard.status = "PENDING";
    events.push(progress.event);
    outcomes.push(progress.outcome);
    if (progress.outcome === "processed") {
      set.status = "SUCCESS";
      set.processedAt = progress.processedAt;
      if (update.bankReference) set.bankReference = update.bankReference;
    } else {
      set.status = "FAILED";
      set.failure = progress.failure;
      givenBackPaise = refund.amountPaise;
    }
  }
  if (!events.length) return undefined;
  const change: OrderChange = {
    from: { refund: guard },
    refund: { index, set, ...(givenBackPaise ? { givenBackPaise } : {}) },
    set: { updatedAt: at },
    events,
  };
  return { change, outcomes, final: progress.outcome !== "unchanged" };
}
