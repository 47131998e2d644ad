import { eventually, localBroker } from "@storefront/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutProcesses } from "./process-fixture.js";

let shop: Awaited<ReturnType<typeof checkoutProcesses>>;
beforeAll(async () => {
  shop = await checkoutProcesses("brokerstop");
}, 60_000);
afterAll(async () => {
  await localBroker.startApp().catch(() => {});
  await shop?.close();
});

describe("RabbitMQ stopped and started in the middle of a checkout", () => {
  it("takes orders and payments while the broker is down and publishes each order.paid once it is back", async () => {
    const before = await shop.createOrder("1732262400400before");
    await localBroker.stopApp();
    try {
      // The shop keeps selling: orders and payments need the database and the provider, not the broker.
      const during = await shop.createOrder("1732262400400during");
      await shop.pay(before);
      await shop.pay(during);
      await shop.waitForPaid("1732262400400before");
      await shop.waitForPaid("1732262400400during");
    } finally {
      await localBroker.startApp();
    }
    for (const orderId of ["1732262400400before", "1732262400400during"]) {
      await eventually(async () => (await shop.paidMessages(orderId)).length === 1, {
        what: `${orderId}'s order.paid after the broker came back`,
        timeoutMs: 60_000,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await shop.paidMessages("1732262400400before")).toHaveLength(1);
    expect(await shop.paidMessages("1732262400400during")).toHaveLength(1);
  });
});
