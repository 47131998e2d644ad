import { type BrokerConnection, type BusLogger, ChannelKeeper, sendToQueueConfirmed } from "@storefront/messaging";
import type { ConfirmChannel } from "amqplib";
import type { ParkedMessage } from "./parking-lot.js";

/** Headers the consumer wrote about the failed attempts: a replay starts afresh, its first attempt counted from 1. */
const FAILURE_HEADERS = [
  "x-attempt",
  "x-error",
  "x-last-error",
  "x-parked-at",
  "x-original-queue",
  "x-first-failed-at",
  "x-unrouted-at",
];

/** Sends a parked message back to its consumer's queue, with the broker's confirm. */
export class ReplaySender {
  private readonly keeper: ChannelKeeper<ConfirmChannel>;

  constructor(connection: BrokerConnection, logger: BusLogger) {
    this.keeper = new ChannelKeeper(connection, logger, { open: (model) => model.createConfirmChannel() });
  }

  start(): Promise<void> {
    return this.keeper.start();
  }

  close(): Promise<void> {
    return this.keeper.close();
  }

  async send(message: ParkedMessage, queue: string): Promise<void> {
    const channel = this.keeper.channel;
    if (!channel) throw new Error("no channel to the broker");
    const headers = Object.fromEntries(
      Object.entries(message.headers).filter(([name]) => !FAILURE_HEADERS.includes(name)),
    );
    await sendToQueueConfirmed(channel, queue, Buffer.from(message.content, "utf8"), {
      messageId: message.eventId,
      type: message.type,
      ...(message.correlationId ? { correlationId: message.correlationId } : {}),
      contentType: message.contentType ?? "application/json",
      headers: { ...headers, "x-replayed-from": message._id },
    });
  }
}
