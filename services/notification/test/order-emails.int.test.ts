import { type OrderDelivery, orderStatusChangedV2, SHOP } from "@storefront/contracts";
import { eventually, maildev, uniqueName } from "@storefront/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationFixture, SHOP_INBOX } from "./notification-fixture.js";

let fixture: Awaited<ReturnType<typeof notificationFixture>>;
beforeAll(async () => {
  fixture = await notificationFixture("notification_orders", {
    PUBLIC_URL: "https://shop.gokul-mithai.test",
    SHOP_NAME: `Gokul ${uniqueName("orders")}`,
  });
});
afterAll(async () => {
  await fixture?.close();
});

const statusChanged = (
  orderId: string,
  from: "PAID" | "Preparing",
  to: "Preparing" | "Dispatched" | "PAID",
  reachedBefore?: true,
  delivery?: OrderDelivery,
) =>
  orderStatusChangedV2.create(
    {
      orderId,
      from,
      to,
      changedBy: "admin@shop.example",
      changedAt: "2026-11-23T10:00:00.000Z",
      customer: { name: "Asha Patil", email: "asha@example.in" },
      shippingAddress: "Flat 4, Sai Krupa Society, Pune, Maharashtra-411001",
      lines: [{ name: "Ukadiche Modak", weight: "500 Gram", quantity: 2 }],
      ...(reachedBefore ? { reachedBefore } : {}),
      ...(delivery ? { delivery } : {}),
    },
    { correlationId: "status-test" },
  );

describe("order status emails", () => {
  it("tells the customer once that the order is being prepared, and that it is dispatched with delivery times", async () => {
    const orderId = `${Date.now()}status`;
    const preparing = statusChanged(orderId, "PAID", "Preparing");
    await fixture.publish(preparing);
    await fixture.publish(preparing);
    await fixture.publish(statusChanged(orderId, "Preparing", "Dispatched"));
    const shop = fixture.config.SHOP_NAME;
    const prepared = await eventually(
      async () => {
        const caught = await maildev.withSubject(`Your ${shop} order ${orderId} is being prepared`);
        return caught.length > 0 && caught;
      },
      { what: "the preparing email" },
    );
    const [dispatched] = await eventually(
      async () => {
        const caught = await maildev.withSubject(`Your ${shop} order ${orderId} is on its way`);
        return caught.length > 0 && caught;
      },
      { what: "the dispatched email" },
    );
    expect(dispatched!.text).toContain("5 to 15 business days");
    expect(dispatched!.text).toContain(`https://shop.gokul-mithai.test/orders/${orderId}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await maildev.withSubject(`Your ${shop} order ${orderId} is being prepared`)).toHaveLength(1);
    expect(prepared[0]!.to).toEqual([expect.objectContaining({ address: "asha@example.in" })]);
  });

  it("tells a pickup shopper the order is ready at the shop, from the shop's own address, never India Post", async () => {
    const orderId = `${Date.now()}pickup`;
    const pickup = { kind: "pickup" as const, name: "Pickup", date: "2026-11-28", slotLabel: "11 am - 2 pm" };
    await fixture.publish(statusChanged(orderId, "Preparing", "Dispatched", undefined, pickup));
    const subject = `Your ${fixture.config.SHOP_NAME} order ${orderId} is ready for pickup`;
    const [ready] = await eventually(
      async () => {
        const caught = await maildev.withSubject(subject);
        return caught.length > 0 && caught;
      },
      { what: "the ready-for-pickup email" },
    );
    expect(ready!.text).toContain(`ready for pickup at our shop, ${SHOP.address}, on Sat, 28 Nov, 11 am - 2 pm.`);
    expect(ready!.text).not.toContain("India Post");
    expect(ready!.text).not.toContain("Sai Krupa Society");
    // Replies and the From go to the shop's public address (SHOP), never the enquiry inbox or a development one.
    expect(ready!.replyTo).toEqual([expect.objectContaining({ address: SHOP.email })]);
    expect(ready!.headers.from).toContain(SHOP.email);
    expect(JSON.stringify(ready)).not.toContain("storefront.local");
    expect(JSON.stringify(ready)).not.toContain(SHOP_INBOX);
    await maildev.deleteWithSubject(subject);
  });

  it("sends nothing when an order goes back to PAID", async () => {
    const orderId = `${Date.now()}paid`;
    const event = statusChanged(orderId, "Preparing", "PAID");
    await fixture.publish(event);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await fixture.delivery(`${event.id}:order-status`)).toBeNull();
  });

  it("sends nothing for a step the order had reached before (moved back and forward again)", async () => {
    const orderId = `${Date.now()}again`;
    const again = statusChanged(orderId, "PAID", "Preparing", true);
    await fixture.publish(again);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await fixture.delivery(`${again.id}:order-status`)).toBeNull();
    expect(await maildev.withSubject(`Your ${fixture.config.SHOP_NAME} order ${orderId} is being prepared`)).toEqual(
      [],
    );
  });
});
