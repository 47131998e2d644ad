import { enquirySubmittedV1 } from "@storefront/contracts";
import { eventually, localBroker } from "@storefront/testing";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { EventConsumer } from "../src/consumer.js";
import { busFixture, EXCHANGE, sampleEvent } from "./bus-fixture.js";

let bus: Awaited<ReturnType<typeof busFixture>>;
beforeEach(async () => {
  bus = await busFixture("restart");
});
afterEach(async () => {
  await bus.close();
});
afterAll(async () => {
  // Whatever happened above, leave the broker running for the suites after this one.
  await localBroker.startApp().catch(() => {});
});

describe("across a broker restart (rabbitmqctl stop_app / start_app)", () => {
  it("keeps publishing: messages sent while the broker is down are confirmed once it is back, and delivered", async () => {
    const received = new Set<string>();
    const consumer = new EventConsumer(await bus.connect("consumer"), { exchange: EXCHANGE, queue: "notification" });
    consumer.on(enquirySubmittedV1, async (event) => {
      received.add(event.id);
    });
    await consumer.start();
    bus.track(consumer);
    const publisher = await bus.publisher();

    const before = Array.from({ length: 50 }, (_, i) => sampleEvent(`before ${i}`));
    await Promise.all(before.map((event) => publisher.publish(event)));

    await localBroker.stopApp();
    const during = Array.from({ length: 50 }, (_, i) => sampleEvent(`during ${i}`));
    const confirmations = during.map((event) => publisher.publish(event));
    let settled = false;
    void Promise.allSettled(confirmations).then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(settled).toBe(false); // nothing can be confirmed while the broker is down
    await localBroker.startApp();

    const results = await Promise.all(confirmations);
    expect(results.every((r) => r.routed)).toBe(true);
    const after = sampleEvent("after");
    await publisher.publish(after);

    const expected = [...before, ...during, after].map((event) => event.id);
    await eventually(() => expected.every((id) => received.has(id)), {
      what: "every event delivered after the restart",
      timeoutMs: 30_000,
    });
    expect(received.size).toBe(expected.length);
  });
});
