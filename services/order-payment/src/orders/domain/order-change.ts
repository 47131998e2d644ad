import type { EventEnvelope, OrderStatus } from "@storefront/contracts";
import type { Order, PaymentStatus, Refund, RefundStatus } from "./order.js";

/**
 * What a transition makes of an order, in the shop's terms (docs/order-lifecycle.md, Changes): the state it was
 * decided from, what it becomes, and the events it writes. The transitions (orders/domain/order-lifecycle.ts,
 * orders/domain/order-access.ts) return one; the order repository's `apply` writes it as one update guarded by `from`, with
 * its events in the same write (the outbox). Nothing outside the repository writes a database operator on an order.
 */
export interface OrderChange {
  /** The state it was decided from: the change applies only while the order still is so (else another won). */
  from: OrderCondition;
  /** Fields it becomes (whole fields: a nested object is written as a whole). */
  set?: Partial<Order>;
  /** Fields it drops. */
  remove?: ReadonlyArray<"failure" | "access">;
  /** A refund written on it (then sent to the provider): added to the list and to the refunded sum. */
  addRefund?: Refund;
  /** A fulfilment step added to its history. */
  addStep?: NonNullable<Order["statusHistory"]>[number];
  /** One of its refunds moved on (the provider's word): its fields, and what goes back off the refunded sum. */
  refund?: { index: number; set: Partial<Refund>; givenBackPaise?: number };
  /** One more wrong try at the tracking form's code. */
  countAccessTry?: true;
  events?: readonly EventEnvelope[];
}

/**
 * How many times a use case whose change did not apply (another writer changed the order since it was read: an
 * admin's status change, a webhook, a second admin's refund) reads the order again and decides again.
 */
export const DECIDE_AGAIN_TIMES = 3;

/** The state a change was decided from. Each field present must hold; absent fields are not looked at. */
export interface OrderCondition {
  /** One of these payment states. */
  paymentStatus?: readonly PaymentStatus[];
  /** Any payment state but this one. */
  paymentStatusNot?: PaymentStatus;
  orderStatus?: OrderStatus;
  /** Not cancelled (no cancellation record). */
  notCancelled?: true;
  /** A cash-on-delivery order not yet confirmed by its OTP, or confirmed with no outcome recorded at the door. */
  cashOnDelivery?: "unconfirmed" | "no-outcome";
  /** Its refunds as they were read: no refund added and the refunded sum unchanged since. */
  refundsAsRead?: Pick<Order, "refunds" | "refundedPaise">;
  /** Its fulfilment history as it was read: no step added since. */
  historyAsRead?: Pick<Order, "statusHistory">;
  /** One of its refunds: in this state, and not yet accepted by the provider. */
  refund?: { index: number; status?: RefundStatus; notAccepted?: true };
  /** The tracking form's code: this one (under this many tries), or the last request as it was read. */
  accessCode?: { digest: string; triesBelow?: number };
  accessRequestedAt?: Date | "never";
  /** A festival booking's window as it was read: not moved since (festivals/usecases/move-festival-booking.ts). */
  festivalWindowId?: string;
}

/**
 * Whether an order as read satisfies a condition: the same rule the repository writes as its update's filter
 * (persistence/order-change-filter.ts, checked against it on the real database), for the transitions' tests.
 */
export function holds(order: Order, condition: OrderCondition): boolean {
  const c = condition;
  const refund = c.refund ? order.refunds?.[c.refund.index] : undefined;
  return (
    (!c.paymentStatus || c.paymentStatus.includes(order.paymentStatus)) &&
    (!c.paymentStatusNot || order.paymentStatus !== c.paymentStatusNot) &&
    (!c.orderStatus || order.orderStatus === c.orderStatus) &&
    (!c.notCancelled || order.cancellation === undefined) &&
    (c.cashOnDelivery !== "unconfirmed" ||
      (order.paymentMethod === "cash-on-delivery" && order.cashOnDelivery === undefined)) &&
    (c.cashOnDelivery !== "no-outcome" || order.cashOnDelivery?.outcome === undefined) &&
    (!c.refundsAsRead ||
      ((order.refunds?.length ?? 0) === (c.refundsAsRead.refunds?.length ?? 0) &&
        order.refundedPaise === c.refundsAsRead.refundedPaise)) &&
    (!c.historyAsRead || (order.statusHistory?.length ?? 0) === (c.historyAsRead.statusHistory?.length ?? 0)) &&
    (!c.refund ||
      (refund !== undefined &&
        (!c.refund.status || refund.status === c.refund.status) &&
        (!c.refund.notAccepted || refund.acceptedAt === undefined))) &&
    (!c.accessCode ||
      (order.access?.codeDigest === c.accessCode.digest &&
        (c.accessCode.triesBelow === undefined || order.access.attempts < c.accessCode.triesBelow))) &&
    (c.festivalWindowId === undefined || order.festival?.windowId === c.festivalWindowId) &&
    (c.accessRequestedAt === undefined ||
      (c.accessRequestedAt === "never"
        ? order.access === undefined
        : order.access?.requestedAt.getTime() === c.accessRequestedAt.getTime()))
  );
}

/**
 * The order a change makes of `order` (the same fields the repository's update writes): what the use cases hand to
 * the steps that follow a change (places given back, the board), and what the transitions' tests compare.
 */
export function applied<T extends Order>(order: T, change: OrderChange): T {
  const next: T = { ...order, ...change.set };
  for (const field of change.remove ?? []) delete next[field];
  if (change.addRefund) {
    next.refunds = [...(order.refunds ?? []), change.addRefund];
    next.refundedPaise = (order.refundedPaise ?? 0) + change.addRefund.amountPaise;
  }
  if (change.addStep) next.statusHistory = [...(order.statusHistory ?? []), change.addStep];
  if (change.refund) {
    const { index, set, givenBackPaise } = change.refund;
    next.refunds = (order.refunds ?? []).map((refund, at) => (at === index ? { ...refund, ...set } : refund));
    if (givenBackPaise) next.refundedPaise = (order.refundedPaise ?? 0) - givenBackPaise;
  }
  if (change.countAccessTry && order.access) next.access = { ...order.access, attempts: order.access.attempts + 1 };
  return next;
}
