import { type FulfilmentStatus, orderPaidV3, orderPaymentFailedV1, orderStatusChangedV2 } from "@storefront/contracts";
import type { Order, PaymentStatus, SettledPayment } from "./order.js";

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
 *                choice)                                                   writes order.status-changed
 *
 * A payment below the order's total settles nothing (it is flagged for the admin), and an order that cannot make its
 * `order.paid` is parked for a person (docs/security.md).
 */

/** The payment states an order may be settled from, or fail from again. */
export const OPEN_PAYMENT_STATES: readonly PaymentStatus[] = ["PENDING", "FAILED"];

/** Whether a payment of `amountPaise` pays the order in full. */
export const paysInFull = (order: Pick<Order, "charges">, amountPaise: number) =>
  amountPaise >= order.charges.totalPaise;

/** The `order.paid` a settlement writes; throws when the order cannot make a valid one. */
export function paidEvent(order: Order, payment: SettledPayment, correlationId: string) {
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
    },
    { correlationId },
  );
}

/** The `order.payment-failed` a failed attempt (or the order's expiry) writes. */
export const paymentFailedEvent = (order: Order, reason: string, correlationId: string) =>
  orderPaymentFailedV1.create({ orderId: order._id, customerEmail: order.customer.email, reason }, { correlationId });

/**
 * The admin's move of a paid order to `to`: refused for an unpaid order, nothing for the status it already has, else
 * the change with its `order.status-changed`.
 */
export function fulfilmentChange(
  order: Order,
  to: FulfilmentStatus,
  changedBy: string,
  changedAt: Date,
  correlationId: string,
):
  | { outcome: "not-paid" }
  | { outcome: "unchanged" }
  | { outcome: "change"; from: FulfilmentStatus; event: ReturnType<typeof orderStatusChangedV2.create> } {
  if (order.paymentStatus !== "SUCCESS" || order.orderStatus === "Pending") return { outcome: "not-paid" };
  if (order.orderStatus === to) return { outcome: "unchanged" };
  const from = order.orderStatus;
  const event = orderStatusChangedV2.create(
    {
      orderId: order._id,
      from,
      to,
      changedBy,
      changedAt: changedAt.toISOString(),
      customer: { name: order.customer.name, email: order.customer.email },
      shippingAddress: order.shippingAddress,
      lines: order.lines.map(({ name, weight, quantity }) => ({ name, weight, quantity })),
    },
    { correlationId },
  );
  return { outcome: "change", from, event };
}
