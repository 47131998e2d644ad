import { createHash } from "node:crypto";
import { consumerShouldTake } from "@storefront/contracts";
import type { Logger } from "@storefront/http";
import { type BrokerConnection, ChannelKeeper, describeError } from "@storefront/messaging";
import type { Channel, ChannelModel, ConsumeMessage } from "amqplib";
import type { ParkedMessage, ParkedSource, ParkingLot } from "./parking-lot.js";
import type { UnsubscribedEvents } from "./unsubscribed-events.js";

/** A queue the drain empties into the parking lot. */
export interface DrainedQueue {
  name: string;
  source: ParkedSource;
}

const PREFETCH = 20;
/** A message the lot could not store goes back to its queue after this pause (the database is away). */
const REQUEUE_DELAY_MS = 1000;

/**
 * Takes every message from the parked and unrouted queues into the parking lot, acking each only once it is stored:
 * a crash in between redelivers it, and its key (queue, event id, parking time) stores it once. Several instances
 * may drain side by side. The queues are declared exactly as their consumers and the publisher declare them.
 *
 * The lot keeps only what a consumer should have taken: an unrouted event of a type no consumer takes by design
 * (nobody was to act on it) is counted per type in `unsubscribed` and acked, never parked.
 */
export class ParkedDrain {
  private readonly keeper: ChannelKeeper<Channel>;

  constructor(
    connection: BrokerConnection,
    private readonly queues: readonly DrainedQueue[],
    private readonly lot: ParkingLot,
    private readonly unsubscribed: UnsubscribedEvents,
    private readonly logger: Logger,
  ) {
    this.keeper = new ChannelKeeper(connection, logger, { open: (model) => this.open(model) });
  }

  start(): Promise<void> {
    return this.keeper.start();
  }

  close(): Promise<void> {
    return this.keeper.close();
  }

  private async open(model: ChannelModel): Promise<Channel> {
    const channel = await model.createChannel();
    await channel.prefetch(PREFETCH);
    for (const queue of this.queues) {
      await channel.assertQueue(queue.name, { durable: true });
      await channel.consume(queue.name, (message) => {
        if (message) void this.take(channel, queue, message);
      });
    }
    return channel;
  }

  private async take(channel: Channel, queue: DrainedQueue, message: ConsumeMessage): Promise<void> {
    try {
      const parked = parkedFrom(queue, message);
      if (queue.source === "unrouted" && !consumerShouldTake(parked.type)) {
        await this.unsubscribed.seen(parked.type, parked.eventId, parked.parkedAt);
      } else if (await this.lot.keep(parked)) {
        this.logger.warn(
          { parkedId: parked._id, queue: queue.name, type: parked.type, correlationId: parked.correlationId },
          "message parked for a person to look at",
        );
      }
      channel.ack(message);
    } catch (error) {
      this.logger.warn({ err: describeError(error), queue: queue.name }, "could not store a parked message; requeued");
      setTimeout(() => {
        try {
          channel.nack(message, false, true);
        } catch {
          // The channel closed meanwhile: the broker requeues the message itself.
        }
      }, REQUEUE_DELAY_MS).unref();
    }
  }
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);
const date = (value: unknown): Date | undefined => {
  const parsed = typeof value === "string" ? new Date(value) : undefined;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : undefined;
};

/** The lot's record of one message, from what the consumer (or the publisher) wrote on it. */
export function parkedFrom(queue: DrainedQueue, message: ConsumeMessage): ParkedMessage {
  const { properties } = message;
  const headers = (properties.headers ?? {}) as Record<string, unknown>;
  const content = message.content.toString("utf8");
  const envelope = readEnvelope(content);
  const eventId = text(properties.messageId) ?? envelope.id ?? "unknown";
  const parkedAt =
    date(headers["x-parked-at"]) ??
    date(headers["x-unrouted-at"]) ??
    (properties.timestamp ? new Date(Number(properties.timestamp) * 1000) : new Date());
  const attempts = Number(headers["x-attempt"]);
  return {
    _id: createHash("sha256").update(`${queue.name}\n${eventId}\n${parkedAt.toISOString()}`).digest("hex").slice(0, 32),
    source: queue.source,
    queue: queue.name,
    ...(queue.source === "parked" ? { replayTo: text(headers["x-original-queue"]) ?? replayQueueOf(queue.name) } : {}),
    eventId,
    type: text(properties.type) ?? envelope.type ?? "unknown",
    ...optional("correlationId", text(properties.correlationId) ?? envelope.correlationId),
    ...optional("orderId", envelope.orderId),
    ...optional("error", text(headers["x-error"])),
    ...optional("attempts", Number.isInteger(attempts) && attempts > 0 ? attempts : undefined),
    ...optional("firstFailedAt", date(headers["x-first-failed-at"])),
    parkedAt,
    content,
    ...optional("contentType", text(properties.contentType)),
    headers,
    status: "parked",
  };
}

/** `notification.parked` goes back to `notification`. */
const replayQueueOf = (parkedQueue: string) => parkedQueue.replace(/\.parked$/, "");

function optional<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

/** What the body says of itself, when it is an event envelope at all (a parked message may be unreadable). */
function readEnvelope(content: string): { id?: string; type?: string; correlationId?: string; orderId?: string } {
  try {
    const raw: unknown = JSON.parse(content);
    if (!raw || typeof raw !== "object") return {};
    const { id, type, correlationId, data } = raw as Record<string, unknown>;
    const orderId = data && typeof data === "object" ? (data as Record<string, unknown>).orderId : undefined;
    return { id: text(id), type: text(type), correlationId: text(correlationId), orderId: text(orderId) };
  } catch {
    return {};
  }
}
