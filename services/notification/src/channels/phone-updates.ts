import type { PhoneReplyAction } from "@storefront/contracts";
import type { PhoneChannelName } from "./phone-channel.js";

/** Where a message stands at its provider, in the order it moves (a later word never moves it back). */
export const PHONE_STATES = ["sent", "delivered", "read", "failed"] as const;
export type PhoneState = (typeof PHONE_STATES)[number];

/** A provider's word on one of our messages (a webhook's status, an SMS delivery report). */
export interface PhoneStatusUpdate {
  channel: PhoneChannelName;
  /** The provider's message id: what the send answered (WhatsApp's wamid, MSG91's request id). */
  messageId: string;
  state: PhoneState;
  at: Date;
  /** The number it was for (digits with the country code), as the provider says. */
  recipient?: string | undefined;
  failure?: string | undefined;
}

/** A shopper's answer to one of our messages. */
export interface PhoneReply {
  channel: PhoneChannelName;
  /** The provider's id of the shopper's message. */
  replyId: string;
  from: string;
  kind: "button" | "text";
  action?: PhoneReplyAction | undefined;
  orderId?: string | undefined;
  text?: string | undefined;
  inReplyTo?: string | undefined;
  at: Date;
}

/** Words by which a shopper asks not to be messaged again, in either language (compared trimmed, any case). */
const OPT_OUT_WORDS = new Set(["stop", "stop all", "unsubscribe", "थांबवा", "बंद करा", "बंद"]);

export const isOptOut = (text: string | undefined) =>
  text !== undefined && OPT_OUT_WORDS.has(text.trim().replace(/\s+/g, " ").toLowerCase());

/** A provider's seconds-since-epoch timestamp (a string in WhatsApp's webhooks) as a date; now when it makes none. */
export function providerTime(seconds: string | number | undefined, now = new Date()): Date {
  const value = Number(seconds);
  return Number.isFinite(value) && value > 0 && value < 1e11 ? new Date(value * 1000) : now;
}
