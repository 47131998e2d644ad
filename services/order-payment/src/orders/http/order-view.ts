import {
  CASH_PROVIDER,
  deliveryWords,
  formatRupees,
  needsEwayBill,
  type OrderDetail,
  type OrderRow,
} from "@storefront/contracts";
import { refundableParts } from "../../refunds/domain/refund-parts.js";
import type { Refund } from "../domain/order.js";
import { orderDelivery } from "../domain/order-events.js";
import { type CancellationPolicy, mayCancel, refundableLeft } from "../domain/order-lifecycle.js";
import { placeOfSupply, SHOP_STATE } from "../domain/place-of-supply.js";
import type { OrderRecord } from "../persistence/orders.js";

const REFUND_LABEL = { PENDING: "Refund initiated", SUCCESS: "Refund credited", FAILED: "Refund failed" } as const;

const scopeLabel = (refund: Refund) =>
  refund.scope.kind === "line" ? `line ${refund.scope.lineIndex + 1}` : refund.scope.kind;

/** The order's life as the order page shows it, oldest first (docs/order-lifecycle.md, The order page). */
function timeline(order: OrderRecord): NonNullable<OrderDetail["timeline"]> {
  type Step = Omit<NonNullable<OrderDetail["timeline"]>[number], "at"> & { at: Date };
  const steps: Step[] = [{ at: order.createdAt, label: "Order placed" }];
  if (order.failure) steps.push({ at: order.failure.at, label: "Payment not completed" });
  if (order.cashOnDelivery) {
    steps.push({
      at: order.cashOnDelivery.confirmedAt,
      label: "Confirmed",
      detail: `cash on delivery, ${formatRupees(order.charges.totalPaise)}`,
      amountPaise: order.charges.totalPaise,
      inCash: true,
    });
    if (order.cashOnDelivery.outcome === "refused" && order.cashOnDelivery.at)
      steps.push({ at: order.cashOnDelivery.at, label: "Refused at the door" });
  }
  if (order.payment)
    steps.push({
      at: order.payment.paidAt,
      label: "Paid",
      detail: `${formatRupees(order.payment.amountPaise)}${order.payment.provider === CASH_PROVIDER ? " in cash" : ""}`,
      amountPaise: order.payment.amountPaise,
      ...(order.payment.provider === CASH_PROVIDER ? { inCash: true } : {}),
    });
  for (const change of order.statusHistory ?? []) steps.push({ at: change.at, label: change.to });
  if (order.cancellation) {
    steps.push({
      at: order.cancellation.at,
      label: "Cancelled",
      detail: order.cancellation.by === "customer" ? "by you" : "by the shop",
    });
  }
  for (const refund of order.refunds ?? []) {
    steps.push({
      at: refund.createdAt,
      label: "Refund initiated",
      detail: formatRupees(refund.amountPaise),
      amountPaise: refund.amountPaise,
    });
    if (refund.status === "SUCCESS") {
      steps.push({
        at: refund.processedAt ?? refund.createdAt,
        label: "Refund credited",
        detail: [formatRupees(refund.amountPaise), refund.bankReference && `bank reference ${refund.bankReference}`]
          .filter(Boolean)
          .join(", "),
        amountPaise: refund.amountPaise,
        ...(refund.bankReference ? { bankReference: refund.bankReference } : {}),
      });
    }
    if (refund.status === "FAILED")
      steps.push({ at: refund.createdAt, label: "Refund failed", detail: "the shop will contact you" });
  }
  return steps
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map(({ at, detail, ...step }) => ({ at: at.toISOString(), ...step, ...(detail ? { detail } : {}) }));
}

/** What is left to refund of each line, the delivery charge and the platform fee (refunds/domain/refund-parts.ts). */
function leftOfEachPart(order: OrderRecord) {
  const { linesPaise, deliveryPaise, platformFeePaise } = refundableParts(order);
  return { linesPaise, deliveryPaise, platformFeePaise };
}

/** The order page's view: the spec's detail with its timeline, refunds, and whether the reader may cancel it now. */
export function orderPage(order: OrderRecord, cancellable: boolean): OrderDetail {
  return {
    ...orderDetail(order),
    timeline: timeline(order),
    refunds: (order.refunds ?? []).map((refund) => ({
      refundId: refund.refundId,
      amountPaise: refund.amountPaise,
      status: REFUND_LABEL[refund.status],
      scope: scopeLabel(refund),
      createdAt: refund.createdAt.toISOString(),
      ...(refund.bankReference ? { bankReference: refund.bankReference } : {}),
      ...(refund.processedAt ? { processedAt: refund.processedAt.toISOString() } : {}),
      creditNote: refund.status === "SUCCESS",
    })),
    cancellable,
    refundableLeftPaise: order.paymentStatus === "SUCCESS" ? refundableLeft(order) : 0,
    ...(order.paymentStatus === "SUCCESS" ? { refundableParts: leftOfEachPart(order) } : {}),
    ...(order.cancellation
      ? {
          cancellation: {
            by: order.cancellation.by,
            reason: order.cancellation.reason,
            at: order.cancellation.at.toISOString(),
          },
        }
      : {}),
  };
}

/**
 * The owner's order page after one of the owner's actions (status, cancel, refund, the cash at the door): the whole
 * page as a read of it answers, so the page never shows a short answer's missing timeline or "₹0.00 left to refund".
 */
/** What the admin's order page needs beside the order: the time and the cancellation policy. */
export interface AdminOrderPageContext {
  now: () => Date;
  cancellation: CancellationPolicy;
}

export const adminOrderPage = (order: OrderRecord, ctx: AdminOrderPageContext): OrderDetail => ({
  ...orderPage(order, mayCancel(order, "admin", ctx.now(), ctx.cancellation)),
  ewayBill: ewayBillDue(order),
});

/**
 * Whether the order's consignment needs an e-way bill (docs/business-buyers.md, E-way bills): the invoice's value,
 * GST and delivery included (the order's total) less what its exempt goods (0 % GST lines) cost, against ₹1 lakh when
 * the supply stays within the shop's state and ₹50,000 when it does not: its place of supply is another state, or the
 * goods travel to another (a Maharashtra GSTIN's goods sent to Goa move between states though the supply is
 * intra-state). The admin's views only: the owner makes the bill, the shopper has nothing to do.
 */
export function ewayBillDue(
  order: Pick<OrderRecord, "charges" | "placeOfSupply" | "shippingAddress" | "lines"> & {
    delivery?: { kind: string };
  },
): boolean {
  const travelsTo = order.delivery?.kind === "pickup" ? SHOP_STATE : placeOfSupply(order.shippingAddress);
  const otherState = [order.placeOfSupply?.stateCode, travelsTo?.stateCode].find(
    (code) => typeof code === "string" && code !== SHOP_STATE.stateCode,
  );
  return needsEwayBill(consignmentValuePaise(order), otherState ?? SHOP_STATE.stateCode, SHOP_STATE.stateCode);
}

/**
 * Rule 138's consignment value: the invoice's value, tax included, "excluding the value of exempt supply of goods"
 * when an invoice has both: a 0 % line is paid what its line total less its share of a coupon comes to.
 */
function consignmentValuePaise(order: Pick<OrderRecord, "charges" | "lines">): number {
  const exemptPaise = order.lines
    .filter((line) => line.tax.gstRatePercent === 0)
    .reduce((sum, line) => sum + line.lineTotalPaise - (line.discountPaise ?? 0), 0);
  return order.charges.totalPaise - exemptPaise;
}

/** An order as the SPA reads it (spec section 3, "Order detail as read"); amounts in paise. */
export function orderDetail(order: OrderRecord): OrderDetail {
  return {
    orderId: order._id,
    orderDate: order.createdAt.toISOString(),
    customerName: order.customer.name,
    mobile: order.customer.mobile,
    customerEmail: order.customer.email,
    transactionId: order.payment?.transactionId ?? null,
    paymentId: order.payment?.paymentId ?? null,
    paymentStatus: order.paymentStatus,
    orderStatus: order.orderStatus,
    orderAmount: order.charges.totalPaise,
    shippingAddress: order.shippingAddress,
    products: order.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      ...(line.weight ? { selectedWeight: line.weight } : {}),
      ...(line.pieces ? { pieces: line.pieces } : {}),
      selectedQuantity: line.quantity,
      price: line.unitPricePaise,
      lineTotal: line.lineTotalPaise,
      ...(line.discountPaise ? { discount: line.discountPaise } : {}),
      ...(line.marathiName ? { marathiName: line.marathiName } : {}),
    })),
    ...(order.coupon ? { coupon: { code: order.coupon.code, discountPaise: order.coupon.discountPaise } } : {}),
    postalDeliveryCharges: order.charges.postalDeliveryPaise,
    platformCharges: order.charges.platformFeePaise,
    ...(order.delivery ? { delivery: orderDelivery(order.delivery) } : {}),
    itemTotal: order.charges.itemTotalPaise,
    features: order.features ?? [],
    ...(order.festival ? { festival: bookingFestival(order.festival) } : {}),
    // The invoice's recipient when not the shopper, and its place of supply (docs/business-buyers.md).
    ...(order.billTo ? { billTo: order.billTo } : {}),
    placeOfSupply: order.placeOfSupply,
  };
}

/** One row of an order list (spec section 3, "Order list row"); the item count sums the quantities. */
export function orderRow(order: OrderRecord): OrderRow {
  return {
    orderId: order._id,
    orderDate: order.createdAt.toISOString(),
    amountPaid: order.charges.totalPaise,
    itemCount: order.lines.reduce((count, line) => count + line.quantity, 0),
    status: order.paymentStatus,
    orderStatus: order.orderStatus,
    customerEmail: order.customer.email,
    customerName: order.customer.name,
    ...(order.underpaid ? { underpaid: true } : {}),
    ...(order.delivery
      ? { delivery: deliveryWords(orderDelivery(order.delivery)), deliveryPlan: orderDelivery(order.delivery) }
      : {}),
    shippingAddress: order.shippingAddress,
    mobile: order.customer.mobile,
  };
}

/** A row of the admin's order lists: the e-way bill's flag and a registered buyer's GSTIN beside the spec's row. */
export const adminOrderRow = (order: OrderRecord): OrderRow => ({
  ...orderRow(order),
  ewayBill: ewayBillDue(order),
  ...(order.billTo?.gstin ? { gstin: order.billTo.gstin } : {}),
});

/** A booking's festival, day and window as its page shows them (its cash setting stays inside order-payment). */
const bookingFestival = ({ cashAtCounter: _cash, ...festival }: NonNullable<OrderRecord["festival"]>) => festival;
