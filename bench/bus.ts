/**
 * Event bus benchmark: publishes N persistent events through libs/messaging (EventPublisher -> EventConsumer) and
 * through a bare amqplib confirm channel (-> a bare consumer), in one run, on the same broker, queue type (quorum) and
 * confirm window, and prints publish rate, end-to-end latency p50/p99 and the ratios.
 *
 *   node --import tsx bench/bus.ts [N=20000] [window=500]
 * Needs the local infrastructure (scripts/infra.sh up); uses a throw-away vhost of its own.
 */
import { performance } from "node:perf_hooks";
import { enquirySubmittedV1 } from "@storefront/contracts";
import { BrokerConnection, EventConsumer, EventPublisher } from "@storefront/messaging";
import { isolatedVhost } from "@storefront/testing";
import { connect } from "amqplib";

process.env.AMQP_URL ??= "amqp://guest:guest@127.0.0.1:5672";
process.env.MONGO_URL ??= "mongodb://127.0.0.1:27017";
process.env.REDIS_URL ??= "redis://127.0.0.1:6379";

const N = Number(process.argv[2] ?? 20_000);
const WINDOW = Number(process.argv[3] ?? 500);
const EXCHANGE = "bench.events";
const TYPE = enquirySubmittedV1.type;

interface Result {
  publishPerSecond: number;
  p50: number;
  p99: number;
}

function makeEvents() {
  return Array.from({ length: N }, (_, i) =>
    enquirySubmittedV1.create(
      {
        enquiryId: `enq-${i}`,
        name: "Asha Patil",
        mobile: "9876543210",
        message: "Do you deliver ukadiche modak to Kolhapur for Ganesh Chaturthi?",
        submittedAt: new Date().toISOString(),
      },
      { correlationId: `bench-${i}` },
    ),
  );
}

/** Runs `send(i)` for i in [0, N) with at most WINDOW unfinished at once. */
async function windowed(send: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < N) await send(next++);
  };
  await Promise.all(Array.from({ length: WINDOW }, lane));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Publishes every event with `publish`, waits until the consumer has seen them all, and measures. */
async function measure(
  publish: (i: number) => Promise<unknown>,
  sentAt: Float64Array,
  latencies: number[],
  allReceived: Promise<void>,
): Promise<Result> {
  const start = performance.now();
  await windowed((i) => {
    sentAt[i] = performance.now();
    return publish(i);
  });
  const publishSeconds = (performance.now() - start) / 1000;
  await allReceived;
  latencies.sort((a, b) => a - b);
  return { publishPerSecond: N / publishSeconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

function receiver() {
  const latencies: number[] = [];
  const sentAt = new Float64Array(N);
  let resolve!: () => void;
  const allReceived = new Promise<void>((r) => {
    resolve = r;
  });
  const received = (i: number) => {
    latencies.push(performance.now() - sentAt[i]!);
    if (latencies.length === N) resolve();
  };
  return { latencies, sentAt, allReceived, received };
}

async function throughLibrary(amqpUrl: string): Promise<Result> {
  const events = makeEvents();
  const index = new Map(events.map((e, i) => [e.id, i]));
  const r = receiver();
  const connection = new BrokerConnection({ url: amqpUrl, connectionName: "bench-lib" });
  await connection.start();
  const consumerConnection = new BrokerConnection({ url: amqpUrl, connectionName: "bench-lib-consumer" });
  await consumerConnection.start();
  const consumer = new EventConsumer(consumerConnection, { exchange: EXCHANGE, queue: "lib", prefetch: 200 });
  consumer.on(enquirySubmittedV1, async (event) => r.received(index.get(event.id)!));
  await consumer.start();
  const publisher = new EventPublisher(connection, { exchange: EXCHANGE });
  await publisher.start();
  const result = await measure((i) => publisher.publish(events[i]!), r.sentAt, r.latencies, r.allReceived);
  await consumer.close();
  await publisher.close();
  await Promise.all([connection.close(), consumerConnection.close()]);
  return result;
}

async function throughBareAmqplib(amqpUrl: string): Promise<Result> {
  const events = makeEvents();
  const index = new Map(events.map((e, i) => [e.id, i]));
  const r = receiver();
  const [publishing, consuming] = await Promise.all([connect(amqpUrl), connect(amqpUrl)]);
  const channel = await publishing.createConfirmChannel();
  await channel.assertExchange(EXCHANGE, "topic", { durable: true });
  const consumerChannel = await consuming.createChannel();
  await consumerChannel.assertQueue("bare", { durable: true, arguments: { "x-queue-type": "quorum" } });
  await consumerChannel.bindQueue("bare", EXCHANGE, TYPE);
  await consumerChannel.prefetch(200);
  await consumerChannel.consume("bare", (message) => {
    if (!message) return;
    r.received(index.get(JSON.parse(message.content.toString()).id)!);
    consumerChannel.ack(message);
  });
  const publishOne = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const event = events[i]!;
      channel.publish(
        EXCHANGE,
        TYPE,
        Buffer.from(JSON.stringify(event)),
        { persistent: true, mandatory: true, messageId: event.id, contentType: "application/json" },
        (error) => (error ? reject(error) : resolve()),
      );
    });
  const result = await measure(publishOne, r.sentAt, r.latencies, r.allReceived);
  await Promise.all([publishing.close(), consuming.close()]);
  return result;
}

const vhost = await isolatedVhost("bench");
try {
  const bare = await throughBareAmqplib(vhost.amqpUrl);
  const library = await throughLibrary(vhost.amqpUrl);
  const row = (name: string, r: Result) =>
    `${name.padEnd(22)} ${r.publishPerSecond.toFixed(0).padStart(8)} msg/s   p50 ${r.p50.toFixed(1).padStart(7)} ms   p99 ${r.p99.toFixed(1).padStart(7)} ms`;
  console.log(`bus benchmark: ${N} persistent events, confirm window ${WINDOW}, quorum queues, one broker on loopback`);
  console.log(row("bare amqplib", bare));
  console.log(row("libs/messaging", library));
  console.log(
    `ratio library/bare: rate ${(library.publishPerSecond / bare.publishPerSecond).toFixed(2)}, ` +
      `p50 ${(library.p50 / bare.p50).toFixed(2)}, p99 ${(library.p99 / bare.p99).toFixed(2)}`,
  );
} finally {
  await vhost.cleanup();
}
