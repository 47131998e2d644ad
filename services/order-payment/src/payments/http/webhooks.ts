import { ApiPaths } from "@storefront/contracts";
import { tryLater, unauthorized } from "@storefront/http";
import { insertOnce } from "@storefront/stores";
import type { Express, Request } from "express";
import type { Collection } from "mongodb";
import type { OrderRecord } from "../../orders/persistence/orders.js";
import { recordRefundUpdate } from "../../refunds/usecases/record-refund-update.js";
import type { RefundContext } from "../../refunds/usecases/refund-context.js";
import { providerPayment, verifyCashfreeWebhook, WebhookRejected } from "../providers/cashfree.js";
import type { ProviderPayment, ProviderRefund } from "../providers/port.js";
import {
  RazorpayWebhookRejected,
  razorpayPayment,
  razorpayRefund,
  verifyRazorpayWebhook,
} from "../providers/razorpay.js";
import { recordPaymentFailure } from "../usecases/record-payment-failure.js";
import { type SettleContext, settlePayment } from "../usecases/settle-payment.js";

export interface WebhookContext extends SettleContext, RefundContext {
  /** Cashfree signs with the client secret (the sandbox with its own). */
  cashfreeSecret: string;
  /** Razorpay signs with the webhook secret set in its dashboard (not the key secret); unset: route refuses. */
  razorpayWebhookSecret?: string | undefined;
  /** Where Razorpay's event ids are kept to drop a replayed or repeated event. */
  seenEvents: Collection<{ _id: string; at: Date }>;
}

/** What a provider's payment does to our order: SUCCESS settles it (once), FAILED is recorded (once). */
async function applyPayment(ctx: WebhookContext, req: Request, orderId: string, payment: ProviderPayment) {
  if (payment.status === "SUCCESS") {
    const outcome = await settlePayment(ctx, orderId, payment, req.id);
    // Parked: the money is taken but the order could not be settled; the provider is answered 200 (retrying cannot
    // mend the order), a person is alerted (PaidOrderParked) and sees it in the console.
    if (outcome === "parked") req.log.error({ orderId, outcome }, "a paid order could not be settled and is parked");
    else req.log.info({ orderId, outcome }, "payment webhook settled");
    // Another settlement of this order is under way (or its process just died): not done yet, so the provider is
    // asked to send the webhook again (both retry on any answer but 2xx) instead of being told it is.
    if (outcome === "settling") throw tryLater();
  } else if (payment.status === "FAILED") {
    const outcome = await recordPaymentFailure(
      ctx,
      orderId,
      { reason: "payment failed", paymentId: payment.paymentId },
      req.id,
    );
    req.log.info({ orderId, outcome }, "payment webhook recorded a failure");
  }
}

/** What a provider's word about a refund does: moves our refund forward only (refunds/usecases/record-refund-update.ts). */
async function applyRefund(ctx: WebhookContext, req: Request, orderId: string, refund: ProviderRefund) {
  const outcome = await recordRefundUpdate(ctx, orderId, refund, req.id);
  req.log.info({ orderId, refundId: refund.refundId, status: refund.status, outcome }, "refund webhook");
}

/**
 * The providers' webhooks. The signature covers the raw bytes (buildApp keeps them on req.rawBody, before any
 * parsing); a bad or stale one is 401 and changes nothing. The same payment arriving again settles nothing twice
 * (settlePayment, recordPaymentFailure, recordRefundUpdate), so the answer is a fast 200 either way.
 */
export function registerWebhooks(app: Express, ctx: WebhookContext): void {
  app.post(ApiPaths.payment.cashfreeWebhook, async (req, res, next) => {
    try {
      const event = verifyCashfreeWebhook(
        req.rawBody ?? Buffer.alloc(0),
        { signature: req.get("x-webhook-signature"), timestamp: req.get("x-webhook-timestamp") },
        ctx.cashfreeSecret,
      );
      if (event.kind === "refund") {
        await applyRefund(ctx, req, event.orderId, event.refund);
        res.json({ received: true });
        return;
      }
      const payment = providerPayment({ ...event.data.payment, amountPaise: event.amountPaise });
      // A user who closed the modal is "abandoned", not "failed".
      if (event.data.payment.payment_status === "USER_DROPPED") {
        await recordPaymentFailure(
          ctx,
          event.data.order.order_id,
          { reason: "payment abandoned", paymentId: payment.paymentId },
          req.id,
        );
      } else {
        await applyPayment(ctx, req, event.data.order.order_id, payment);
      }
      res.json({ received: true });
    } catch (error) {
      next(error instanceof WebhookRejected ? unauthorized("The webhook's signature is not valid.") : error);
    }
  });

  app.post(ApiPaths.payment.razorpayWebhook, async (req, res, next) => {
    try {
      if (!ctx.razorpayWebhookSecret) throw new RazorpayWebhookRejected("no Razorpay webhook secret configured");
      const event = verifyRazorpayWebhook(
        req.rawBody ?? Buffer.alloc(0),
        req.get("x-razorpay-signature"),
        ctx.razorpayWebhookSecret,
      );
      // No timestamp is signed: an event id seen before (a replay, or Razorpay's retry) changes nothing.
      const eventId = req.get("x-razorpay-event-id");
      const seenId = eventId ? `razorpay:${eventId.slice(0, 100)}` : undefined;
      if (seenId && (await ctx.seenEvents.findOne({ _id: seenId }))) {
        res.json({ received: true, duplicate: true });
        return;
      }
      const entity = event.payload.payment?.entity;
      const refund = event.payload.refund?.entity;
      const order: OrderRecord | null = entity?.order_id ? await ctx.orders.byProviderOrder(entity.order_id) : null;
      if (refund && order) await applyRefund(ctx, req, order._id, razorpayRefund(refund));
      else if (entity && order) await applyPayment(ctx, req, order._id, razorpayPayment(entity));
      // Recorded after the work: should it fail, Razorpay's retry does it again (every effect is idempotent).
      if (seenId) await insertOnce(ctx.seenEvents, { _id: seenId, at: new Date() });
      res.json({ received: true });
    } catch (error) {
      next(error instanceof RazorpayWebhookRejected ? unauthorized("The webhook's signature is not valid.") : error);
    }
  });
}
