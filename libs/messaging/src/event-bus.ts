import { BrokerConnection } from "./connection.js";
import { EventConsumer, type EventConsumerOptions } from "./consumer.js";
import { type BusLogger, describeError, silentLogger } from "./logger.js";
import { OutboxRelay } from "./outbox-relay.js";
import type { OutboxWriter } from "./outbox-writer.js";
import { EventPublisher } from "./publisher.js";

export interface EventBusOptions {
  url: string;
  exchange: string;
  /** The service's name: the connection name in the broker UI, and its consumer queue name by default. */
  service: string;
  logger?: BusLogger;
  /**
   * The service's outbox: the writer its repositories write events through (it nudges this relay from now on) and
   * the collections whose documents carry outboxes, in the writer's database; a relay publishes from them.
   */
  outbox?: { writer: OutboxWriter; collections: readonly string[] };
  /** Registers the service's event handlers (its one list: docs/conventions.md, Layout); omit for a service that consumes nothing. */
  subscriptions?: (consumer: EventConsumer) => void;
  consumer?: Partial<Omit<EventConsumerOptions, "exchange" | "logger">>;
  /**
   * Start without waiting for the broker: the first connection is made (and retried) in the background, the
   * publisher and consumer set up once it is up. For a service that must serve without the broker from its first
   * request (the gateway, whose events only drop caches that expire anyway); `check` fails until connected.
   */
  background?: boolean;
}

/**
 * A service's whole connection to the bus: publisher, outbox relay and consumer, started and closed in order.
 * Shaped as a service dependency (`name`, `check`, `close`) for readiness and shutdown.
 */
export interface EventBus {
  readonly name: "rabbitmq";
  /** The service's one broker connection, for senders of its own beside the bus (the console's replays and drain). */
  connection: BrokerConnection;
  publisher: EventPublisher;
  relay: OutboxRelay | undefined;
  consumer: EventConsumer | undefined;
  /** For /readyz: throws while the broker connection is down. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/**
 * What every service's bus takes from its configuration (serviceEnv's AMQP_URL and EVENTS_EXCHANGE), its name and its
 * logger: spread first into {@link startEventBus}'s options, the service's own (outbox, subscriptions) after.
 */
export function serviceBus(
  config: { AMQP_URL: string; EVENTS_EXCHANGE: string },
  service: string,
  logger: BusLogger,
): Pick<EventBusOptions, "url" | "exchange" | "service" | "logger"> {
  return { url: config.AMQP_URL, exchange: config.EVENTS_EXCHANGE, service, logger };
}

export async function startEventBus(options: EventBusOptions): Promise<EventBus> {
  const logger = options.logger ?? silentLogger;
  const connection = new BrokerConnection({ url: options.url, connectionName: options.service, logger });
  if (options.background) {
    connectInBackground(connection, logger);
  } else {
    await connection.start();
  }
  const publisher = new EventPublisher(connection, { exchange: options.exchange, logger });
  await publisher.start();

  let relay: OutboxRelay | undefined;
  if (options.outbox?.collections.length) {
    relay = new OutboxRelay({
      database: options.outbox.writer.database,
      collections: options.outbox.collections,
      publisher,
      logger,
    });
    await relay.ensureIndexes();
    relay.start();
    options.outbox.writer.nudges(relay);
  }

  let consumer: EventConsumer | undefined;
  if (options.subscriptions) {
    consumer = new EventConsumer(connection, {
      queue: options.service,
      ...options.consumer,
      exchange: options.exchange,
      logger,
    });
    options.subscriptions(consumer);
    await consumer.start();
  }

  return {
    name: "rabbitmq",
    connection,
    publisher,
    relay,
    consumer,
    async check() {
      if (!connection.isConnected) throw new Error("message broker connection is down");
    },
    async close() {
      await consumer?.close();
      options.outbox?.writer.nudges(undefined);
      await relay?.stop();
      await publisher.close();
      await connection.close();
    },
  };
}

/** Connects for as long as it takes (until closed), so that a broker away at start delays nothing but the events. */
function connectInBackground(connection: BrokerConnection, logger: BusLogger): void {
  connection.start(Number.POSITIVE_INFINITY).catch((error: unknown) => {
    // Only closing the bus ends the attempts.
    logger.info({ err: describeError(error) }, "stopped connecting to the broker");
  });
}
