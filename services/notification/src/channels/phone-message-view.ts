import type { PhoneMessageDocument } from "../persistence/phone-messages.js";
import type { PhoneSendDocument } from "../persistence/phone-sends.js";

/**
 * Where one message owed stands, as the on-call console shows it (docs/messaging.md, Seen by the people who run it):
 * the send's own state until a provider took it, then the furthest state the provider's webhooks reported
 * (`phone_messages`: sent < delivered < read, or failed).
 */
export type PhoneMessageState = "held" | "sending" | "skipped" | "failed" | "sent" | "delivered" | "read";

export interface PhoneMessageView {
  id: string;
  template: string;
  /** The order the message is about, when its reason names one (`cod_confirm:<orderId>`; an answer's link does not). */
  orderId?: string;
  /** The number, all but its last four digits hidden: enough to match a shopper's call, no list of numbers. */
  to: string;
  channel?: string;
  state: PhoneMessageState;
  /** The provider's message id, by which its webhooks name it. */
  messageId?: string;
  /** Why: each channel's refusal, the webhook's failure, or the STOP. */
  reasons: string[];
  claimedAt: string;
  /** When it reached each state the webhooks reported. */
  reached: Partial<Record<string, string>>;
}

/** An order id as checkout makes it: 13 digits of its time first (the console's search tells them apart the same way). */
const ORDER_ID = /^\d{13}[\w-]*$/;

export const maskedNumber = (number: string) =>
  number.length > 4 ? `${"•".repeat(number.length - 4)}${number.slice(-4)}` : number;

/** The message `send` as the console shows it, with its provider's record when the webhooks told anything. */
export function phoneMessageView(send: PhoneSendDocument, message: PhoneMessageDocument | null): PhoneMessageView {
  // `<template>:<orderId>`, `refund_credited:<orderId>-R<n>`, and `:sms` after an SMS sent on WhatsApp's later failure.
  const key = (send._id.split(":")[1] ?? "").replace(/-R\d+$/, "");
  const reasons = [...(send.failures ?? []), ...(send.skipped ? [send.skipped] : [])];
  // Quiet hours (docs/messaging.md): owed at night, sent by the morning's sweep.
  if (send.state === "held" && send.due) reasons.push(`held for quiet hours until ${send.due.toISOString()}`);
  if (message?.failure) reasons.push(`${message.channel} reported: ${message.failure}`);
  const reported = send.state === "sent" && message;
  return {
    id: send._id,
    template: send.template,
    ...(ORDER_ID.test(key) ? { orderId: key } : {}),
    to: maskedNumber(send.to),
    ...(send.channel ? { channel: send.channel } : {}),
    state: reported ? message.state : send.state,
    ...(send.messageId ? { messageId: send.messageId } : {}),
    reasons,
    claimedAt: send.claimedAt.toISOString(),
    reached: reported
      ? Object.fromEntries(Object.entries(message.reached).map(([state, at]) => [state, (at as Date).toISOString()]))
      : {},
  };
}
