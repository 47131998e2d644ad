import { indianMobile } from "@storefront/contracts";
import { z } from "zod";
import { type PhoneChannel, type PhoneMessage, type PhoneSendResult, unreachable } from "./phone-channel.js";
import { buttonPayload, PHONE_TEMPLATES, type PhoneTemplate, templateValues } from "./templates.js";

/**
 * The `whatsapp` adapter: WhatsApp Business Cloud API's send message, a template message with named body parameters
 * and quick-reply buttons' payloads (docs/messaging.md, WhatsApp Cloud API). HTTP directly, no SDK, as the payment
 * adapters do.
 */
export interface WhatsAppCloudOptions {
  /** `https://graph.facebook.com`, or the local messaging sandbox. */
  apiUrl: string;
  /** The Graph API version in the path, e.g. `v23.0`. */
  version: string;
  phoneNumberId: string;
  accessToken: string;
  timeoutMs?: number;
}

const sent = z.object({
  messaging_product: z.literal("whatsapp"),
  messages: z.array(z.object({ id: z.string().min(1).max(300) })).min(1),
});
const graphError = z.object({
  error: z.object({ message: z.string().optional(), code: z.number().optional(), type: z.string().optional() }),
});

/**
 * Graph error codes after which the same message may go through later: throttling (4, 80007, 130429, 131056), Meta's
 * own trouble (1, 2, 131000, 131016, 133004). Any other code will fail the same way again (a wrong number, a template
 * not approved, a token refused).
 */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056, 133004]);

/** The request body Meta documents for a template message (exported for the tests' recorded shapes). */
export function whatsappTemplateBody(to: string, message: PhoneMessage) {
  const template: PhoneTemplate = PHONE_TEMPLATES[message.template];
  const values = templateValues(message.template, message.variables);
  const body = {
    type: "body",
    parameters: template.variables.map((name, index) => ({ type: "text", parameter_name: name, text: values[index] })),
  };
  const buttons = (template.buttons?.actions ?? []).map((action, index) => {
    if (!message.orderId) throw new Error(`template ${message.template}: its buttons need the order id`);
    return {
      type: "button",
      sub_type: "quick_reply",
      index: String(index),
      parameters: [{ type: "payload", payload: buttonPayload(action, message.orderId) }],
    };
  });
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to,
    type: "template",
    template: { name: message.template, language: { code: message.language }, components: [body, ...buttons] },
  };
}

export class WhatsAppCloudChannel implements PhoneChannel {
  readonly channel = "whatsapp" as const;

  constructor(private readonly options: WhatsAppCloudOptions) {}

  async send(message: PhoneMessage): Promise<PhoneSendResult> {
    const to = indianMobile(message.to);
    if (!to) return { ok: false, channel: this.channel, retryable: false, reason: "not an Indian mobile number" };
    return this.post(whatsappTemplateBody(to, message));
  }

  /**
   * A free-form text (docs/messaging.md, Replies): WhatsApp takes one only inside the 24 hours after the shopper's
   * own message, so it answers a tap (the order page's link after "Change address"), never starts a conversation.
   */
  async sendText(rawTo: string, text: string): Promise<PhoneSendResult> {
    const to = indianMobile(rawTo);
    if (!to) return { ok: false, channel: this.channel, retryable: false, reason: "not an Indian mobile number" };
    return this.post({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to,
      type: "text",
      text: { body: text, preview_url: true },
    });
  }

  private async post(body: object): Promise<PhoneSendResult> {
    const { apiUrl, version, phoneNumberId, accessToken } = this.options;
    let answer: Response;
    try {
      answer = await fetch(`${apiUrl.replace(/\/$/, "")}/${version}/${encodeURIComponent(phoneNumberId)}/messages`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${accessToken}`,
          "content-type": "application/json",
          accept: "application/json",
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      return unreachable(this.channel, error);
    }
    const json: unknown = await answer.json().catch(() => undefined);
    if (answer.ok) {
      const parsed = sent.safeParse(json);
      if (parsed.success) return { ok: true, channel: this.channel, messageId: parsed.data.messages[0]!.id };
      // Sent, perhaps, but we cannot tell which message it is: sending again could message the shopper twice.
      return { ok: false, channel: this.channel, retryable: false, reason: "answer without a message id" };
    }
    const error = graphError.safeParse(json);
    const code = error.success ? error.data.error.code : undefined;
    const retryable =
      answer.status === 429 || answer.status >= 500 || (code !== undefined && RETRYABLE_CODES.has(code));
    return {
      ok: false,
      channel: this.channel,
      retryable,
      status: answer.status,
      reason: `WhatsApp ${answer.status}${code === undefined ? "" : ` code ${code}`}: ${
        (error.success && error.data.error.message?.slice(0, 200)) || answer.statusText
      }`,
    };
  }
}
