import { type EventEnvelope, orderPaidV1 } from "@storefront/contracts";
import { eventually, localBroker } from "@storefront/testing";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { EventConsumer } from "../src/consumer.js";
import { outboxForInsert } from "../src/outbox.js";
import { OutboxRelay } from "../src/outbox-relay.js";
import { OutboxWriter } from "../src/outbox-writer.js";
import { EventPublisher } from "../src/publisher.js";
import { busFixture, EXCHANGE } from "./bus-fixture.js";
import { samplePaidEvent } from "./sample-paid-event.js";

/**
 * Two relays (two instances of a service) over one outbox while the broker is blocked by a memory alarm: the relay
 * that claimed the events waits for its confirms, and the other must not send them again meanwhile.
 */
let bus: Awaited<ReturnType<typeof busFixture>>;
beforeEach(async () => {
  bus = await busFixture("slow-broker");
});
afterEach(async () => {
  await localBroker.unblockPublishers();
  await bus.close();
});
afterAll(async () => {
  // Whatever happened above, leave the broker taking messages for the suites after this one.
  await localBroker.unblockPublishers().catch(() => {});
});

const paid = (orderId: string) => samplePaidEvent(orderId, "slow-broker-test");

/** A lease far shorter than the wait for confirms below: only its renewal keeps the second relay away. */
const LEASE_MS = 1500;

/** A relay as one service instance runs it: its own connection and publisher (confirm timeout as given). */
async function instance(name: string, confirmTimeoutMs: number) {
  const publisher = bus.track(new EventPublisher(await bus.connect(name), { exchange: EXCHANGE, confirmTimeoutMs }));
  await publisher.start();
  const relay = new OutboxRelay({ database: bus.database.db, collections: ["orders"], publisher, leaseMs: LEASE_MS });
  await relay.ensureIndexes();
  return relay;
}

describe("the outbox relay on a broker that stopped taking messages", () => {
  it("publishes each event once with two relays, however long the confirms take", async () => {
    const received: EventEnvelope[] = [];
    const consumer = bus.track(
      new EventConsumer(await bus.connect("billing"), { exchange: EXCHANGE, queue: "billing" }),
    );
    consumer.on(orderPaidV1, async (event) => {
      received.push(event);
    });
    await consumer.start();
    const events = Array.from({ length: 20 }, (_, i) => paid(`slow-${i}`));
    const orders = bus.database.db.collection<{ _id: string }>("orders");
    const writer = new OutboxWriter(bus.database.db);
    for (const event of events) {
      await writer.write("orders", event.data.orderId, () =>
        orders.insertOne({ _id: event.data.orderId, ...outboxForInsert(event) }),
      );
    }
    const first = await instance("relay-a", 12_000);
    const second = await instance("relay-b", 12_000);

    await localBroker.blockPublishers();
    const firstPass = first.runOnce(); // claims every document, then waits for confirms that do not come
    await new Promise((resolve) => setTimeout(resolve, 4 * LEASE_MS));
    // The second instance polls meanwhile, four leases later: the first renewed its claim on every document.
    expect(await second.runOnce()).toBe(0);
    await localBroker.unblockPublishers();

    expect(await firstPass).toBe(20);
    await eventually(() => received.length >= 20, { what: "the 20 events", timeoutMs: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 1000)); // room for a duplicate to show up
    expect(received.map((event) => event.id).sort()).toEqual(events.map((event) => event.id).sort());
    expect(await bus.database.db.collection("orders").countDocuments({ outboxPending: true })).toBe(0);
  });
});
