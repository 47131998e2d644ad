import type { Channel } from "amqplib";

/** Names of everything one consumer owns on the broker, derived from its queue name. */
export interface ConsumerQueues {
  main: string;
  /**
   * One delay queue per retry, named by its delay (`<queue>.retry.5000ms`): it holds a message that long, then
   * dead-letters it back to the main queue. Naming by delay lets a deployment change its delays without the broker
   * refusing a re-declaration with different arguments.
   */
  retries: { name: string; delayMs: number }[];
  parked: string;
}

export function consumerQueues(queue: string, retryDelaysMs: readonly number[]): ConsumerQueues {
  return {
    main: queue,
    retries: retryDelaysMs.map((delayMs) => ({ name: `${queue}.retry.${delayMs}ms`, delayMs })),
    parked: `${queue}.parked`,
  };
}

/** Where the publisher puts events that no queue was bound for, so nothing is dropped silently. */
export const unroutedQueueName = (exchange: string) => `${exchange}.unrouted`;

/** The one durable topic exchange every service publishes to. */
export async function declareExchange(channel: Channel, exchange: string): Promise<void> {
  await channel.assertExchange(exchange, "topic", { durable: true });
  await channel.assertQueue(unroutedQueueName(exchange), { durable: true });
}

/**
 * Declares a consumer's durable queue bound to its event types, its delay queues and its parked queue.
 * Why one delay queue per attempt rather than one with per-message TTL: a classic queue expires only at its head, so
 * a long delay would hold back shorter ones queued behind it; with a fixed TTL per queue order and timing both hold.
 */
export async function declareConsumerTopology(
  channel: Channel,
  options: { exchange: string; queues: ConsumerQueues; eventTypes: readonly string[]; quorum: boolean },
): Promise<void> {
  const { exchange, queues } = options;
  await declareExchange(channel, exchange);
  await channel.assertQueue(queues.main, {
    durable: true,
    arguments: options.quorum ? { "x-queue-type": "quorum" } : {},
  });
  for (const type of options.eventTypes) await channel.bindQueue(queues.main, exchange, type);
  for (const retry of new Map(queues.retries.map((r) => [r.name, r])).values()) {
    await channel.assertQueue(retry.name, {
      durable: true,
      arguments: {
        "x-message-ttl": retry.delayMs,
        "x-dead-letter-exchange": "",
        "x-dead-letter-routing-key": queues.main,
      },
    });
  }
  await channel.assertQueue(queues.parked, { durable: true });
}

/**
 * Declares one process's own queue for a broadcast: exclusive (no other connection may consume it) and auto-deleted
 * with its consumer, classic (a quorum queue cannot be exclusive), bound to the event types. Every instance of the
 * service declares one, so each gets every event, where a shared consumer queue hands each event to one instance.
 * Nothing to retry or park: it holds state an instance keeps in memory, which expires by itself.
 */
export async function declareBroadcastTopology(
  channel: Channel,
  options: { exchange: string; queue: string; eventTypes: readonly string[] },
): Promise<void> {
  await declareExchange(channel, options.exchange);
  await channel.assertQueue(options.queue, { exclusive: true, autoDelete: true, durable: false });
  for (const type of options.eventTypes) await channel.bindQueue(options.queue, options.exchange, type);
}
