import {
  type EventEnvelope,
  formatRupees,
  orderPaidV3,
  orderPaymentFailedV1,
  orderStatusChangedV2,
  receiptGeneratedV2,
} from "@storefront/contracts";
import type { EventConsumer } from "@storefront/messaging";
import type { TrailStore } from "../trail/trail-store.js";

/**
 * What the console listens to for the orders' trail, in one list (docs/conventions.md, Layout). Each event becomes
 * one step of its order's story; the console's own queue (`ops`) also takes `order.payment-failed`, which no other
 * service consumes, so a failed payment is a step of its order rather than an unrouted message.
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
}
