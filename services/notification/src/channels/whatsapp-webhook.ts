import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { PhoneReply, PhoneStatusUpdate } from "./phone-updates.js";
import { providerTime } from "./phone-updates.js";
import { parseButtonPayload } from "./templates.js";

/**
 * WhatsApp's webhook (docs/messaging.md, Webhooks): Meta signs each POST with `X-Hub-Signature-256: sha256=<hex
 * HMAC-SHA256 of the raw body, keyed by the app secret>`. The raw bytes are hashed (parsed and re-serialised JSON is not
 * the same bytes), compared in constant time.
 */
export function whatsappSignatureValid(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header ?? "");
  if (!match) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1] as string, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Meta's subscription check: `hub.mode=subscribe` with our verify token; the challenge is echoed back. */
export function whatsappChallenge(
  query: Record<string, unknown>,
  verifyToken: string,
): { ok: true; challenge: string } | { ok: false } {
  const mode = query["hub.mode"];
  const token = query["hub.verify_token"];
  const challenge = query["hub.challenge"];
  if (mode !== "subscribe" || typeof token !== "string" || typeof challenge !== "string") return { ok: false };
  // Echoed as text: only what Meta sends (digits), never a page of someone else's making.
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(challenge)) return { ok: false };
  const given = Buffer.from(token);
  const expected = Buffer.from(verifyToken);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { ok: true, challenge } : { ok: false };
}

const id = z.string().min(1).max(300);
const digits = z.string().regex(/^\d{6,15}$/);
const timestamp = z.union([z.string().max(20), z.number()]).optional();

const statusSchema = z.object({
  id,
  status: z.string().max(30),
  timestamp,
  recipient_id: z.string().max(30).optional(),
  errors: z
    .array(z.object({ code: z.number().optional(), title: z.string().max(300).optional() }))
    .max(10)
    .optional(),
});

const messageSchema = z.object({
  id,
  from: digits,
  timestamp,
  type: z.string().max(30),
  context: z.object({ id: id.optional() }).optional(),
  text: z.object({ body: z.string().max(4096) }).optional(),
  button: z.object({ payload: z.string().max(1000).optional(), text: z.string().max(300).optional() }).optional(),
  interactive: z
    .object({ type: z.string().max(30), button_reply: z.object({ id: z.string().max(1000) }).optional() })
    .optional(),
});

const valueSchema = z.object({
  metadata: z.object({ phone_number_id: z.string().max(30) }).optional(),
  statuses: z.array(z.unknown()).max(1000).optional(),
  messages: z.array(z.unknown()).max(1000).optional(),
});

/** The envelope every WhatsApp Business Account notification comes in; what is inside each change is read below. */
export const whatsappWebhookSchema = z.object({
  object: z.literal("whatsapp_business_account"),
  entry: z
    .array(
      z.object({
        id: z.string().max(50).optional(),
        changes: z.array(z.object({ field: z.string().max(100), value: z.unknown() })).max(100),
      }),
    )
    .max(100),
});

const STATES = { sent: "sent", delivered: "delivered", read: "read", failed: "failed" } as const;

/**
 * The statuses of our messages and the shoppers' replies in one notification, for our phone number only. A change of
 * another field (account updates, template reviews), a status we do not track (`deleted`) or a message of another
 * type (a photo) is left out: Meta is told 200 all the same, or it would send it again for days.
 */
export function readWhatsAppWebhook(
  body: z.infer<typeof whatsappWebhookSchema>,
  phoneNumberId: string,
  now = new Date(),
): { statuses: PhoneStatusUpdate[]; replies: PhoneReply[]; ignored: number } {
  const statuses: PhoneStatusUpdate[] = [];
  const replies: PhoneReply[] = [];
  let ignored = 0;
  for (const change of body.entry.flatMap((entry) => entry.changes)) {
    const value = valueSchema.safeParse(change.value);
    if (change.field !== "messages" || !value.success || value.data.metadata?.phone_number_id !== phoneNumberId) {
      ignored++;
      continue;
    }
    for (const raw of value.data.statuses ?? []) {
      const status = statusSchema.safeParse(raw);
      const state = status.success ? STATES[status.data.status as keyof typeof STATES] : undefined;
      if (!status.success || !state) {
        ignored++;
        continue;
      }
      const error = status.data.errors?.[0];
      statuses.push({
        channel: "whatsapp",
        messageId: status.data.id,
        state,
        at: providerTime(status.data.timestamp, now),
        recipient: status.data.recipient_id,
        failure: error ? `${error.code ?? ""} ${error.title ?? ""}`.trim().slice(0, 300) : undefined,
      });
    }
    for (const raw of value.data.messages ?? []) {
      const message = messageSchema.safeParse(raw);
      const reply = message.success ? replyOf(message.data, now) : undefined;
      if (reply) replies.push(reply);
      else ignored++;
    }
  }
  return { statuses, replies, ignored };
}

function replyOf(message: z.infer<typeof messageSchema>, now: Date): PhoneReply | undefined {
  const common = {
    channel: "whatsapp" as const,
    replyId: message.id,
    from: message.from,
    inReplyTo: message.context?.id,
    at: providerTime(message.timestamp, now),
  };
  // A template's quick-reply button comes back as `button.payload`; an interactive message's as `button_reply.id`.
  const payload = message.type === "button" ? message.button?.payload : message.interactive?.button_reply?.id;
  if (payload !== undefined) {
    const tapped = parseButtonPayload(payload);
    return { ...common, kind: "button", action: tapped?.action, orderId: tapped?.orderId };
  }
  if (message.type === "text" && message.text)
    return { ...common, kind: "text", text: message.text.body.slice(0, 1000) };
  return undefined;
}
