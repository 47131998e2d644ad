import { insertOnce } from "@storefront/stores";
import type { Db } from "mongodb";
import type { PhoneChannelName } from "../channels/phone-channel.js";

/**
 * The phone messages notification owes and the numbers that said STOP (docs/messaging.md, Sending), each read and
 * written by `_id` only (docs/local-database.md):
 *
 * - `phone_sends`: one document per message owed, `_id` its reason (`cod_confirm:<orderId>`, `order_link:<replyId>`):
 *   its insert is the claim that sends it once, however often its event is delivered, as a mail's delivery is.
 * - `phone_opt_outs`: one per number (`_id` `919812345678`), with when it last said STOP.
 */
export interface PhoneSendDocument {
  _id: string;
  to: string;
  template: string;
  state: "sending" | "sent" | "skipped" | "failed";
  claimedAt: Date;
  /** The channel that carried it and the provider's message id (`phone_messages` has its states by it). */
  channel?: PhoneChannelName;
  messageId?: string;
  /** Why each channel failed, and why it was skipped (an opt-out). */
  failures?: string[];
  skipped?: string;
  doneAt?: Date;
}

export interface PhoneOptOutDocument {
  _id: string;
  optedOutAt: Date;
}

export function phoneSends(db: Db) {
  const sends = db.collection<PhoneSendDocument>("phone_sends");
  const optOuts = db.collection<PhoneOptOutDocument>("phone_opt_outs");
  return {
    /** The console's list, newest first (docs/messaging.md, Seen by the people who run it). */
    ensureIndexes: () => sends.createIndex({ claimedAt: -1 }).then(() => undefined),
    byId: (id: string) => sends.findOne({ _id: id }),
    /**
     * The newest sends, for the on-call console: the one read of `phone_sends` that is not by `_id`, bounded by
     * `limit` (at most 200) and made by a person opening the console, never by a shopper's request.
     */
    recent: (limit: number) => sends.find({}).sort({ claimedAt: -1, _id: -1 }).limit(limit).toArray(),
    /** True when this caller owns the send (the first claim); false when it was claimed before. */
    claim: (id: string, to: string, template: string) =>
      insertOnce(sends, { _id: id, to, template, state: "sending", claimedAt: new Date() }),
    /** A retryable failure gives the claim back, so the event's next delivery tries again. */
    release: (id: string) => sends.deleteOne({ _id: id, state: "sending" }).then(() => undefined),
    finish: (id: string, outcome: Partial<Omit<PhoneSendDocument, "_id" | "to" | "template" | "claimedAt">>) =>
      sends.updateOne({ _id: id }, { $set: { ...outcome, doneAt: new Date() } }).then(() => undefined),

    optOut: (number: string) => optOuts.findOne({ _id: number }),
    /** A STOP from this number; a replay keeps the latest time. */
    recordOptOut: (number: string, at: Date) =>
      optOuts.updateOne({ _id: number }, { $max: { optedOutAt: at } }, { upsert: true }).then(() => undefined),
  };
}

export type PhoneSends = ReturnType<typeof phoneSends>;
