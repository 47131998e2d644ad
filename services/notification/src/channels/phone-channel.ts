import type { Language } from "@storefront/contracts";
import type { PhoneTemplateName } from "./templates.js";

/**
 * The phone channel port (docs/messaging.md): what notification asks of a provider that carries a message to a
 * shopper's phone, whichever it is. The adapters are `whatsapp` (WhatsApp Business Cloud API) and `sms` (MSG91); the
 * local messaging sandbox speaks both providers' APIs, so the same adapters run in every local run.
 */
export type PhoneChannelName = "whatsapp" | "sms";

/** One message: a registered template, in the order's language, with every one of its named variables. */
export interface PhoneMessage {
  /** An Indian mobile number (`9812345678`, `+91 98123 45678`, `09812345678`): see `indianMobile` in libs/contracts. */
  to: string;
  template: PhoneTemplateName;
  language: Language;
  variables: Readonly<Record<string, string>>;
  /** The order the message is about: its quick-reply buttons carry it back (cod_confirm). */
  orderId?: string | undefined;
  /** The shopper chose SMS only at checkout (docs/messaging.md, Consent): WhatsApp is not tried. */
  smsOnly?: boolean | undefined;
}

/**
 * What a send came to: the provider's message id (its webhooks name the message by it), or a failure that says
 * whether trying again later may help (a timeout, a 5xx, a rate limit) or never will (a wrong number, a template the
 * provider does not know, our credentials refused).
 */
export type PhoneSendResult =
  | { ok: true; channel: PhoneChannelName; messageId: string }
  | { ok: false; channel: PhoneChannelName; retryable: boolean; reason: string; status?: number | undefined };

export interface PhoneChannel {
  readonly channel: PhoneChannelName;
  send(message: PhoneMessage): Promise<PhoneSendResult>;
}

/** The failure of a send that never reached the provider: the network, a timeout. Trying again may well help. */
export const unreachable = (channel: PhoneChannelName, error: unknown): PhoneSendResult => ({
  ok: false,
  channel,
  retryable: true,
  reason: `provider unreachable: ${error instanceof Error ? error.name : "error"}`,
});
