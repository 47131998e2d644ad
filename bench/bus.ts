/**
 * Event bus benchmark: publishes N persistent events through libs/messaging (EventPublisher -> EventConsumer) and
 * through a bare amqplib confirm channel (-> a bare consumer), in one run, on the same broker, queue type (quorum) and
 * confirm window, and prints publish rate, end-to-end latency p50/p99 and the ratios. Two phases each:
 *   saturated  N events as fast as the confirm window allows: the publish rate (latency there is mostly queueing)
 *   paced      N/4 events at a fixed rate well under capacity: the end-to-end latency a single event sees
 *
 *   node --import tsx bench/bus.ts [N=20000] [window=500] [pacedRate=1000]
 * Needs the local infrastructure (scripts/infra.sh up); uses a throw-away vhost of its own.
 */

import { performance } from "node:perf_hooks";
import { useLocalInfraByDefault } from "@storefront/config";
import { enquirySubmittedV1 } from "@storefront/contracts";
import { BrokerConnection, EventConsumer, EventPublisher } from "@storefront/messaging";
import { isolatedVhost } from "@storefront/testing";
import { connect } from "amqplib";

useLocalInfraByDefault();

const N = Number(process.argv[2] ?? 20_000);
const WINDOW = Number(process.argv[3] ?? 500);
const PACED_RATE = Number(process.argv[4] ?? 1000);
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

/** Runs `send(i)` for every event with at most WINDOW unfinished at once. */
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

/** Sends `count` events at `ratePerSecond` (in 10 ms ticks), not waiting for confirms before the next tick. */
async function paced(count: number, ratePerSecond: number, send: (i: number) => Promise<unknown>): Promise<void> {
  const perTick = Math.max(1, Math.round(ratePerSecond / 100));
  const inFlight: Promise<unknown>[] = [];
  for (let next = 0; next < count; ) {
    for (let k = 0; k < perTick && next < count; k++) inFlight.push(send(next++));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await Promise.all(inFlight);
}

/** Publishes every event with `publish` (saturated or paced), waits until the consumer saw them all, and measures. */
async function measure(
  publish: (i: number) => Promise<unknown>,
  { sentAt, latencies, allReceived, count }: ReturnType<typeof receiver>,
  ratePerSecond?: number,
): Promise<Result> {
  const start = performance.now();
  const send = (i: number) => {
    sentAt[i] = performance.now();
    return publish(i);
  };
  await (ratePerSecond ? paced(count, ratePerSecond, send) : windowed(send));
  const publishSeconds = (performance.now() - start) / 1000;
  await allReceived;
  latencies.sort((a, b) => a - b);
  return { publishPerSecond: count / publishSeconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

function receiver(count: number) {
  const latencies: number[] = [];
  const sentAt = new Float64Array(count);
  let resolve!: () => void;
  const allReceived = new Promise<void>((r) => {
    resolve = r;
  });
  const received = (i: number) => {
    latencies.push(performance.now() - sentAt[i]!);
    if (latencies.length === count) resolve();
  };
  return { latencies, sentAt, allReceived, received, count };
}

interface Phases {
  saturated: Result;
  paced: Result;
}

async function throughLibrary(amqpUrl: string): Promise<Phases> {
  const events = makeEvents();
  const index = new Map(events.map((e, i) => [e.id, i]));
  let r = receiver(N);
  const connection = new BrokerConnection({ url: amqpUrl, connectionName: "bench-lib" });
  await connection.start();
  const consumerConnection = new BrokerConnection({ url: amqpUrl, connectionName: "bench-lib-consumer" });
  await consumerConnection.start();
  const consumer = new EventConsumer(consumerConnection, { exchange: EXCHANGE, queue: "lib", prefetch: 200 });
  consumer.on(enquirySubmittedV1, async (event) => r.received(index.get(event.id)!));
  await consumer.start();
  const publisher = new EventPublisher(connection, { exchange: EXCHANGE });
  await publisher.start();
  const saturated = await measure((i) => publisher.publish(events[i]!), r);
  r = receiver(Math.floor(N / 4));
  const paced = await measure((i) => publisher.publish(events[i]!), r, PACED_RATE);
  await consumer.close();
  await publisher.close();
  await Promise.all([connection.close(), consumerConnection.close()]);
  return { saturated, paced };
}

async function throughBareAmqplib(amqpUrl: string): Promise<Phases> {
  const events = makeEvents();
  const index = new Map(events.map((e, i) => [e.id, i]));
  let r = receiver(N);
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
  const saturated = await measure(publishOne, r);
  r = receiver(Math.floor(N / 4));
  const paced = await measure(publishOne, r, PACED_RATE);
  await Promise.all([publishing.close(), consuming.close()]);
  return { saturated, paced };
}

const vhost = await isolatedVhost("bench");
try {
  const bare = await throughBareAmqplib(vhost.amqpUrl);
  const library = await throughLibrary(vhost.amqpUrl);
  const row = (name: string, r: Result) =>
    `  ${name.padEnd(16)} ${r.publishPerSecond.toFixed(0).padStart(7)} msg/s   p50 ${r.p50.toFixed(1).padStart(7)} ms   p99 ${r.p99.toFixed(1).padStart(7)} ms`;
  const ratios = (a: Result, b: Result) =>
    `  ratio library/bare: rate ${(a.publishPerSecond / b.publishPerSecond).toFixed(2)}, ` +
    `p50 ${(a.p50 / b.p50).toFixed(2)}, p99 ${(a.p99 / b.p99).toFixed(2)}`;
  console.log(`bus benchmark: persistent events, quorum queues, one broker on loopback`);
  console.log(`saturated: ${N} events, confirm window ${WINDOW}`);
  console.log(row("bare amqplib", bare.saturated));
  console.log(row("libs/messaging", library.saturated));
  console.log(ratios(library.saturated, bare.saturated));
  console.log(`paced: ${Math.floor(N / 4)} events at ${PACED_RATE} msg/s (end-to-end latency without queueing)`);
  console.log(row("bare amqplib", bare.paced));
  console.log(row("libs/messaging", library.paced));
  console.log(ratios(library.paced, bare.paced));
} finally {
  await vhost.cleanup();
}
