import { indianMobile } from "@storefront/contracts";
import { z } from "zod";
import { type PhoneChannel, type PhoneMessage, type PhoneSendResult, unreachable } from "./phone-channel.js";
import { PHONE_TEMPLATES, type PhoneTemplate, templateValues } from "./templates.js";

/**
 * The `sms` adapter: MSG91's "send SMS" flow API (`POST /api/v5/flow`, header `authkey`), one DLT-registered
 * template per message with its variables by name (docs/messaging.md, MSG91). HTTP directly, no SDK.
 */
export interface Msg91Options {
  /** `https://control.msg91.com`, or the local messaging sandbox. */
  apiUrl: string;
  authKey: string;
  /** The DLT header the SMS come from (six letters). */
  sender: string;
  /** Each template's id at MSG91 by `<name>.<language>`; a missing one is taken as its own key (the local sandbox). */
  templateIds: Readonly<Record<string, string>>;
  /** Production names every template's id: a missing one fails the send rather than guessing. */
  requireTemplateIds: boolean;
  timeoutMs?: number;
}

/** MSG91 answers `{ type: "success", message: <request id> }` or `{ type: "error", message, code }`, sometimes with a 200. */
const answerSchema = z.object({
  type: z.enum(["success", "error"]),
  message: z.string().max(500),
  code: z.union([z.string(), z.number()]).optional(),
});

/** The request body MSG91 documents for the flow API (exported for the tests' recorded shapes). */
export function msg91FlowBody(to: string, message: PhoneMessage, templateId: string, sender: string) {
  const template: PhoneTemplate = PHONE_TEMPLATES[message.template];
  const values = templateValues(message.template, message.variables);
  const variables = Object.fromEntries(template.variables.map((name, index) => [name, values[index] as string]));
  return {
    template_id: templateId,
    sender,
    short_url: "0",
    // Marathi is Devanagari: a Unicode SMS (70 characters a part instead of 160).
    ...(message.language === "mr" ? { unicode: 1 } : {}),
    recipients: [{ mobiles: to, ...variables }],
  };
}

export class Msg91SmsChannel implements PhoneChannel {
  readonly channel = "sms" as const;

  constructor(private readonly options: Msg91Options) {}

  async send(message: PhoneMessage): Promise<PhoneSendResult> {
    const to = indianMobile(message.to);
    if (!to) return { ok: false, channel: this.channel, retryable: false, reason: "not an Indian mobile number" };
    const key = `${message.template}.${message.language}`;
    const templateId = this.options.templateIds[key] ?? (this.options.requireTemplateIds ? undefined : key);
    if (!templateId)
      return { ok: false, channel: this.channel, retryable: false, reason: `no MSG91 template id for ${key}` };
    let answer: Response;
    try {
      answer = await fetch(`${this.options.apiUrl.replace(/\/$/, "")}/api/v5/flow`, {
        method: "POST",
        headers: { authkey: this.options.authKey, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(msg91FlowBody(to, message, templateId, this.options.sender)),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      return unreachable(this.channel, error);
    }
    const parsed = answerSchema.safeParse(await answer.json().catch(() => undefined));
    if (answer.ok && parsed.success && parsed.data.type === "success") {
      return { ok: true, channel: this.channel, messageId: parsed.data.message };
    }
    const retryable = answer.status === 429 || answer.status >= 500;
    return {
      ok: false,
      channel: this.channel,
      retryable,
      status: answer.status,
      reason: `MSG91 ${answer.status}${parsed.success && parsed.data.code !== undefined ? ` code ${parsed.data.code}` : ""}: ${
        (parsed.success && parsed.data.message.slice(0, 200)) || answer.statusText
      }`,
    };
  }
}
