import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type EventEnvelope, orderPaidV1 } from "@storefront/contracts";
import { insertOnce } from "@storefront/stores";
import { eventually } from "@storefront/testing";
import type { Collection } from "mongodb";
import { register } from "prom-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EventConsumer } from "../src/consumer.js";
import { type OutboxFields, outboxForInsert, withOutbox } from "../src/outbox.js";
import { OutboxRelay } from "../src/outbox-relay.js";
import { busFixture, EXCHANGE } from "./bus-fixture.js";

interface Order extends OutboxFields {
  _id: string;
  status: "PENDING" | "PAID";
}

let bus: Awaited<ReturnType<typeof busFixture>>;
let orders: Collection<Order>;
beforeEach(async () => {
  bus = await busFixture("outbox");
  orders = bus.database.db.collection<Order>("orders");
});
afterEach(async () => {
  await bus.close();
});

/** The relay works on any collection; it sees documents untyped. */
const untyped = () => bus.database.db.collection("orders");

function paidEvent(orderId: string) {
  return orderPaidV1.create(
    {
      orderId,
      customerName: "Asha Patil",
      customerEmail: "asha@example.in",
      amountPaise: 53_000,
      provider: "sandbox",
      paymentId: `pay_${orderId}`,
      paidAt: new Date().toISOString(),
    },
    { correlationId: "outbox-test" },
  );
}

/** A consumer of order.paid in the test's vhost that records what it receives. */
async function receivedPaidEvents() {
  const received: EventEnvelope<string, { orderId: string }>[] = [];
  const consumer = new EventConsumer(await bus.connect("billing"), { exchange: EXCHANGE, queue: "billing" });
  consumer.on(orderPaidV1, async (event) => {
    received.push(event);
  });
  await consumer.start();
  bus.track(consumer);
  return received;
}

async function relay() {
  const r = new OutboxRelay({ collections: [untyped()], publisher: await bus.publisher(), pollIntervalMs: 100 });
  await r.ensureIndexes();
  return r;
}

describe("outbox", () => {
  it("writes the state change and its event in one conditional update, or neither", async () => {
    await orders.insertOne({ _id: "o1", status: "PENDING" });
    const event = paidEvent("o1");
    const first = await orders.updateOne(
      { _id: "o1", status: "PENDING" },
      withOutbox({ $set: { status: "PAID" } }, event),
    );
    const second = await orders.updateOne(
      { _id: "o1", status: "PENDING" },
      withOutbox({ $set: { status: "PAID" } }, paidEvent("o1")),
    );
    expect([first.modifiedCount, second.modifiedCount]).toEqual([1, 0]);
    expect(await orders.findOne({ _id: "o1" })).toEqual({
      _id: "o1",
      status: "PAID",
      outbox: [event],
      outboxPending: true,
    });
  });

  it("publishes pending events with confirms, then clears them from the document", async () => {
    const received = await receivedPaidEvents();
    const event = paidEvent("o2");
    await orders.insertOne({ _id: "o2", status: "PAID", ...outboxForInsert(event) });
    expect(await (await relay()).runOnce()).toBe(1);
    await eventually(() => received.length === 1, { what: "relayed event" });
    expect(received[0]).toEqual(event);
    expect(await orders.findOne({ _id: "o2" })).toEqual({ _id: "o2", status: "PAID", outbox: [] });
  });

  it("loses nothing when the process dies between the state write and the publish", async () => {
    await orders.insertOne({ _id: "o3", status: "PENDING" });
    const fixture = fileURLToPath(new URL("./fixtures/write-then-die.ts", import.meta.url));
    const child = spawn(process.execPath, ["--import", "tsx", fixture, bus.database.url, bus.database.name, "o3"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    const signal = await new Promise((resolve) => child.on("exit", (_code, s) => resolve(s)));
    expect(signal).toBe("SIGKILL");
    const [, modified, eventId] = output.trim().split(" ");
    expect(modified).toBe("1");

    const received = await receivedPaidEvents();
    const restarted = await relay();
    restarted.start(); // the service comes back: its relay finds the event the dead process left behind
    bus.track({ close: () => restarted.stop() });
    await eventually(() => received.length === 1, { what: "event left by the killed process" });
    expect(received[0]?.id).toBe(eventId);
    expect(received[0]?.data.orderId).toBe("o3");
    await eventually(async () => (await orders.findOne({ _id: "o3" }))?.outboxPending === undefined, {
      what: "outbox cleared",
    });
  });

  it("lets several relays run at once, every event published and the effect had once", async () => {
    // The effect is keyed by order, as billing's receipt is: a relay that dies after publishing and before clearing
    // leaves its event for another to send again, and the key makes its effect happen once.
    const effects = bus.database.db.collection<{ _id: string }>("effects");
    const consumer = new EventConsumer(await bus.connect("billing"), {
      exchange: EXCHANGE,
      queue: "billing",
      retryDelaysMs: [100, 200, 400],
    });
    consumer.on(orderPaidV1, async (event) => {
      await insertOnce(effects, { _id: event.data.orderId });
    });
    await consumer.start();
    bus.track(consumer);

    const ids = Array.from({ length: 30 }, (_, i) => `o-${i}`);
    await orders.insertMany(ids.map((id) => ({ _id: id, status: "PAID" as const, ...outboxForInsert(paidEvent(id)) })));
    const relays = [await relay(), await relay(), await relay()];
    const published = await Promise.all(relays.map((r) => r.runOnce()));
    expect(published.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(30);

    await eventually(async () => (await effects.countDocuments()) === 30, { what: "30 effects", timeoutMs: 20_000 });
    expect(await orders.countDocuments({ outboxPending: true })).toBe(0);
  });

  it("keeps a second event pushed while the relay was publishing the first", async () => {
    await receivedPaidEvents();
    const first = paidEvent("o4");
    await orders.insertOne({ _id: "o4", status: "PAID", ...outboxForInsert(first) });
    const slowSink = await bus.publisher();
    const late = paidEvent("o4");
    const r = new OutboxRelay({
      collections: [untyped()],
      publisher: {
        publish: async (event) => {
          // While the first event is in flight the service writes another one to the same document.
          await orders.updateOne({ _id: "o4" }, withOutbox({ $set: { status: "PAID" } }, late));
          return slowSink.publish(event);
        },
      },
    });
    expect(await r.runOnce()).toBe(1);
    expect(await orders.findOne({ _id: "o4" })).toMatchObject({ outbox: [late], outboxPending: true });
  });
  it("never undoes a state change the service writes while the relay clears an event", async () => {
    await receivedPaidEvents();
    const r = new OutboxRelay({ collections: [untyped()], publisher: await bus.publisher() });
    await r.ensureIndexes();
    // Each round: the order is paid (an event in its outbox), then the next change lands while the relay is at work.
    // No lock in the process: each write is atomic in the database (upstream FerretDB lost the second change in
    // about 1 round in 10; docs/local-database.md).
    for (let round = 0; round < 20; round++) {
      const id = `race-${round}`;
      await orders.insertOne({ _id: id, status: "PAID", ...outboxForInsert(paidEvent(id)) });
      const relaying = r.runOnce();
      await orders.updateOne({ _id: id }, withOutbox({ $set: { status: "PENDING" } }, paidEvent(id)));
      await relaying;
      await r.runOnce();
      expect((await orders.findOne({ _id: id }))?.status, id).toBe("PENDING");
    }
  });

  it("logs an event the broker keeps refusing once, and counts every refusal in the metrics", async () => {
    const refused = async () =>
      (await register.getSingleMetric("outbox_publish_failures_total")?.get())?.values.find(
        (value) => value.labels.collection === "orders" && value.labels.type === "order.paid",
      )?.value ?? 0;
    const warnings: string[] = [];
    const logger = { debug() {}, info() {}, error() {}, warn: (_: object, msg?: string) => warnings.push(msg ?? "") };
    await orders.insertOne({ _id: "o-refused", status: "PAID", ...outboxForInsert(paidEvent("o-refused")) });
    const r = new OutboxRelay({
      collections: [untyped()],
      logger,
      publisher: {
        publish: async () => {
          throw new Error("ACCESS_REFUSED - access to exchange 'storefront.events' refused");
        },
      },
    });
    const before = await refused();
    for (let pass = 0; pass < 3; pass++) expect(await r.runOnce()).toBe(0);
    expect(warnings.filter((msg) => msg.startsWith("outbox publish failed"))).toHaveLength(1);
    expect(await refused()).toBe(before + 3);
    expect(await orders.findOne({ _id: "o-refused" })).toMatchObject({ outboxPending: true });
  });
});
