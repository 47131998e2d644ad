import {
  creditNoteIssuedV1,
  type EventEnvelope,
  formatRupees,
  orderCancelledV1,
  orderCashOnDeliveryConfirmedV1,
  orderPaidV3,
  orderPaymentFailedV1,
  orderRefundFailedV1,
  orderRefundInitiatedV1,
  orderRefundProcessedV1,
  orderStatusChangedV2,
  receiptGeneratedV2,
} from "@storefront/contracts";
import type { EventConsumer } from "@storefront/messaging";
import type { TrailStore } from "../trail/trail-store.js";

/**
 * What the console listens to for the orders' trail, in one list (docs/conventions.md, Layout). Each event becomes
 * one step of its order's story; the console's own queue (`ops`) also takes `order.payment-failed`, which no other
 * service consumes, so a failed payment is a step of its order rather than an unrouted message (and the refund
 * events, which only the trail reads).
 */
export function trailSubscriptions(consumer: EventConsumer, trail: TrailStore): void {
  const step = (event: EventEnvelope, orderId: string, summary: string) =>
    trail.record({
      _id: event.id,
      orderId,
      correlationId: event.correlationId,
      type: event.type,
      version: event.version,
      at: new Date(event.occurredAt),
      summary,
    });
  consumer.on(orderPaidV3, async (event) => {
    const { orderId, amountPaise, provider, paymentId } = event.data;
    await step(event, orderId, `Paid ${formatRupees(amountPaise)} through ${provider} (payment ${paymentId})`);
  });
  consumer.on(orderPaymentFailedV1, async (event) => {
    await step(event, event.data.orderId, `Payment failed: ${event.data.reason}`);
  });
  consumer.on(receiptGeneratedV2, async (event) => {
    const { orderId, invoiceNumber } = event.data;
    await step(event, orderId, `GST invoice ${invoiceNumber} issued; the confirmation email with it is sent next`);
  });
  consumer.on(orderStatusChangedV2, async (event) => {
    const { orderId, from, to, changedBy } = event.data;
    await step(event, orderId, `Status ${from} → ${to} by ${changedBy}`);
  });
  consumer.on(orderCancelledV1, async (event) => {
    const { orderId, cancelledBy, reason, refund } = event.data;
    const refunded = refund ? `; refund ${refund.refundId} of ${formatRupees(refund.amountPaise)} started` : "";
    await step(
      event,
      orderId,
      `Cancelled by the ${cancelledBy === "admin" ? "shop" : "customer"} (${reason})${refunded}`,
    );
  });
  consumer.on(orderCashOnDeliveryConfirmedV1, async (event) => {
    const { orderId, amountPaise } = event.data;
    await step(event, orderId, `Cash on delivery confirmed by email OTP; ${formatRupees(amountPaise)} due at the door`);
  });
  consumer.on(orderRefundInitiatedV1, async (event) => {
    const { orderId, refundId, amountPaise } = event.data;
    await step(event, orderId, `Refund ${refundId} of ${formatRupees(amountPaise)} accepted by the provider`);
  });
  consumer.on(orderRefundProcessedV1, async (event) => {
    const { orderId, refundId, amountPaise, bankReference } = event.data;
    const reference = bankReference ? ` (bank reference ${bankReference})` : "";
    await step(event, orderId, `Refund ${refundId} of ${formatRupees(amountPaise)} credited${reference}`);
  });
  consumer.on(orderRefundFailedV1, async (event) => {
    const { orderId, refundId, failure } = event.data;
    await step(event, orderId, `Refund ${refundId} failed: ${failure}`);
  });
  consumer.on(creditNoteIssuedV1, async (event) => {
    const { orderId, creditNoteNumber, invoiceNumber } = event.data;
    await step(event, orderId, `GST credit note ${creditNoteNumber} against invoice ${invoiceNumber} issued`);
  });
}
