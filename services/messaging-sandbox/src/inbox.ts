import type { QuickReply, TemplateVariable } from "./whatsapp-wire.js";

/**
 * Every message the sandbox took or a phone sent back, in memory, like MailDev's inbox: a restart forgets them (it
 * is a simulator; docs/messaging-sandbox.md). Numbers are digits with the country code (919876543210), the form both
 * providers use, so a number's WhatsApp and SMS messages meet in one conversation.
 */

export type Channel = "whatsapp" | "sms";

/** What happened to a message, in order: accepted by the API, then the provider's states, as its webhooks told. */
export type MessageState = "accepted" | "sent" | "delivered" | "read" | "failed" | "received";

/** One attempt series of one webhook: what it told and whether the shop took it (2xx). */
export interface WebhookLog {
  kind: string;
  attempts: number;
  delivered: boolean;
  lastAnswer: string;
}

export interface StoredMessage {
  id: string;
  channel: Channel;
  /** `out`: the shop sent it; `in`: the phone sent it (a button pressed, a reply typed). */
  direction: "out" | "in";
  number: string;
  at: string;
  /** A WhatsApp template: its name, language, the variables filled and its quick-reply buttons. */
  template?: { name: string; language: string; variables: TemplateVariable[]; buttons: QuickReply[] };
  /** An SMS: MSG91's template id and request id, the sender id and the variables filled. */
  sms?: { templateId: string; requestId: string; sender: string; variables: { name: string; value: string }[] };
  /** A text: typed by the phone, or sent by the shop as `type: "text"`. */
  text?: string;
  /** A quick-reply button the phone pressed (inbound), and the message it answers. */
  button?: { payload: string; text: string };
  replyTo?: string;
  /** The business number (`phone_number_id`) the shop sent a WhatsApp message from. */
  phoneNumberId?: string;
  /** The payloads of this message's buttons pressed so far. */
  pressed: string[];
  states: { state: MessageState; at: string }[];
  webhooks: WebhookLog[];
}

export interface NumberSummary {
  number: string;
  messages: number;
  lastAt: string;
  channels: Channel[];
}

export class Inbox {
  readonly #messages = new Map<string, StoredMessage>();

  add(message: Omit<StoredMessage, "pressed" | "states" | "webhooks" | "at">, state: MessageState): StoredMessage {
    const at = new Date().toISOString();
    const stored: StoredMessage = { ...message, at, pressed: [], states: [{ state, at }], webhooks: [] };
    this.#messages.set(stored.id, stored);
    return stored;
  }

  get(id: string): StoredMessage | undefined {
    return this.#messages.get(id);
  }

  /** A number's conversation, oldest first (the phone shows the newest at the bottom). */
  conversation(number: string): StoredMessage[] {
    return [...this.#messages.values()].filter((message) => message.number === number);
  }

  all(): StoredMessage[] {
    return [...this.#messages.values()];
  }

  /** Every number with a message, the most recent conversation first. */
  numbers(): NumberSummary[] {
    const byNumber = new Map<string, NumberSummary>();
    // Ordered by the latest message's place in the inbox, not its time: two messages of one millisecond stay apart.
    const latest = new Map<string, number>();
    for (const [position, message] of [...this.#messages.values()].entries()) {
      latest.set(message.number, position);
      const summary = byNumber.get(message.number) ?? {
        number: message.number,
        messages: 0,
        lastAt: message.at,
        channels: [],
      };
      summary.messages += 1;
      if (message.at > summary.lastAt) summary.lastAt = message.at;
      if (!summary.channels.includes(message.channel)) summary.channels.push(message.channel);
      byNumber.set(message.number, summary);
    }
    return [...byNumber.values()].sort((a, b) => latest.get(b.number)! - latest.get(a.number)!);
  }

  record(message: StoredMessage, state: MessageState): void {
    message.states.push({ state, at: new Date().toISOString() });
  }

  /** The message's latest state. */
  static stateOf(message: StoredMessage): MessageState {
    return message.states[message.states.length - 1]?.state ?? "accepted";
  }

  /** Forgets the messages of one number, or of every number. */
  reset(number?: string): number {
    let forgotten = 0;
    for (const [id, message] of this.#messages) {
      if (number === undefined || message.number === number) {
        this.#messages.delete(id);
        forgotten += 1;
      }
    }
    return forgotten;
  }
}
