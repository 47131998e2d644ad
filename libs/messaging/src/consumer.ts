import { randomUUID } from "node:crypto";
import { type EventDefinition, type EventEnvelope, eventEnvelopeSchema } from "@storefront/contracts";
import type { ChannelModel, ConfirmChannel, ConsumeMessage, Options } from "amqplib";
import { ChannelKeeper } from "./channel-keeper.js";
import { sendToQueueConfirmed } from "./confirmed-send.js";
import type { BrokerConnection } from "./connection.js";
import { type BusLogger, describeError, silentLogger } from "./logger.js";
import { busMetrics } from "./metrics.js";
import { type ConsumerQueues, consumerQueues, declareBroadcastTopology, declareConsumerTopology } from "./topology.js";

export interface HandlerContext {
  /** 1 for the first delivery through the retry path; raised each time the message comes back from a delay queue. */
  attempt: number;
  /** The broker redelivered it (a consumer died before acking). */
  redelivered: boolean;
}

export type EventHandler<TData> = (event: EventEnvelope<string, TData>, context: HandlerContext) => Promise<void>;

/** Thrown by a handler (or raised for a malformed message) when retrying cannot help: the message is parked at once. */
export class UnrecoverableEventError extends Error {
  override name = "UnrecoverableEventError";
}

export interface EventConsumerOptions {
  exchange: string;
  /** The consumer's durable queue, e.g. `notification`; its delay and parked queues are named after it. */
  queue: string;
  logger?: BusLogger;
  /** Unacked messages the broker may hand this consumer at once. */
  prefetch?: number;
  /** Delay before each retry; after the last one fails the message is parked. Default 1 s, 5 s, 25 s. */
  retryDelaysMs?: readonly number[];
  /** Quorum queue (replicated, poison-message safe) for the main queue. */
  quorum?: boolean;
  /**
   * Every instance hears every event (a broadcast), instead of one instance of the service each event: the
   * consumer takes a queue of its own, `<queue>.instance.<id>`, exclusive and deleted when it goes
   * (topology.ts, declareBroadcastTopology). For what each instance keeps in memory (the gateway's caches): a
   * failed or unreadable message is logged and dropped, never retried or parked, and events sent while the
   * instance is disconnected are not heard (what it keeps must expire by itself too).
   */
  broadcast?: boolean;
}

const ATTEMPT_HEADER = "x-attempt";
const FIRST_FAILURE_HEADER = "x-first-failed-at";

interface Registration {
  definition: EventDefinition<string, unknown>;
  handler: EventHandler<unknown>;
}

/**
 * Consumes the events a service registered handlers for, with manual acks and bounded prefetch. A failing handler is
 * retried through delay queues with growing delays, counted in a message header; after the last retry the message
 * is parked in `<queue>.parked` with its error written on it. Nothing is acked into nothing.
 */
export class EventConsumer {
  readonly queues: ConsumerQueues;
  private readonly registrations = new Map<string, Registration>();
  private readonly keeper: ChannelKeeper<ConfirmChannel>;
  private consumerTag: string | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly logger: BusLogger;

  constructor(
    connection: BrokerConnection,
    private readonly options: EventConsumerOptions,
  ) {
    this.logger = options.logger ?? silentLogger;
    this.queues = options.broadcast
      ? consumerQueues(`${options.queue}.instance.${randomUUID().slice(0, 8)}`, [])
      : consumerQueues(options.queue, options.retryDelaysMs ?? [1000, 5000, 25_000]);
    this.keeper = new ChannelKeeper(connection, this.logger, { open: (model) => this.openChannel(model) });
  }

  /** Registers the one handler of one event type and version. Call before start(). */
  on<TData>(definition: EventDefinition<string, TData>, handler: EventHandler<TData>): this {
    const key = `${definition.type}@${definition.version}`;
    if (this.registrations.has(key)) throw new Error(`a handler for ${key} is already registered`);
    this.registrations.set(key, {
      definition: definition as EventDefinition<string, unknown>,
      handler: handler as EventHandler<unknown>,
    });
    return this;
  }

  async start(): Promise<void> {
    await this.keeper.start();
  }

  private async openChannel(model: ChannelModel): Promise<ConfirmChannel> {
    const channel = await model.createConfirmChannel();
    channel.on("error", (error: Error) => this.logger.warn({ err: describeError(error) }, "consumer channel error"));
    const eventTypes = [...new Set([...this.registrations.values()].map((r) => r.definition.type))];
    if (this.options.broadcast) {
      await declareBroadcastTopology(channel, { exchange: this.options.exchange, queue: this.queues.main, eventTypes });
    } else {
      await declareConsumerTopology(channel, {
        exchange: this.options.exchange,
        queues: this.queues,
        eventTypes,
        quorum: this.options.quorum ?? true,
      });
    }
    await channel.prefetch(this.options.prefetch ?? 10);
    const { consumerTag } = await channel.consume(this.queues.main, (message) => {
      if (!message) {
        // The broker cancelled us (the queue was deleted): closing the channel makes the keeper open a new one,
        // which declares the queue again and consumes from it.
        this.logger.warn({ queue: this.queues.main }, "consumer cancelled by the broker; re-declaring");
        void channel.close().catch(() => {});
        return;
      }
      const work = this.handle(channel, message).finally(() => this.inFlight.delete(work));
      this.inFlight.add(work);
    });
    this.consumerTag = consumerTag;
    return channel;
  }

  private async handle(channel: ConfirmChannel, message: ConsumeMessage): Promise<void> {
    const attempt = Number(message.properties.headers?.[ATTEMPT_HEADER] ?? 1);
    let event: EventEnvelope;
    let registration: Registration;
    try {
      const raw: unknown = JSON.parse(message.content.toString("utf8"));
      // Find the handler from the two routing fields, then validate the whole envelope once, with its own schema.
      const { type, version } = (raw ?? {}) as { type?: unknown; version?: unknown };
      const found = this.registrations.get(`${String(type)}@${String(version)}`);
      if (!found) {
        const envelope = eventEnvelopeSchema.safeParse(raw);
        throw new UnrecoverableEventError(
          envelope.success ? `no handler for ${type} version ${version}` : "not an event envelope",
        );
      }
      registration = found;
      event = found.definition.parse(raw);
    } catch (error) {
      if (this.options.broadcast) return this.drop(channel, message, "unreadable", error);
      await this.park(channel, message, attempt, error);
      // Not an event this consumer can read: one label for all of them (whatever type it claims is not trusted).
      busMetrics.consumed.inc({ type: "unreadable", outcome: "parked" });
      return;
    }
    try {
      // At least once: a handler may see an event again (redelivery, an outbox re-send), so each handler keys its
      // effect (billing's receipt by order, notification's email by event and template): a unique insert decides.
      await registration.handler(event, { attempt, redelivered: message.fields.redelivered });
      this.settle(channel, message);
      busMetrics.consumed.inc({ type: event.type, outcome: "handled" });
    } catch (error) {
      if (this.options.broadcast) return this.drop(channel, message, event.type, error);
      const retry = this.queues.retries[attempt - 1];
      const parked = error instanceof UnrecoverableEventError || !retry;
      if (parked) await this.park(channel, message, attempt, error);
      else await this.retryLater(channel, message, attempt, retry.name, error);
      busMetrics.consumed.inc({ type: event.type, outcome: parked ? "parked" : "retried" });
    }
  }

  /** A broadcast's failure: what the instance keeps expires by itself, so the message is not worth keeping. */
  private drop(channel: ConfirmChannel, message: ConsumeMessage, type: string, error: unknown): void {
    this.logger.warn(
      { messageId: message.properties.messageId, queue: this.queues.main, err: describeError(error) },
      "broadcast event dropped",
    );
    this.settle(channel, message);
    busMetrics.consumed.inc({ type, outcome: "dropped" });
  }

  private async retryLater(
    channel: ConfirmChannel,
    message: ConsumeMessage,
    attempt: number,
    retryQueue: string,
    error: unknown,
  ): Promise<void> {
    this.logger.warn({ messageId: message.properties.messageId, attempt, err: describeError(error) }, "retrying");
    await this.forward(channel, message, retryQueue, {
      [ATTEMPT_HEADER]: attempt + 1,
      "x-last-error": describeError(error),
      ...firstFailure(message),
    });
  }

  private async park(channel: ConfirmChannel, message: ConsumeMessage, attempt: number, error: unknown) {
    this.logger.error(
      { messageId: message.properties.messageId, queue: this.queues.parked, attempt, err: describeError(error) },
      "event parked",
    );
    await this.forward(channel, message, this.queues.parked, {
      [ATTEMPT_HEADER]: attempt,
      "x-error": describeError(error),
      "x-parked-at": new Date().toISOString(),
      "x-original-queue": this.queues.main,
      ...firstFailure(message),
    });
  }

  /** Copies the message to another queue, and acks the original only once the broker has stored the copy. */
  private async forward(
    channel: ConfirmChannel,
    message: ConsumeMessage,
    queue: string,
    headers: Record<string, unknown>,
  ): Promise<void> {
    const { properties } = message;
    const options: Options.Publish = {
      messageId: properties.messageId,
      type: properties.type,
      correlationId: properties.correlationId,
      contentType: properties.contentType,
      timestamp: properties.timestamp,
      headers: { ...properties.headers, ...headers },
    };
    try {
      await sendToQueueConfirmed(channel, queue, message.content, options);
    } catch (error) {
      // Not stored elsewhere: leave it unacked; the broker redelivers it when this channel goes.
      this.logger.warn({ err: describeError(error), queue }, "could not forward message; it will be redelivered");
      return;
    }
    this.settle(channel, message);
  }

  private settle(channel: ConfirmChannel, message: ConsumeMessage): void {
    try {
      channel.ack(message);
    } catch (error) {
      // The channel closed after the work was done: the broker redelivers, and idempotency absorbs the repeat.
      this.logger.warn({ err: describeError(error) }, "ack on a closed channel");
    }
  }

  /** Stops taking messages, lets handlers in progress finish (bounded), then closes the channel. */
  async close(graceMs = 5000): Promise<void> {
    const channel = this.keeper.channel;
    if (channel && this.consumerTag) await channel.cancel(this.consumerTag).catch(() => {});
    const timeout = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([Promise.allSettled([...this.inFlight]), timeout]);
    await this.keeper.close();
  }
}

/** When the message first failed: kept from its first retry on, so the console can tell how long it has been failing. */
function firstFailure(message: ConsumeMessage): Record<string, unknown> {
  const first = message.properties.headers?.[FIRST_FAILURE_HEADER];
  return { [FIRST_FAILURE_HEADER]: typeof first === "string" ? first : new Date().toISOString() };
}
