import { z } from "zod";
import { defineEvent } from "../envelope.js";

export const NotificationEvents = {
  PHONE_REPLY_RECEIVED: "notification.phone-reply.received",
} as const;

/**
 * What a shopper's tap on a message's quick-reply button asks for (docs/messaging.md, Templates): a cash order's
 * confirm, change of address or cancel, and every update's "Stop updates" (the number's opt-out, as the word STOP).
 */
export const PHONE_REPLY_ACTIONS = ["confirm", "change-address", "cancel", "stop"] as const;
export type PhoneReplyAction = (typeof PHONE_REPLY_ACTIONS)[number];

/**
 * `notification.phone-reply.received`: a shopper answered one of the shop's phone messages (docs/messaging.md), by a
 * quick-reply button (its action and the order it was about) or in words ("STOP"). Published once per provider
 * message, however often the provider repeats its webhook. The order's service decides what the answer does (a cash
 * on delivery order confirmed or cancelled: order-payment's payments/usecases/answer-phone-reply.ts).
 */
export const phoneReplyReceivedV1 = defineEvent(
  NotificationEvents.PHONE_REPLY_RECEIVED,
  1,
  z.object({
    /** The provider's id of the shopper's message (`whatsapp:wamid…`): the idempotency key of whoever acts on it. */
    replyId: z.string().min(1).max(300),
    channel: z.enum(["whatsapp", "sms"]),
    /** The shopper's number as the provider gives it, with the country code and no `+` (`919812345678`). */
    mobile: z.string().regex(/^\d{8,15}$/),
    kind: z.enum(["button", "text"]),
    /** A button's action and order (from the payload the shop put on the button). */
    action: z.enum(PHONE_REPLY_ACTIONS).optional(),
    orderId: z.string().min(1).max(64).optional(),
    /** A text reply's words (at most 1000 characters kept). */
    text: z.string().max(1000).optional(),
    /**
     * The reply asks the shop to stop messaging this number ("STOP", "थांबवा", or the "Stop updates" button):
     * notification records it for every later send.
     */
    optOut: z.boolean(),
    /** The shop's message it answers, when the provider says (WhatsApp's `context.id`). */
    inReplyTo: z.string().min(1).max(300).optional(),
    receivedAt: z.string().datetime({ offset: true }),
  }),
);
