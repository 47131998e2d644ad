import type { Language } from "@storefront/contracts";
import { insertOnce, isDuplicateKey } from "@storefront/stores";
import type { Db } from "mongodb";
import type { PhoneChannelName, PhoneMessage } from "../channels/phone-channel.js";
import type { PhoneTemplateName } from "../channels/templates.js";
import { newPhoneMessage, type PhoneMessageDocument, phoneMessageId } from "./phone-messages.js";

/**
 * The phone messages notification owes and the numbers that said STOP (docs/messaging.md, Sending), each read and
 * written by `_id` only (docs/local-database.md), but for the sweep of the small `phone_held`:
 *
 * - `phone_sends`: one document per message owed, `_id` its reason (`cod_confirm:<orderId>`, `order_link:<replyId>`,
 *   `refund_credited:<refundId>`; `<reason>:sms` for the SMS sent after WhatsApp's later failure): its insert is the
 *   claim that sends it once, however often its event is delivered, as a mail's delivery is. A template's message is
 *   kept on it, so a message held for the morning or moved to SMS later goes out exactly as it was owed.
 * - `phone_held`: one per message held by quiet hours, `_id` the send's, with when it is due; deleted when the sweep
 *   takes it, so the collection the sweep scans holds only tonight's few (docs/messaging.md, Quiet hours).
 * - `phone_opt_outs`: one per number (`_id` `919812345678`), with when it last said STOP.
 */
export interface PhoneSendDocument {
  _id: string;
  to: string;
  template: string;
  state: "held" | "sending" | "sent" | "skipped" | "failed";
  claimedAt: Date;
  /** The template's message as owed (not for a free-form text): what a morning's or a later SMS sends. */
  message?: StoredPhoneMessage;
  /** When the order's box was ticked: the STOP is read against it again when a held message goes. */
  consentedAt?: string;
  /** A held message: when quiet hours end for it (08:00 India time). */
  due?: Date;
  /** The channel that carried it and the provider's message id (`phone_messages` has its states by it). */
  channel?: PhoneChannelName;
  messageId?: string;
  /** Why each channel failed, and why it was skipped (an opt-out). */
  failures?: string[];
  skipped?: string;
  doneAt?: Date;
}

/** A {@link PhoneMessage} as stored: the fields with a value only (the driver would store an undefined as null). */
export interface StoredPhoneMessage {
  to: string;
  template: PhoneTemplateName;
  language: Language;
  variables: Record<string, string>;
  orderId?: string;
  smsOnly?: true;
}

export interface PhoneOptOutDocument {
  _id: string;
  optedOutAt: Date;
}

interface PhoneHeldDocument {
  _id: string;
  due: Date;
}

export const storedMessage = (message: PhoneMessage): StoredPhoneMessage => ({
  to: message.to,
  template: message.template,
  language: message.language,
  variables: { ...message.variables },
  ...(message.orderId ? { orderId: message.orderId } : {}),
  ...(message.smsOnly ? { smsOnly: true as const } : {}),
});

export function phoneSends(db: Db) {
  const sends = db.collection<PhoneSendDocument>("phone_sends");
  const held = db.collection<PhoneHeldDocument>("phone_held");
  const optOuts = db.collection<PhoneOptOutDocument>("phone_opt_outs");
  const messages = db.collection<PhoneMessageDocument>("phone_messages");
  return {
    /** The console's list, newest first (docs/messaging.md, Seen by the people who run it). */
    ensureIndexes: () => sends.createIndex({ claimedAt: -1 }).then(() => undefined),
    byId: (id: string) => sends.findOne({ _id: id }),
    /**
     * The newest sends, for the on-call console: the one read of `phone_sends` that is not by `_id`, bounded by
     * `limit` (at most 200) and made by a person opening the console, never by a shopper's request.
     */
    recent: (limit: number) => sends.find({}).sort({ claimedAt: -1, _id: -1 }).limit(limit).toArray(),
    /**
     * True when this caller owns the send (the first claim); false when it was claimed before. `held` claims it for
     * the morning instead of sending now (quiet hours).
     */
    claim: (
      id: string,
      to: string,
      template: string,
      owed: { message?: PhoneMessage; consentedAt?: string | undefined; heldUntil?: Date } = {},
    ) =>
      insertOnce(sends, {
        _id: id,
        to,
        template,
        state: owed.heldUntil ? "held" : "sending",
        claimedAt: new Date(),
        ...(owed.message ? { message: storedMessage(owed.message) } : {}),
        ...(owed.consentedAt ? { consentedAt: owed.consentedAt } : {}),
        ...(owed.heldUntil ? { due: owed.heldUntil } : {}),
      }),
    /** A retryable failure gives the claim back, so the event's next delivery tries again. */
    release: (id: string) => sends.deleteOne({ _id: id, state: "sending" }).then(() => undefined),
    finish: (id: string, outcome: Partial<Omit<PhoneSendDocument, "_id" | "to" | "template" | "claimedAt">>) =>
      sends.updateOne({ _id: id }, { $set: { ...outcome, doneAt: new Date() } }).then(() => undefined),

    /** Puts a held send on the sweep's list (again: harmless); its claim says `held` and its `due`. */
    hold: (id: string, due: Date) =>
      held.updateOne({ _id: id }, { $set: { due } }, { upsert: true }).then(() => undefined),
    /** The held sends due by `now`, earliest first: the one query on a collection kept to tonight's few. */
    dueHeld: (now: Date, limit = 100) =>
      held
        .find({ due: { $lte: now } })
        .sort({ due: 1 })
        .limit(limit)
        .toArray(),
    /**
     * Takes a held send off the list: true for the one caller whose delete removed it (two sweeps at once: one
     * wins), false for every other.
     */
    take: async (id: string) => (await held.deleteOne({ _id: id })).deletedCount === 1,
    /** The held claim becomes a send in progress: true only while it was still held (a guard behind `take`). */
    startHeld: async (id: string) =>
      (await sends.updateOne({ _id: id, state: "held" }, { $set: { state: "sending" } })).modifiedCount === 1,
    /** A held send whose morning try failed retryably goes back on the list for a later sweep. */
    holdAgain: async (id: string, due: Date) => {
      await sends.updateOne({ _id: id, state: "sending" }, { $set: { state: "held", due } });
      await held.updateOne({ _id: id }, { $set: { due } }, { upsert: true });
    },

    /**
     * Names the send on its provider message's record (`phone_messages`, as the webhooks keep it), so a later
     * `failed` status finds what to send by SMS; answers the record as it is now (its status may have come first).
     */
    async link(channel: PhoneChannelName, providerId: string, sendId: string) {
      const _id = phoneMessageId(channel, providerId);
      const write = () =>
        messages.updateOne(
          { _id },
          { $set: { sendId }, $setOnInsert: newPhoneMessage(channel, new Date()) },
          { upsert: true },
        );
      await write().catch((error: unknown) => {
        // A webhook's upsert inserted it meanwhile: the document is there, set it.
        if (!isDuplicateKey(error)) throw error;
        return messages.updateOne({ _id }, { $set: { sendId } });
      });
      return messages.findOne({ _id });
    },

    optOut: (number: string) => optOuts.findOne({ _id: number }),
    /** A STOP from this number; a replay keeps the latest time. */
    recordOptOut: (number: string, at: Date) =>
      optOuts.updateOne({ _id: number }, { $max: { optedOutAt: at } }, { upsert: true }).then(() => undefined),
  };
}

export type PhoneSends = ReturnType<typeof phoneSends>;
