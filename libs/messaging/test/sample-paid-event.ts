import { orderPaidV1 } from "@storefront/contracts";

/**
 * Asha's `order.paid` (₹530, paid in the sandbox) for `orderId`: the event the outbox tests write with an order's
 * change. Plain data, so the process the kill test starts imports it too.
 */
export function samplePaidEvent(orderId: string, correlationId: string, paymentId = `pay_${orderId}`) {
  return orderPaidV1.create(
    {
      orderId,
      customerName: "Asha Patil",
      customerEmail: "asha@example.in",
      amountPaise: 53_000,
      provider: "sandbox",
      paymentId,
      paidAt: new Date().toISOString(),
    },
    { correlationId },
  );
}
