import { eventually } from "@storefront/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutProcesses } from "./process-fixture.js";

let shop: Awaited<ReturnType<typeof checkoutProcesses>>;
beforeAll(async () => {
  shop = await checkoutProcesses("crash");
}, 60_000);
afterAll(async () => {
  await shop?.close();
});

/**
 * Refuses (or grants again) the service's right to publish to the test's vhost: the broker answers 403. Its own
 * queues stay writable (binding them needs it), so the restarted service can declare its consumer.
 */
const publishing = (allowed: boolean) =>
  shop.vhost.management.request(
    "PUT",
    `/permissions/${encodeURIComponent(shop.vhost.vhost)}/${encodeURIComponent("guest")}`,
    { configure: ".*", write: allowed ? ".*" : "^order-payment(\\..+)?$", read: ".*" },
  );

describe("order-payment killed between the PAID write and the publish", () => {
  it("publishes order.paid once after it is restarted", async () => {
    const session = await shop.createOrder("1732262400300crash");
    // The broker now refuses the service's publishes: the order's state and its event are written, the event stays.
    await publishing(false);
    await shop.pay(session);
    await shop.waitForPaid("1732262400300crash");
    const written = await shop.stored("1732262400300crash");
    expect(written?.outbox?.map((event) => event.type)).toEqual(["order.paid"]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await shop.paidMessages("1732262400300crash")).toHaveLength(0);

    await shop.restart("SIGKILL");
    await publishing(true);
    // The dead process's relay had claimed the order for its 30 s lease: the new one takes over when it ends.
    await eventually(async () => (await shop.paidMessages("1732262400300crash")).length === 1, {
      what: "order.paid published by the restarted service",
      timeoutMs: 45_000,
    });
    await eventually(async () => !(await shop.stored("1732262400300crash"))?.outboxPending, { what: "outbox cleared" });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await shop.paidMessages("1732262400300crash")).toHaveLength(1);
  }, 90_000);
});
