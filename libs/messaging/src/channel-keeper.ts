import type { Channel, ChannelModel } from "amqplib";
import type { BrokerConnection } from "./connection.js";
import { type BusLogger, describeError } from "./logger.js";

const REOPEN_DELAY_MS = 500;

/** What a publisher or consumer does with the channels a ChannelKeeper opens for it. */
export interface ChannelHooks<TChannel extends Channel> {
  /** Creates and sets up a channel (topology, prefetch, consume). */
  open(model: ChannelModel): Promise<TChannel>;
  /** The channel is now the current one. */
  opened?(channel: TChannel): void;
  /** The channel closed (on its own or with its connection); it is no longer current. */
  closed?(channel: TChannel): void;
}

/**
 * Keeps one channel open for a publisher or consumer. A channel can close on its own while the connection stays up
 * (a channel-level error, e.g. an exchange deleted by an operator, or a consumer cancelled because its queue was
 * deleted); the keeper then reopens it on the live connection. After a connection loss the connection's own
 * reconnection reopens it.
 */
export class ChannelKeeper<TChannel extends Channel> {
  private current: TChannel | undefined;
  private opening: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly connection: BrokerConnection,
    private readonly logger: BusLogger,
    private readonly hooks: ChannelHooks<TChannel>,
  ) {}

  get channel(): TChannel | undefined {
    return this.current;
  }

  async start(): Promise<void> {
    await this.connection.onConnected((model) => this.openOn(model));
  }

  private openOn(model: ChannelModel): Promise<void> {
    // One opening at a time: the reopen timer and a reconnection may both ask.
    this.opening ??= this.openNow(model).finally(() => {
      this.opening = undefined;
    });
    return this.opening;
  }

  private async openNow(model: ChannelModel): Promise<void> {
    if (this.stopped || this.current) return;
    const channel = await this.hooks.open(model);
    channel.on("close", () => {
      if (this.current === channel) this.current = undefined;
      this.hooks.closed?.(channel);
      this.scheduleReopen();
    });
    this.current = channel;
    this.hooks.opened?.(channel);
  }

  private scheduleReopen(): void {
    if (this.stopped) return;
    setTimeout(() => {
      this.connection
        .whenConnected((model) => this.openOn(model))
        .catch((error) => {
          this.logger.warn({ err: describeError(error) }, "could not reopen channel; trying again");
          this.scheduleReopen();
        });
    }, REOPEN_DELAY_MS).unref();
  }

  /** Stops reopening and closes the channel. */
  async close(): Promise<void> {
    this.stopped = true;
    const channel = this.current;
    this.current = undefined;
    await channel?.close().catch(() => {});
  }
}
