import {
  type EventData,
  type EventEnvelope,
  orderAddressChangeRequestedV1,
  type phoneReplyReceivedV1,
} from "@storefront/contracts";
import { inLanguage } from "../../orders/domain/order-events.js";
import { phoneReplyDecision } from "../domain/phone-reply.js";
import { confirmCashOnDelivery } from "./confirm-cash-on-delivery.js";
import { recordPaymentFailure } from "./record-payment-failure.js";
import type { SettleContext } from "./settle-payment.js";

/** The failure a cash order cancelled by its shopper's "Cancel" tap records (its order page and the console show it). */
export const CANCELLED_BY_SHOPPER_PHONE = "cancelled-by-shopper-phone";

export type PhoneReplyOutcome =
  | "confirmed"
  | "already-confirmed"
  | "cancelled"
  | "address-link-asked"
  | "refused"
  | "ignored"
  | "unchanged";

type PhoneReply = EventEnvelope<string, EventData<typeof phoneReplyReceivedV1>>;

/**
 * A shopper's tap on a cash order's message (docs/messaging.md, Replies), as `notification.phone-reply.received`
 * brings it: Confirm confirms the order through the same guarded transition as its email OTP (PENDING -> COD once,
 * however many taps or redeliveries), Cancel ends it through the unpaid order's failure (its kitchen units, slot,
 * coupon use and places given back once), Change address asks notification to send the order page's link. A tap
 * from another number, or about an order that is not a cash one, is refused and logged: nothing changes.
 */
export async function answerPhoneReply(ctx: SettleContext, event: PhoneReply): Promise<PhoneReplyOutcome> {
  const reply = event.data;
  const log = ctx.logger.child({ replyId: reply.replyId, orderId: reply.orderId, action: reply.action });
  const order = reply.orderId ? await ctx.orders.byId(reply.orderId) : undefined;
  const decision = phoneReplyDecision(order, reply);
  switch (decision.kind) {
    case "ignore":
      log.info({ why: decision.why }, "phone reply: nothing to do");
      return "ignored";
    case "refuse":
      log.warn({ why: decision.why }, "phone reply refused: nothing changed");
      return "refused";
    case "confirm": {
      const outcome = await confirmCashOnDelivery(
        ctx,
        reply.orderId as string,
        (order as NonNullable<typeof order>).customer.email,
        event.correlationId,
      );
      log.info({ outcome }, "phone reply: confirm");
      return outcome === "confirmed" || outcome === "already-confirmed" ? outcome : "unchanged";
    }
    case "cancel": {
      const outcome = await recordPaymentFailure(
        ctx,
        reply.orderId as string,
        { reason: CANCELLED_BY_SHOPPER_PHONE },
        event.correlationId,
      );
      log.info({ outcome }, "phone reply: cancel");
      return outcome === "recorded" ? "cancelled" : "unchanged";
    }
    case "address-link": {
      const current = order as NonNullable<typeof order>;
      const now = ctx.now();
      // Written through the order's outbox with nothing but its time: notification sends one answer per tap
      // (its claim by the reply's id), however often this runs.
      const asked = orderAddressChangeRequestedV1.create(
        {
          orderId: current._id,
          replyId: reply.replyId,
          mobile: decision.mobile,
          ...inLanguage(current),
          ...(current.phoneUpdates ? { consentedAt: current.phoneUpdates.consentedAt } : {}),
          requestedAt: now.toISOString(),
        },
        { correlationId: event.correlationId },
      );
      await ctx.orders.apply(current._id, { from: {}, set: { updatedAt: now }, events: [asked] });
      log.info("phone reply: the order page's link asked of notification");
      return "address-link-asked";
    }
  }
}
