import type { EventEnvelope } from "@storefront/contracts";
import type { ChannelModel, ConfirmChannel, Message } from "amqplib";
import { ChannelKeeper } from "./channel-keeper.js";
import { sendToQueueConfirmed } from "./confirmed-send.js";
import type { BrokerConnection } from "./connection.js";
import { type BusLogger, describeError, silentLogger } from "./logger.js";
import { busMetrics } from "./metrics.js";
import { declareExchange, unroutedQueueName } from "./topology.js";

export interface PublishResult {
  /** false when no queue was bound for the type: the event was kept in `<exchange>.unrouted` instead. */
  routed: boolean;
}

/** How long a publish waits for the broker's confirm by default (a broker down or blocked throughout). */
export const DEFAULT_CONFIRM_TIMEOUT_MS = 60_000;

export interface EventPublisherOptions {
  exchange: string;
  logger?: BusLogger;
  /** A publish still unconfirmed after this long (broker down throughout) is rejected; the outbox tries again. */
  confirmTimeoutMs?: number;
  /** Broker nacks (or channel losses) tolerated for one message before its publish is rejected. */
  maxAttempts?: number;
}

interface PendingPublish {
  envelope: EventEnvelope;
  content: Buffer;
  promise: Promise<PublishResult>;
  resolve(result: PublishResult): void;
  reject(error: Error): void;
  /** The channel it was written to and awaits a confirm on; undefined while queued for (re)sending. */
  inFlightOn: ConfirmChannel | undefined;
  attempts: number;
  /** When the publish gives up waiting for a confirm (epoch ms). */
  deadline: number;
}

const SWEEP_INTERVAL_MS = 1000;

export class PublisherClosedError extends Error {
  override name = "PublisherClosedError";
}

/**
 * Publishes event envelopes as persistent, mandatory messages on a confirm channel. Many publishes may be in flight
 * at once (windowed confirms); each promise settles when the broker confirms that message. Messages not yet
 * confirmed when the connection drops are re-sent after reconnection, so a publish survives a broker restart
 * (at-least-once: a re-send may duplicate, and consumers are idempotent).
 */
export class EventPublisher {
  private readonly keeper: ChannelKeeper<ConfirmChannel>;
  private readonly pending = new Map<string, PendingPublish>();
  private queued: PendingPublish[] = [];
  private readonly returnedIds = new Set<string>();
  private waitingForDrain = false;
  private closed = false;
  private readonly logger: BusLogger;
  /** One sweeper for every deadline: a timer per message would cost more than the publish itself at high rates. */
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    connection: BrokerConnection,
    private readonly options: EventPublisherOptions,
  ) {
    this.logger = options.logger ?? silentLogger;
    this.keeper = new ChannelKeeper(connection, this.logger, {
      open: (model) => this.openChannel(model),
      opened: () => {
        this.waitingForDrain = false;
        this.flush(); // sends what waited for a channel, and re-sends what the last one left unconfirmed
      },
      closed: (channel) => this.handleChannelClosed(channel),
    });
  }

  async start(): Promise<void> {
    await this.keeper.start();
  }

  private get confirmTimeoutMs(): number {
    return this.options.confirmTimeoutMs ?? DEFAULT_CONFIRM_TIMEOUT_MS;
  }

  private get channel(): ConfirmChannel | undefined {
    return this.keeper.channel;
  }

  publish(envelope: EventEnvelope): Promise<PublishResult> {
    if (this.closed) return Promise.reject(new PublisherClosedError("publisher is closed"));
    const existing = this.pending.get(envelope.id);
    if (existing) return existing.promise;
    let resolve!: (result: PublishResult) => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<PublishResult>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const entry: PendingPublish = {
      envelope,
      content: Buffer.from(JSON.stringify(envelope)),
      promise,
      resolve,
      reject,
      inFlightOn: undefined,
      attempts: 0,
      deadline: Date.now() + this.confirmTimeoutMs,
    };
    this.pending.set(envelope.id, entry);
    this.sweeper ??= setInterval(() => this.failOverdue(), SWEEP_INTERVAL_MS).unref();
    this.queued.push(entry);
    this.flush();
    return promise;
  }

  private async openChannel(model: ChannelModel): Promise<ConfirmChannel> {
    const channel = await model.createConfirmChannel();
    channel.on("error", (error: Error) => this.logger.warn({ err: describeError(error) }, "publisher channel error"));
    channel.on("return", (message: Message) => this.returnedIds.add(String(message.properties.messageId)));
    channel.on("drain", () => {
      this.waitingForDrain = false;
      this.flush();
    });
    await declareExchange(channel, this.options.exchange);
    return channel;
  }

  private handleChannelClosed(channel: ConfirmChannel): void {
    // Returns belong to the channel they came on; a re-send on the next channel is judged afresh.
    this.returnedIds.clear();
    for (const entry of this.pending.values()) {
      if (entry.inFlightOn === channel) this.requeue(entry);
    }
  }

  private requeue(entry: PendingPublish): void {
    entry.inFlightOn = undefined;
    this.queued.push(entry);
  }

  /** Writes queued messages while the channel accepts them; stops at back-pressure until 'drain'. */
  private flush(): void {
    const batch = this.queued;
    this.queued = [];
    for (let i = 0; i < batch.length; i++) {
      const entry = batch[i]!;
      if (this.pending.get(entry.envelope.id) !== entry || entry.inFlightOn) continue; // settled, or sent already
      if (!this.channel || this.waitingForDrain) {
        this.queued.push(...batch.slice(i));
        return;
      }
      this.send(entry, this.channel);
    }
  }

  private send(entry: PendingPublish, channel: ConfirmChannel): void {
    const { envelope } = entry;
    entry.inFlightOn = channel;
    entry.attempts++;
    try {
      const writable = channel.publish(
        this.options.exchange,
        envelope.type,
        entry.content,
        {
          persistent: true,
          mandatory: true,
          messageId: envelope.id,
          type: envelope.type,
          correlationId: envelope.correlationId,
          contentType: "application/json",
          timestamp: Math.floor(Date.now() / 1000),
          headers: { "x-event-version": envelope.version },
        },
        (error) => this.handleConfirm(entry, channel, error),
      );
      if (!writable) this.waitingForDrain = true;
    } catch (error) {
      // The channel closed under us; its close handler re-queues what was in flight.
      this.logger.debug({ err: describeError(error) }, "publish on a closing channel");
      entry.inFlightOn = undefined;
      this.queued.push(entry);
    }
  }

  private handleConfirm(entry: PendingPublish, channel: ConfirmChannel, error: unknown): void {
    if (this.pending.get(entry.envelope.id) !== entry || entry.inFlightOn !== channel) return;
    if (error) {
      // A nack, or the channel dying with the message unconfirmed: both mean "not known to be stored", so send again.
      if (entry.attempts >= (this.options.maxAttempts ?? 5)) {
        this.fail(entry, new Error(`broker did not confirm event ${entry.envelope.id}: ${describeError(error)}`));
        return;
      }
      this.requeue(entry);
      setTimeout(() => this.flush(), 50 * entry.attempts).unref();
      return;
    }
    if (this.returnedIds.delete(entry.envelope.id)) {
      void this.keepUnrouted(entry, channel);
      return;
    }
    this.succeed(entry, { routed: true });
  }

  /** A mandatory message came back unroutable: keep it where a person can see it instead of losing it. */
  private async keepUnrouted(entry: PendingPublish, channel: ConfirmChannel): Promise<void> {
    const { envelope } = entry;
    this.logger.warn({ eventId: envelope.id, type: envelope.type }, "no queue bound for event type; kept as unrouted");
    try {
      await sendToQueueConfirmed(channel, unroutedQueueName(this.options.exchange), entry.content, {
        messageId: envelope.id,
        type: envelope.type,
        correlationId: envelope.correlationId,
        contentType: "application/json",
        headers: { "x-event-version": envelope.version, "x-unrouted-at": new Date().toISOString() },
      });
      this.succeed(entry, { routed: false });
    } catch (error) {
      this.fail(entry, new Error(`could not keep unrouted event ${envelope.id}: ${describeError(error)}`));
    }
  }

  private succeed(entry: PendingPublish, result: PublishResult): void {
    this.pending.delete(entry.envelope.id);
    busMetrics.published.inc({ type: entry.envelope.type, outcome: result.routed ? "routed" : "unrouted" });
    entry.resolve(result);
  }

  private fail(entry: PendingPublish, error: Error): void {
    if (this.pending.get(entry.envelope.id) !== entry) return;
    this.pending.delete(entry.envelope.id);
    busMetrics.published.inc({ type: entry.envelope.type, outcome: "failed" });
    entry.reject(error);
  }

  private failOverdue(): void {
    const now = Date.now();
    for (const entry of this.pending.values()) {
      if (entry.deadline <= now) {
        const waited = this.confirmTimeoutMs;
        this.fail(entry, new Error(`no broker confirm within ${waited} ms for event ${entry.envelope.id}`));
      }
    }
  }

  /** Stops taking publishes, waits (bounded) for outstanding confirms, then closes the channel. */
  async close(graceMs = 5000): Promise<void> {
    this.closed = true;
    const deadline = Date.now() + graceMs;
    while (this.pending.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const entry of [...this.pending.values()]) this.fail(entry, new PublisherClosedError("publisher closed"));
    clearInterval(this.sweeper);
    await this.keeper.close();
  }
}
