import { defaultPorts, PHONE_DEV_SECRETS } from "@storefront/config";
import { eventually } from "./eventually.js";

/**
 * A message as the messaging sandbox keeps it (services/messaging-sandbox, docs/messaging-sandbox.md): only the
 * fields the tests read. Numbers are digits with the country code (919876543210).
 */
export interface SandboxMessage {
  id: string;
  channel: "whatsapp" | "sms";
  /** `out`: the shop sent it; `in`: the phone sent it (a button pressed, a reply typed). */
  direction: "out" | "in";
  number: string;
  at: string;
  template?: {
    name: string;
    language: string;
    variables: { component: "header" | "body"; name: string; value: string }[];
    buttons: { index: number; payload: string }[];
  };
  sms?: { templateId: string; requestId: string; sender: string; variables: { name: string; value: string }[] };
  text?: string;
  button?: { payload: string; text: string };
  replyTo?: string;
  pressed: string[];
  states: { state: "accepted" | "sent" | "delivered" | "read" | "failed" | "received"; at: string }[];
  webhooks: { kind: string; attempts: number; delivered: boolean; lastAnswer: string }[];
}

export interface WhatsAppFailures {
  /** Fail this many next sends, whatever the number. */
  next?: number;
  /** Fail every send to these numbers (the list replaces the previous one). */
  numbers?: string[];
  /** `reject`: the send call answers Graph's error 131026; `undeliverable`: accepted, then a `failed` status. */
  how?: "reject" | "undeliverable";
}

/** The sandbox of a running shop (scripts/start.sh, the e2e shop): MESSAGING_SANDBOX_URL, else its local port. */
export const messagingSandboxUrl =
  process.env.MESSAGING_SANDBOX_URL ?? `http://127.0.0.1:${defaultPorts.messagingSandbox}`;

/**
 * The sandbox's settings that send its webhooks to a notification service at `base` (the gateway of a whole shop, or
 * notification itself), with the SMS delivery reports' token notification's development default takes.
 */
export const sandboxWebhooksTo = (base: string) => ({
  MESSAGING_SANDBOX_WHATSAPP_WEBHOOK_URL: `${base}/api/notify/webhooks/whatsapp`,
  MESSAGING_SANDBOX_SMS_WEBHOOK_URL: `${base}/api/notify/webhooks/sms?token=${PHONE_DEV_SECRETS.msg91WebhookToken}`,
});

const digits = (number: string) => number.replace(/\D/g, "");

/**
 * Reads a number's phone in the messaging sandbox and acts on it as the shopper would: press a template's
 * quick-reply button, type a reply (STOP). Shared by every test: messages are found by number (a test uses a
 * number of its own), never by position in the whole inbox.
 */
export function messagingSandbox(url = messagingSandboxUrl) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${url}${path}`, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new Error(`the messaging sandbox does not answer at ${url}: ${String(error)}`);
    }
    if (!response.ok)
      throw new Error(`messaging sandbox ${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  return {
    url,

    /** Every message to and from `number`, oldest first (the phone shows the newest at the bottom). */
    async messagesTo(number: string): Promise<SandboxMessage[]> {
      const { messages } = await call<{ messages: SandboxMessage[] }>("GET", `/sandbox/messages?to=${digits(number)}`);
      return messages;
    },

    /**
     * The newest message the shop sent to `number` (on `channel`, of `template` when given), once more than `after`
     * such messages have arrived (20 s).
     */
    async latestTo(
      number: string,
      match: { channel?: "whatsapp" | "sms"; template?: string; after?: number } = {},
    ): Promise<SandboxMessage> {
      return eventually(
        async () => {
          const sent = (await this.messagesTo(number)).filter(
            (message) =>
              message.direction === "out" &&
              (!match.channel || message.channel === match.channel) &&
              (!match.template ||
                message.template?.name === match.template ||
                message.sms?.templateId === match.template),
          );
          return sent.length > (match.after ?? 0) ? sent[sent.length - 1] : undefined;
        },
        { what: `a message to ${number} ${JSON.stringify(match)}`, timeoutMs: 20_000 },
      );
    },

    /** A variable's value in a message (WhatsApp template or SMS), by its name or position ("1"). */
    variable(message: SandboxMessage, name: string): string | undefined {
      return [...(message.template?.variables ?? []), ...(message.sms?.variables ?? [])].find(
        (variable) => variable.name === name,
      )?.value;
    },

    /** Waits until the message has reached `state` (sent, delivered, read, failed). */
    async reaches(messageId: string, state: SandboxMessage["states"][number]["state"]): Promise<SandboxMessage> {
      return eventually(
        async () => {
          const message = await call<SandboxMessage>("GET", `/sandbox/messages/${encodeURIComponent(messageId)}`);
          return message.states.some((entry) => entry.state === state) ? message : undefined;
        },
        { what: `message ${messageId} ${state}`, timeoutMs: 20_000 },
      );
    },

    /**
     * Presses a quick-reply button (its index or payload) of a template message: the sandbox sends the signed
     * `type: "button"` webhook with `context.id` = the message. `text` is the label the phone shows (default: payload).
     */
    press(messageId: string, button: number | string, text?: string): Promise<SandboxMessage> {
      return call("POST", `/sandbox/messages/${encodeURIComponent(messageId)}/press`, { button, text });
    },

    /** Types a reply on the phone (e.g. "STOP"), optionally as an answer to a message: a signed `type: "text"` webhook. */
    reply(number: string, text: string, context?: string): Promise<SandboxMessage> {
      return call("POST", `/sandbox/numbers/${digits(number)}/reply`, context ? { text, context } : { text });
    },

    /** The phone shows the conversation: its delivered WhatsApp messages become read (a `read` status each). */
    async read(number: string): Promise<number> {
      return (await call<{ read: number }>("POST", `/sandbox/numbers/${digits(number)}/read`, {})).read;
    },

    /** Makes WhatsApp sends fail (the SMS fallback's tests); `{ next: 0, numbers: [] }` stops it. */
    failWhatsApp(failures: WhatsAppFailures): Promise<Required<WhatsAppFailures>> {
      return call("POST", "/sandbox/whatsapp/failures", {
        ...failures,
        ...(failures.numbers ? { numbers: failures.numbers.map(digits) } : {}),
      });
    },

    /** Forgets one number's messages (a test's own), or every message and the failures set at run time. */
    async reset(number?: string): Promise<number> {
      const body = number ? { number: digits(number) } : {};
      return (await call<{ forgotten: number }>("POST", "/sandbox/reset", body)).forgotten;
    },
  };
}

export type MessagingSandboxClient = ReturnType<typeof messagingSandbox>;
