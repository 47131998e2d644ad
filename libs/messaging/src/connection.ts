import { type ChannelModel, connect } from "amqplib";
import { type BusLogger, describeError, silentLogger } from "./logger.js";

export type ConnectedListener = (model: ChannelModel) => Promise<void>;

export interface BrokerConnectionOptions {
  url: string;
  /** Name shown in the RabbitMQ management UI for this connection. */
  connectionName: string;
  logger?: BusLogger;
  /** Reconnect backoff: starts here, doubles, caps at maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * One AMQP connection that comes back after a broker restart or a network cut. Publishers and consumers register
 * `onConnected` listeners; each listener runs after every (re)connection to rebuild its channels and topology.
 */
export class BrokerConnection {
  private model: ChannelModel | undefined;
  private readonly listeners: ConnectedListener[] = [];
  private closing = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private readonly logger: BusLogger;
  private firstConnection: Promise<void> | undefined;
  private readonly initialDelayMs: number;
  private readonly maxDelayMs: number;

  constructor(private readonly options: BrokerConnectionOptions) {
    this.logger = options.logger ?? silentLogger;
    this.initialDelayMs = options.initialDelayMs ?? 200;
    this.maxDelayMs = options.maxDelayMs ?? 5000;
  }

  /** The backoff step after a failed attempt: double, up to the cap. */
  private nextDelay(delayMs: number): number {
    return Math.min(delayMs * 2, this.maxDelayMs);
  }

  get isConnected(): boolean {
    return this.model !== undefined;
  }

  /**
   * Runs `listener` now on the current connection, if there is one (to reopen a channel lost on its own while the
   * connection stayed up). When disconnected it does nothing: the reconnection runs every registered listener.
   */
  async whenConnected(listener: ConnectedListener): Promise<void> {
    if (this.model) await listener(this.model);
  }

  /** Registers a listener; if already connected it also runs now. */
  async onConnected(listener: ConnectedListener): Promise<void> {
    this.listeners.push(listener);
    await this.whenConnected(listener);
  }

  /**
   * Connects, retrying for up to `startTimeoutMs` (the broker may come up a little after us), then fails loudly.
   * After the first connection it reconnects by itself for as long as the process runs.
   */
  start(startTimeoutMs = 30_000): Promise<void> {
    this.firstConnection ??= this.connectWithin(startTimeoutMs);
    return this.firstConnection;
  }

  private async connectWithin(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let delay = this.initialDelayMs;
    for (;;) {
      try {
        return await this.connectOnce();
      } catch (error) {
        await this.dropModel();
        if (this.closing || Date.now() + delay > deadline) throw error;
        this.logger.warn({ err: describeError(error), retryInMs: delay }, "amqp not reachable yet");
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = this.nextDelay(delay);
      }
    }
  }

  private async dropModel(): Promise<void> {
    const model = this.model;
    this.model = undefined;
    await model?.close().catch(() => {});
  }

  private async connectOnce(): Promise<void> {
    const model = await connect(this.options.url, {
      clientProperties: { connection_name: this.options.connectionName },
      // Nagle's algorithm off (amqplib leaves it on): a message of several frames (a receipt event with its PDF)
      // otherwise waited for the broker's delayed ACK, 40 ms a publish on Linux.
      noDelay: true,
    });
    model.on("error", (error: Error) => this.logger.warn({ err: describeError(error) }, "amqp connection error"));
    model.on("close", () => this.handleClose(model));
    model.on("blocked", (reason: string) => this.logger.warn({ reason }, "amqp connection blocked by broker"));
    this.model = model;
    for (const listener of this.listeners) await listener(model);
    this.logger.info({ connection: this.options.connectionName }, "amqp connected");
  }

  private handleClose(model: ChannelModel): void {
    if (this.model !== model) return;
    this.model = undefined;
    if (this.closing) return;
    this.logger.warn({ connection: this.options.connectionName }, "amqp connection lost, reconnecting");
    this.scheduleReconnect(this.initialDelayMs);
  }

  private scheduleReconnect(delayMs: number): void {
    this.reconnectTimer = setTimeout(async () => {
      if (this.closing) return;
      try {
        await this.connectOnce();
      } catch (error) {
        // A listener may have failed half-way on a fresh connection: drop it and start over.
        await this.dropModel();
        const next = this.nextDelay(delayMs);
        this.logger.warn({ err: describeError(error), retryInMs: next }, "amqp reconnect failed");
        this.scheduleReconnect(next);
      }
    }, delayMs);
  }

  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.reconnectTimer);
    await this.dropModel();
  }
}
