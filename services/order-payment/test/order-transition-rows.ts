import { orderAccessCodeRequestedV1 } from "@storefront/contracts";
import { SAMPLE_CUSTOMER, samplePaidOrder } from "@storefront/testing/samples";
import type { Order, Refund, SettledPayment } from "../src/orders/domain/order.js";
import { accessCodeRequested, accessCodeSpent, accessTryCounted } from "../src/orders/domain/order-access.js";
import type { OrderChange } from "../src/orders/domain/order-change.js";
import { paidEvent } from "../src/orders/domain/order-events.js";
import {
  adminRefund,
  cancellation,
  cashOnDeliveryConfirmed,
  cashPayment,
  cashReceived,
  fulfilmentChange,
  newRefund,
  paidOnline,
  parkedSettlement,
  paymentFailure,
  providerOrderOpened,
  refundWord,
  refusedAtDoor,
  type Settlement,
  underpaid,
} from "../src/orders/domain/order-lifecycle.js";

/**
 * Every transition of the order's life (orders/domain/order-lifecycle.ts, its diagram), one row each: the order as read, what
 * the transition makes of it and the events it writes, and the states it must not start from. A change applies only
 * while `holds(order, change.from)` (the repository writes the same condition as its update's filter), so a row's
 * "refused from" is what a writer who lost a race meets.
 */

export const at = new Date("2026-11-24T05:00:00Z");
const sample = samplePaidOrder("1732262400001trans");
const base: Order = {
  _id: sample.orderId,
  customer: { kind: "user", userId: "u-asha", ...SAMPLE_CUSTOMER },
  lines: sample.lines,
  charges: sample.charges,
  shippingAddress: sample.shippingAddress,
  placeOfSupply: sample.placeOfSupply,
  paymentStatus: "SUCCESS",
  orderStatus: "PAID",
  createdAt: at,
  updatedAt: at,
};
const total = sample.charges.totalPaise;
export const unpaid: Order = { ...base, paymentStatus: "PENDING", orderStatus: "Pending" };
const onlinePayment: SettledPayment = { provider: "cashfree", paymentId: "cf-1", amountPaise: total, paidAt: at };
const settlementOf = (order: Order, payment: SettledPayment): Settlement => ({
  payment,
  paid: paidEvent(order, payment, "req-1", "sealed-link"),
  link: { tokenSha256: "a".repeat(64), expiresAt: new Date("2026-12-24T05:00:00Z") },
});
export const paid: Order = { ...base, paymentStatus: "SUCCESS", orderStatus: "PAID", payment: onlinePayment };
export const codPending: Order = { ...unpaid, paymentMethod: "cash-on-delivery" };
export const codConfirmed: Order = {
  ...codPending,
  paymentStatus: "COD",
  orderStatus: "Waiting",
  cashOnDelivery: { confirmedAt: at },
};
export const refund = (order: Order, patch: Partial<Refund> = {}): Refund => ({
  ...newRefund(
    order,
    { amountPaise: 3000, allocation: { linesPaise: [0, 0], deliveryPaise: 3000, platformFeePaise: 0 } },
    { kind: "postal" },
    "owner@shop.in",
  ),
  createdAt: at,
  ...patch,
});
export const withRefund = (order: Order, written: Refund): Order => ({
  ...order,
  refunds: [...(order.refunds ?? []), written],
  refundedPaise: (order.refundedPaise ?? 0) + written.amountPaise,
});
const access = { codeDigest: "d1", requestedAt: at, expiresAt: new Date(at.getTime() + 600_000), attempts: 0 };

/** The change of a decision that must be one. */
function changeOf(decided: object | undefined): OrderChange {
  if (decided && "change" in decided) return decided.change as OrderChange;
  if (!decided || !("from" in decided)) throw new Error(`expected a change, got ${JSON.stringify(decided)}`);
  return decided as OrderChange;
}

export interface TransitionRow {
  transition: string;
  read: Order;
  change: OrderChange;
  becomes: Partial<Order>;
  events: string[];
  refusedFrom: Order[];
}

export const TRANSITION_ROWS: TransitionRow[] = [
  {
    transition: "PENDING -> SUCCESS: settled from the provider's word",
    read: unpaid,
    change: paidOnline(settlementOf(unpaid, onlinePayment), at),
    becomes: { paymentStatus: "SUCCESS", orderStatus: "PAID", payment: onlinePayment, paidDay: "2026-11-24" },
    events: ["order.paid"],
    refusedFrom: [paid, codConfirmed],
  },
  {
    transition: "FAILED -> SUCCESS: money taken after a failed attempt, its failure dropped",
    read: { ...unpaid, paymentStatus: "FAILED", failure: { reason: "declined", at } },
    change: paidOnline(settlementOf(unpaid, onlinePayment), at),
    becomes: { paymentStatus: "SUCCESS", orderStatus: "PAID", failure: undefined },
    events: ["order.paid"],
    refusedFrom: [paid],
  },
  {
    transition: "PENDING -> FAILED: a failed attempt",
    read: unpaid,
    change: changeOf(paymentFailure(unpaid, { reason: "declined", paymentId: "cf-9" }, at, "req-2")),
    becomes: { paymentStatus: "FAILED", failure: { reason: "declined", paymentId: "cf-9", at } },
    events: ["order.payment-failed"],
    refusedFrom: [paid, codConfirmed],
  },
  {
    transition: "FAILED -> FAILED: another failed attempt (or expired unpaid)",
    read: { ...unpaid, paymentStatus: "FAILED" },
    change: changeOf(paymentFailure({ ...unpaid, paymentStatus: "FAILED" }, { reason: "expired" }, at, "req-3")),
    becomes: { paymentStatus: "FAILED", failure: { reason: "expired", at } },
    events: ["order.payment-failed"],
    refusedFrom: [paid],
  },
  {
    transition: "a payment below the total: flagged underpaid, nothing settled",
    read: unpaid,
    change: underpaid({ ...onlinePayment, amountPaise: 100 }, at),
    becomes: { paymentStatus: "PENDING", underpaid: { paymentId: "cf-1", amountPaise: 100, at } },
    events: [],
    refusedFrom: [paid],
  },
  {
    transition: "a payment whose order.paid cannot be built: parked for a person, tries counted",
    read: unpaid,
    change: parkedSettlement(
      { ...unpaid, settlementParked: { error: "x", paymentId: "cf-1", amountPaise: 1, at, attempts: 1 } },
      onlinePayment,
      "no state",
      at,
    ),
    becomes: { settlementParked: { error: "no state", paymentId: "cf-1", amountPaise: total, at, attempts: 2 } },
    events: [],
    refusedFrom: [paid],
  },
  {
    transition: "PAID -> Preparing: the admin's step, added to the history",
    read: paid,
    change: changeOf(fulfilmentChange(paid, "Preparing", "owner@shop.in", at, "req-4")),
    becomes: { orderStatus: "Preparing", statusHistory: [{ from: "PAID", to: "Preparing", by: "owner@shop.in", at }] },
    events: ["order.status-changed"],
    refusedFrom: [
      { ...paid, orderStatus: "Dispatched" },
      { ...paid, statusHistory: [{ from: "PAID", to: "Waiting", by: "other", at }] },
      unpaid,
    ],
  },
  {
    transition: "PENDING -> COD and Waiting: a cash-on-delivery order confirmed by its OTP",
    read: codPending,
    change: changeOf(cashOnDeliveryConfirmed(codPending, at, "req-5")),
    becomes: { paymentStatus: "COD", orderStatus: "Waiting", cashOnDelivery: { confirmedAt: at } },
    events: ["order.cash-on-delivery.confirmed"],
    refusedFrom: [codConfirmed, unpaid, { ...codPending, paymentStatus: "FAILED" }],
  },
  {
    transition: "COD -> SUCCESS: the owner has the cash, paid as online",
    read: codConfirmed,
    change: cashReceived(codConfirmed, settlementOf(codConfirmed, cashPayment(codConfirmed, at)), "owner@shop.in", at),
    becomes: {
      paymentStatus: "SUCCESS",
      orderStatus: "Waiting",
      payment: cashPayment(codConfirmed, at),
      paidDay: "2026-11-24",
      cashOnDelivery: { confirmedAt: at, outcome: "cash-received", recordedBy: "owner@shop.in", at },
    },
    events: ["order.paid"],
    refusedFrom: [
      { ...codConfirmed, cashOnDelivery: { confirmedAt: at, outcome: "refused" } },
      { ...codConfirmed, cancellation: { by: "admin", reason: "other", cancelledBy: "o", at } },
      codPending,
    ],
  },
  {
    transition: "COD -> FAILED and Canceled: refused at the door",
    read: codConfirmed,
    change: refusedAtDoor(codConfirmed, "owner@shop.in", at, "req-6").change,
    becomes: {
      paymentStatus: "FAILED",
      orderStatus: "Canceled",
      cashOnDelivery: { confirmedAt: at, outcome: "refused", recordedBy: "owner@shop.in", at },
    },
    events: ["order.cancelled"],
    refusedFrom: [{ ...codConfirmed, cashOnDelivery: { confirmedAt: at, outcome: "cash-received" } }],
  },
  {
    transition: "PAID -> Canceled: cancelled with the refund of what is left, written with it",
    read: paid,
    change: cancellation(paid, { by: "customer" }, "customer-asked", undefined, at, "req-7").change,
    becomes: { orderStatus: "Canceled", refundedPaise: total },
    events: ["order.cancelled"],
    refusedFrom: [
      withRefund(paid, refund(paid)),
      { ...paid, orderStatus: "Preparing" },
      { ...paid, statusHistory: [{ from: "PAID", to: "Dispatched", by: "o", at }] },
    ],
  },
  {
    transition: "COD -> Canceled before the cash: nothing to refund",
    read: codConfirmed,
    change: cancellation(codConfirmed, { by: "admin", email: "o@shop.in" }, "other", undefined, at, "req-8").change,
    becomes: { orderStatus: "Canceled", paymentStatus: "COD", refunds: undefined },
    events: ["order.cancelled"],
    refusedFrom: [{ ...codConfirmed, paymentStatus: "SUCCESS" }],
  },
  {
    transition: "a refund of part of a paid order, written PENDING",
    read: paid,
    change: adminRefund(paid, refund(paid), at),
    becomes: { refunds: [refund(paid)], refundedPaise: 3000 },
    events: [],
    refusedFrom: [withRefund(paid, refund(paid)), codConfirmed],
  },
  {
    transition: "refund PENDING -> accepted and SUCCESS: the provider's word",
    read: withRefund(paid, refund(paid)),
    change: changeOf(
      refundWord(
        withRefund(paid, refund(paid)),
        0,
        { status: "SUCCESS", providerRefundId: "p-1", processedAt: at },
        "req-9",
        at,
      ),
    ),
    becomes: {
      refunds: [refund(paid, { status: "SUCCESS", acceptedAt: at, providerRefundId: "p-1", processedAt: at })],
    },
    events: ["order.refund.initiated", "order.refund.processed"],
    refusedFrom: [withRefund(paid, refund(paid, { status: "SUCCESS", acceptedAt: at }))],
  },
  {
    transition: "refund PENDING -> FAILED: its amount refundable again",
    read: withRefund(paid, refund(paid, { acceptedAt: at })),
    change: changeOf(refundWord(withRefund(paid, refund(paid, { acceptedAt: at })), 0, { status: "FAILED" }, "r", at)),
    becomes: { refundedPaise: 0 },
    events: ["order.refund.failed"],
    refusedFrom: [withRefund(paid, refund(paid, { acceptedAt: at, status: "FAILED" }))],
  },
  {
    transition: "the provider's payment session, opened for a checkout",
    read: unpaid,
    change: providerOrderOpened({ provider: "cashfree", paymentSessionId: "s-1", providerOrderId: "o-1" }, at),
    becomes: { providerOrder: { provider: "cashfree", paymentSessionId: "s-1", providerOrderId: "o-1" } },
    events: [],
    refusedFrom: [],
  },
  {
    transition: "a tracking code requested, decided from the last request",
    read: paid,
    change: accessCodeRequested(
      paid,
      access,
      orderAccessCodeRequestedV1.create(
        { orderId: paid._id, email: paid.customer.email, expiresAt: at.toISOString(), sealedCode: "s" },
        { correlationId: "r" },
      ),
    ),
    becomes: { access },
    events: ["order.access-code.requested"],
    refusedFrom: [{ ...paid, access }],
  },
  {
    transition: "a try at the tracking code, counted under the limit",
    read: { ...paid, access },
    change: accessTryCounted(access),
    becomes: { access: { ...access, attempts: 1 } },
    events: [],
    refusedFrom: [
      { ...paid, access: { ...access, attempts: 5 } },
      { ...paid, access: { ...access, codeDigest: "d2" } },
    ],
  },
  {
    transition: "the tracking code spent by the try that matched it",
    read: { ...paid, access },
    change: accessCodeSpent(access),
    becomes: { access: undefined },
    events: [],
    refusedFrom: [paid],
  },
];
