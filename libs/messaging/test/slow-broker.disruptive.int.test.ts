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

/**
 * A lease far shorter than the wait for confirms below: only its renewal (every third of it) keeps the second relay
 * away. Long enough that a renewal delayed by a loaded database (the disruptive suites run beside the integration
 * suites) still lands in time: at 1.5 s, a renewal a second late let the second relay claim in a CI run.
 */
const LEASE_MS = 3000;
/** Far beyond the block below plus a slow rabbitmqctl: a publish that times out would read as a refusal. */
const CONFIRM_TIMEOUT_MS = 60_000;

/** A relay as one service instance runs it: its own connection and publisher; counts the publishes it tries. */
async function instance(name: string) {
  const publisher = bus.track(
    new EventPublisher(await bus.connect(name), { exchange: EXCHANGE, confirmTimeoutMs: CONFIRM_TIMEOUT_MS }),
  );
  await publisher.start();
  const tried = { publishes: 0 };
  const publish = publisher.publish.bind(publisher);
  publisher.publish = (event) => {
    tried.publishes++;
    return publish(event);
  };
  const relay = new OutboxRelay({ database: bus.database.db, collections: ["orders"], publisher, leaseMs: LEASE_MS });
  await relay.ensureIndexes();
  return { relay, tried };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    const first = await instance("relay-a");
    const second = await instance("relay-b");

    await localBroker.blockPublishers();
    const firstPass = first.relay.runOnce(); // claims every document, then waits for confirms that do not come
    await eventually(() => first.tried.publishes === 20, { what: "the first relay's 20 publishes" });
    await sleep(3 * LEASE_MS);
    // The second instance polls meanwhile, three leases later: the first renewed its claim on every document, so the
    // second claims none and tries no publish (one it tried would wait for the blocked broker: not awaited whole).
    const secondPass = second.relay.runOnce();
    await Promise.race([secondPass, sleep(LEASE_MS)]);
    expect(second.tried.publishes).toBe(0);
    await localBroker.unblockPublishers();

    expect(await secondPass).toBe(0);
    expect(await firstPass).toBe(20);
    await eventually(() => received.length >= 20, { what: "the 20 events", timeoutMs: 20_000 });
    await sleep(1000); // room for a duplicate to show up
    expect(received.map((event) => event.id).sort()).toEqual(events.map((event) => event.id).sort());
    expect(await bus.database.db.collection("orders").countDocuments({ outboxPending: true })).toBe(0);
  });
});
