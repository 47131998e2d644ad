import { type EventEnvelope, phoneReplyReceivedV1 } from "@storefront/contracts";
import { type OutboxFields, type OutboxWriter, outboxForInsert } from "@storefront/messaging";
import { insertOnce, isDuplicateKey } from "@storefront/stores";
import type { Db } from "mongodb";
import { isOptOut, type PhoneReply, type PhoneState, type PhoneStatusUpdate } from "../channels/phone-updates.js";
import type { PhoneSends } from "./phone-sends.js";

/**
 * Where notification keeps what the phone providers tell (docs/messaging.md, What is recorded), each read and written
 * by `_id` only (docs/local-database.md):
 *
 * - `phone_messages`: one document per message of ours, `_id` the provider's message id (`whatsapp:<wamid>`,
 *   `sms:<request id>`), with its furthest state and when it reached each one.
 * - `phone_statuses`: one document per provider word (`<message>:<state>`): its insert is the claim that records a
 *   status once, however often the webhook comes.
 * - `phone_replies`: one document per shopper's reply, `_id` the provider's id of it, inserted with its
 *   `notification.phone-reply.received` in its outbox: a replayed webhook inserts nothing and publishes nothing.
 */
export interface PhoneMessageDocument {
  _id: string;
  channel: PhoneStatusUpdate["channel"];
  state: PhoneState;
  /** The state's place in PHONE_STATES' order, so that a late `sent` never undoes a `read`. */
  rank: number;
  reached: Partial<Record<PhoneState, Date>>;
  recipient?: string | undefined;
  failure?: string | undefined;
  updatedAt: Date;
  /** The `phone_sends` claim it carried (written by the sender): a later `failed` resends that by SMS. */
  sendId?: string;
}

/** A message's record before any status: what the first writer (a webhook's or the sender's) inserts. */
export const newPhoneMessage = (channel: PhoneStatusUpdate["channel"], at: Date) => ({
  channel,
  state: "sent" as const,
  rank: 0,
  reached: {},
  updatedAt: at,
});

interface PhoneStatusDocument {
  _id: string;
  messageId: string;
  state: PhoneState;
  at: Date;
  failure?: string | undefined;
  recordedAt: Date;
}

type PhoneReplyDocument = Omit<PhoneReply, "replyId"> & {
  _id: string;
  optOut: boolean;
  recordedAt: Date;
} & OutboxFields;

/** The fields that have a value: the driver would store an undefined one as null. */
const defined = <T extends object>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;

/** `failed` ranks with `delivered`: a message that reached the phone is not undone by a later failure of a copy. */
const RANK: Record<PhoneState, number> = { sent: 1, delivered: 2, read: 3, failed: 2 };

export const phoneMessageId = (channel: PhoneStatusUpdate["channel"], providerId: string) => `${channel}:${providerId}`;

export function phoneMessages(db: Db, outbox: OutboxWriter, sends?: Pick<PhoneSends, "recordOptOut">) {
  const messages = db.collection<PhoneMessageDocument>("phone_messages");
  const statuses = db.collection<PhoneStatusDocument>("phone_statuses");
  const replies = db.collection<PhoneReplyDocument>("phone_replies");

  return {
    byId: (id: string) => messages.findOne({ _id: id }),
    /** Several messages by `_id` (the console's page of sends): one `$in` read. */
    byIds: (ids: readonly string[]) =>
      ids.length ? messages.find({ _id: { $in: [...ids] } }).toArray() : Promise.resolve([]),
    reply: (id: string) => replies.findOne({ _id: id }),

    /**
     * Records a provider's word once: false when it was recorded before (a replay, or the provider's retry). The
     * message's summary is brought up to date either way (idempotent), so a process that died between the two
     * writes is mended by the provider's next attempt.
     */
    async recordStatus(update: PhoneStatusUpdate): Promise<boolean> {
      const messageId = phoneMessageId(update.channel, update.messageId);
      const fresh = await insertOnce(
        statuses,
        defined({
          _id: `${messageId}:${update.state}`,
          messageId,
          state: update.state,
          at: update.at,
          failure: update.failure,
          recordedAt: new Date(),
        }),
      );
      const recorded = fresh ? update : await statuses.findOne({ _id: `${messageId}:${update.state}` });
      const at = recorded?.at ?? update.at;
      // Two words on a new message at once (sent and delivered often come together): one upsert inserts, the other
      // may meet its _id (a duplicate key), and finds the document there, which is all it wanted.
      await messages
        .updateOne({ _id: messageId }, { $setOnInsert: newPhoneMessage(update.channel, at) }, { upsert: true })
        .catch((error: unknown) => {
          if (!isDuplicateKey(error)) throw error;
        });
      const rank = RANK[update.state];
      await messages.updateOne(
        { _id: messageId, rank: { $lt: rank } },
        {
          $set: {
            state: update.state,
            rank,
            updatedAt: new Date(),
            ...(update.recipient ? { recipient: update.recipient } : {}),
            ...(update.failure ? { failure: update.failure } : {}),
          },
        },
      );
      await messages.updateOne({ _id: messageId }, { $set: { [`reached.${update.state}`]: at } });
      return fresh;
    },

    /**
     * Records a shopper's reply with its event, once: false when it was recorded before. The event is built before
     * anything is written (a bad one fails here, not half-way).
     */
    async recordReply(reply: PhoneReply, correlationId: string): Promise<boolean> {
      const replyId = phoneMessageId(reply.channel, reply.replyId);
      const optOut = reply.kind === "text" ? isOptOut(reply.text) : reply.action === "stop";
      // Only the fields with a value: the driver stores an undefined one in the outbox as null, which the event's
      // schema refuses at its consumer (seen once order-payment consumed it: every reply parked).
      const event: EventEnvelope = phoneReplyReceivedV1.create(
        defined({
          replyId,
          channel: reply.channel,
          mobile: reply.from,
          kind: reply.kind,
          action: reply.action,
          orderId: reply.orderId,
          text: reply.text,
          optOut,
          inReplyTo: reply.inReplyTo ? phoneMessageId(reply.channel, reply.inReplyTo) : undefined,
          receivedAt: reply.at.toISOString(),
        }),
        { correlationId },
      );
      // A STOP is recorded for the number before the reply (a replay records it again, harmlessly): every later send
      // to it reads it (docs/messaging.md, STOP).
      // The provider stamps it to the second: it is taken at that second's end, so a box ticked in the same second
      // never outranks it (the STOP wins a tie).
      if (optOut && sends)
        await sends.recordOptOut(reply.from, new Date(Math.floor(reply.at.getTime() / 1000) * 1000 + 999));
      const { replyId: _provider, ...fields } = reply;
      return outbox.write("phone_replies", replyId, () =>
        insertOnce(replies, {
          _id: replyId,
          ...defined(fields),
          optOut,
          recordedAt: new Date(),
          ...outboxForInsert(event),
        }),
      );
    },
  };
}

export type PhoneMessages = ReturnType<typeof phoneMessages>;
