import { createHmac, randomBytes } from "node:crypto";
import { z } from "zod";

/**
 * The subset of the WhatsApp Business Cloud API the shop's adapter uses, as Meta documents it (the pages are cited in
 * docs/messaging-sandbox.md): `POST /{version}/{phone-number-id}/messages` with a template or a text, Graph's
 * error body, and the `messages` webhooks (statuses, a quick-reply button pressed, a text typed) signed with the
 * app secret.
 */

/** A phone number as the API takes it ("+91 98765 43210", "919876543210"), kept as digits: the `wa_id`. */
export const waNumber = z
  .string()
  .transform((value) => value.replace(/[\s()+-]/g, ""))
  .pipe(z.string().regex(/^\d{8,15}$/, "must be a phone number with its country code"));

/**
 * One parameter of a template component. `text` fills a body variable (named by `parameter_name` in templates with
 * named variables), `payload` is what a quick-reply button gives back when pressed; the other types (currency,
 * date_time, media) are kept as sent.
 */
const parameter = z.looseObject({
  type: z.string().min(1),
  text: z.string().optional(),
  payload: z.string().optional(),
  parameter_name: z.string().optional(),
});

const component = z.object({
  type: z.enum(["header", "body", "footer", "button"]),
  sub_type: z.enum(["quick_reply", "url", "copy_code", "flow", "catalog"]).optional(),
  index: z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).optional(),
  parameters: z.array(parameter).default([]),
});

const envelope = {
  messaging_product: z.literal("whatsapp"),
  recipient_type: z.literal("individual").optional(),
  to: waNumber,
  /** A reply to an earlier message (shown quoted). */
  context: z.object({ message_id: z.string().min(1) }).optional(),
};

export const sendMessageBody = z.discriminatedUnion("type", [
  z.object({
    ...envelope,
    type: z.literal("template"),
    template: z.object({
      name: z.string().regex(/^[a-z0-9_]{1,512}$/, "template names are lowercase letters, digits and _"),
      language: z.object({ code: z.string().min(2), policy: z.literal("deterministic").optional() }),
      components: z.array(component).default([]),
    }),
  }),
  z.object({
    ...envelope,
    type: z.literal("text"),
    text: z.object({ body: z.string().min(1).max(4096), preview_url: z.boolean().optional() }),
  }),
]);
export type SendMessageBody = z.infer<typeof sendMessageBody>;
export type TemplateComponent = z.infer<typeof component>;

/** A variable of a template as the inbox shows it: its name (or position) and the value sent. */
export interface TemplateVariable {
  component: "header" | "body";
  name: string;
  value: string;
}

/** A quick-reply button of a template message: what it gives back when pressed. */
export interface QuickReply {
  index: number;
  payload: string;
}

/** The variables a template message fills, in order, named where the template names them ({{1}} otherwise). */
export function templateVariables(components: readonly TemplateComponent[]): TemplateVariable[] {
  return components.flatMap((part) =>
    part.type === "header" || part.type === "body"
      ? part.parameters.map((value, position) => ({
          component: part.type as "header" | "body",
          name: value.parameter_name ?? String(position + 1),
          value: value.text ?? JSON.stringify(value[value.type] ?? value),
        }))
      : [],
  );
}

/** The quick-reply buttons of a template message (sub_type quick_reply with a payload parameter). */
export function quickReplies(components: readonly TemplateComponent[]): QuickReply[] {
  return components
    .filter((part) => part.type === "button" && part.sub_type === "quick_reply")
    .map((part, position) => ({
      index: part.index === undefined ? position : Number(part.index),
      payload: part.parameters.find((value) => value.type === "payload")?.payload ?? "",
    }))
    .sort((a, b) => a.index - b.index);
}

/** A message id as the Cloud API makes them (`wamid.` and an opaque tail), URL-safe so tests can put it in a path. */
export const newWamid = () => `wamid.${randomBytes(30).toString("base64url")}`;

/**
 * Graph's error body (developers.facebook.com/docs/graph-api/guides/error-handling); the Cloud API's own errors
 * carry `error_data.details` and a message starting with the code, "(#100) Invalid parameter".
 */
export function graphError(code: number, message: string, details?: string, type = "OAuthException") {
  return {
    error: {
      message,
      type,
      code,
      ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
      fbtrace_id: randomBytes(12).toString("base64url"),
    },
  };
}

/** `sha256=<hex HMAC-SHA256 of the raw body, keyed with the app secret>`, Meta's `X-Hub-Signature-256`. */
export const signPayload = (appSecret: string, rawBody: string) =>
  `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;

/** The business side of every webhook: the account, its number and the phone number id the shop sent from. */
export interface BusinessNumber {
  businessAccountId: string;
  displayPhoneNumber: string;
  phoneNumberId: string;
}

export type WhatsAppStatus = "sent" | "delivered" | "read" | "failed";

/** One entry of `statuses` in a status webhook. */
export interface StatusEntry {
  id: string;
  status: WhatsAppStatus;
  timestamp: string;
  recipient_id: string;
  conversation?: { id: string; origin: { type: string } };
  pricing?: { billable: boolean; pricing_model: string; category: string };
  errors?: Array<{ code: number; title: string; message: string; error_data: { details: string } }>;
}

/** An inbound message: a quick-reply button pressed under a template message, or a text typed by the shopper. */
export type InboundMessage = {
  from: string;
  id: string;
  timestamp: string;
  context?: { from: string; id: string };
} & ({ type: "button"; button: { payload: string; text: string } } | { type: "text"; text: { body: string } });

function envelopeOf(business: BusinessNumber, value: Record<string, unknown>) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: business.businessAccountId,
        changes: [
          {
            value: {
              messaging_product: "whatsapp",
              metadata: {
                display_phone_number: business.displayPhoneNumber,
                phone_number_id: business.phoneNumberId,
              },
              ...value,
            },
            field: "messages",
          },
        ],
      },
    ],
  };
}

/** The raw body of a status webhook (the signature covers these exact bytes). */
export const statusWebhookBody = (business: BusinessNumber, status: StatusEntry) =>
  JSON.stringify(envelopeOf(business, { statuses: [status] }));

/** The raw body of an inbound-message webhook, with the sender's contact as Meta sends it. */
export const inboundWebhookBody = (business: BusinessNumber, message: InboundMessage, profileName: string) =>
  JSON.stringify(
    envelopeOf(business, { contacts: [{ profile: { name: profileName }, wa_id: message.from }], messages: [message] }),
  );

/** Seconds since the epoch as a string, as every timestamp of the Cloud API's webhooks is written. */
export const unixSeconds = (at = Date.now()) => String(Math.floor(at / 1000));
