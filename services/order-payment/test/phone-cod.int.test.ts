import { createHmac } from "node:crypto";
import { PHONE_DEV_SECRETS } from "@storefront/config";
import { addDays, formatRupees, indiaDayKey, PHONE_UPDATES_NOTICE } from "@storefront/contracts";
import { bringTheMorning, eventually, MANY_ORDERS_FROM_ONE_SHOPPER } from "@storefront/testing";
import { describe, expect, it } from "vitest";
import { checkoutShop } from "./checkout-shop.js";
import { phoneServers } from "./phone-servers.js";

/**
 * A cash order confirmed on the shopper's phone (docs/messaging.md, Cash on delivery), on the real servers:
 * order-payment in this process, notification and the messaging sandbox as processes of their builds on this file's
 * vhost, the sandbox's webhooks signed and sent straight to notification. A guest's cash order placed with the box
 * ticked gets the `cod_confirm` template in its language; five taps on Confirm confirm it once, Cancel fails it and
 * gives its units back once, a tap from another number changes nothing, STOP holds back the next send, and a number
 * WhatsApp refuses gets the same template by SMS.
 */
const shop = checkoutShop("phone-cod", "sandbox-secret-for-the-phone-cod-test", {
  queues: {
    "test.phone": ["order.cash-on-delivery.confirmed", "order.payment-failed", "order.address-change.requested"],
  },
  env: { ...MANY_ORDERS_FROM_ONE_SHOPPER },
});
const { call, guestProof, stored } = shop;

const servers = phoneServers(shop, "phone-cod", {
  // The order's news owed at night waits for the sweep (below, morningComes): a second's sweep, not a minute's.
  PHONE_HELD_SWEEP_EVERY_MS: "1000",
});

const run = Date.now().toString(36).slice(-5);
let seq = 0;
const newOrderId = () => `1797${String(++seq).padStart(6, "0")}${run}pc`;
/** A mobile of this test's own (the sandbox's inbox is shared): 9 and nine random digits. */
const newMobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
const emailOf = (orderId: string) => `${orderId.toLowerCase()}@phone-cod.example`;
const consent = { channel: "whatsapp", noticeVersion: PHONE_UPDATES_NOTICE.version };
const WAI = "House 9, Ganpati Ali, Wai, Wai, Satara, Maharashtra-412803";
const day = addDays(indiaDayKey(new Date()), 2);

/** A guest's cash order of one 250 g karanji to Wai, with the box ticked unless told otherwise. */
async function codOrder(mobile: string, patch: Record<string, unknown> = { phoneUpdates: consent }) {
  const orderId = newOrderId();
  const placed = await call("POST", "/api/payment/create-order", guestProof(emailOf(orderId)), {
    orderId,
    customerName: "Sunita More",
    customerEmail: emailOf(orderId),
    mobile,
    products: [{ productId: "karanji", selectedWeight: "250 Gram", selectedQuantity: 1 }],
    shippingAddress: WAI,
    delivery: { zoneId: "wai", date: day, slotId: "17-20" },
    paymentMethod: "cash-on-delivery",
    ...patch,
  });
  expect(placed.status).toBe(200);
  return orderId;
}

async function eventsOf(orderId: string, type: string) {
  return (await shop.places.vhost.peek("test.phone", 500))
    .map((message) => JSON.parse(message.payload) as { type: string; data: Record<string, unknown> })
    .filter((event) => event.type === type && event.data.orderId === orderId);
}
async function publishedOnce(orderId: string, type: string) {
  await eventually(async () => (await eventsOf(orderId, type)).length > 0, { what: `${type} of ${orderId}` });
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(await eventsOf(orderId, type)).toHaveLength(1);
}
const settle = (ms = 2_500) => new Promise((resolve) => setTimeout(resolve, ms));
const kitchenHold = async (orderId: string) =>
  (await shop.places.ordersDb.db.collection<{ _id: string; state: string }>("kitchen_holds").findOne({ _id: orderId }))
    ?.state;
const phoneSend = (id: string) =>
  servers.notificationDb.db
    .collection<{ _id: string; state: string; channel?: string; messageId?: string; failures?: string[] }>(
      "phone_sends",
    )
    .findOne({ _id: id });

/** An order update owed at night is held for 08:00 India time: the test brings its morning (libs/testing). */
const morningComes = (id: string) => bringTheMorning(servers.notificationDb.db, id);

describe("a cash order confirmed on the phone", () => {
  it("sends cod_confirm in Marathi to a Marathi order's number, and five taps on Confirm confirm it once", async () => {
    const mobile = newMobile();
    const orderId = await codOrder(mobile, { phoneUpdates: consent, language: "mr" });
    const order = await stored(orderId);
    expect(order?.phoneUpdates).toMatchObject({
      channel: "whatsapp",
      noticeVersion: PHONE_UPDATES_NOTICE.version,
      mobile: `91${mobile}`,
    });
    const message = await servers.phone.latestTo(`91${mobile}`, { template: "cod_confirm" });
    expect(message.channel).toBe("whatsapp");
    expect(message.template?.language).toBe("mr");
    expect(servers.phone.variable(message, "order_id")).toBe(orderId);
    expect(servers.phone.variable(message, "total")).toBe(formatRupees(order?.charges.totalPaise ?? 0));
    expect(message.template?.buttons.map((button) => button.payload)).toEqual([
      `order:confirm:${orderId}`,
      `order:change-address:${orderId}`,
      `order:cancel:${orderId}`,
    ]);
    // Sent once, and its states recorded by its provider id from the sandbox's signed webhooks, as any message's.
    const sent = await eventually(
      async () => {
        const found = await phoneSend(`cod_confirm:${orderId}`);
        return found?.state === "sent" && found;
      },
      { what: "the send recorded" },
    );
    expect(sent).toMatchObject({ channel: "whatsapp" });
    await eventually(
      async () =>
        (
          await servers.notificationDb.db
            .collection<{ _id: string; state: string }>("phone_messages")
            .findOne({ _id: `whatsapp:${sent?.messageId}` })
        )?.state === "delivered",
      { what: "the message delivered", timeoutMs: 15_000 },
    );

    await Promise.all(Array.from({ length: 5 }, () => servers.phone.press(message.id, 0)));
    await eventually(async () => (await stored(orderId))?.paymentStatus === "COD", { what: "confirmed by the tap" });
    expect(await stored(orderId)).toMatchObject({ paymentStatus: "COD", orderStatus: "Waiting" });
    await publishedOnce(orderId, "order.cash-on-delivery.confirmed");
    expect(await kitchenHold(orderId)).toBe("sold");
    // Cancel once it is confirmed: nothing changes, nothing is answered.
    await servers.phone.press(message.id, 2);
    await settle();
    expect(await stored(orderId)).toMatchObject({ paymentStatus: "COD", orderStatus: "Waiting" });
    expect(await eventsOf(orderId, "order.payment-failed")).toEqual([]);
    // One message of each, however many events: the order's placing is told once, its confirmation once
    // (docs/messaging.md, Order updates).
    await morningComes(`order_confirmed:${orderId}`);
    await servers.phone.latestTo(`91${mobile}`, { template: "order_confirmed" });
    await settle();
    expect(
      (await servers.phone.messagesTo(`91${mobile}`)).filter((m) => m.direction === "out").map((m) => m.template?.name),
    ).toEqual(["cod_confirm", "order_confirmed"]);
  });

  it("sends nothing to a shopper who left the box unticked", async () => {
    const mobile = newMobile();
    const orderId = await codOrder(mobile, {});
    expect((await stored(orderId))?.phoneUpdates).toBeUndefined();
    await settle();
    expect(await servers.phone.messagesTo(`91${mobile}`)).toEqual([]);
  });

  it("cancels on Cancel, its units given back once; a Confirm afterwards changes nothing", async () => {
    const mobile = newMobile();
    const orderId = await codOrder(mobile);
    expect(await kitchenHold(orderId)).toBe("held");
    const message = await servers.phone.latestTo(`91${mobile}`, { template: "cod_confirm" });
    expect(message.template?.language).toBe("en");
    await Promise.all([servers.phone.press(message.id, 2), servers.phone.press(message.id, 2)]);
    await eventually(async () => (await stored(orderId))?.paymentStatus === "FAILED", { what: "cancelled" });
    expect((await stored(orderId))?.failure?.reason).toBe("cancelled-by-shopper-phone");
    await publishedOnce(orderId, "order.payment-failed");
    expect(await kitchenHold(orderId)).toBe("released");
    const karanji = await shop.places.ordersDb.db
      .collection<{ _id: string; heldFor?: Record<string, number> }>("kitchen_days")
      .findOne({ _id: `karanji#${day}` });
    expect(karanji?.heldFor?.[orderId]).toBeUndefined();

    await servers.phone.press(message.id, 0);
    await settle();
    expect((await stored(orderId))?.paymentStatus).toBe("FAILED");
    expect(await eventsOf(orderId, "order.cash-on-delivery.confirmed")).toEqual([]);
  });

  it("refuses a tap for the order from another number: nothing changes", async () => {
    const mobile = newMobile();
    const orderId = await codOrder(mobile);
    await servers.phone.latestTo(`91${mobile}`, { template: "cod_confirm" });
    // A signed webhook (WhatsApp's own word) of a button with this order's payload, from someone else's servers.phone.
    const stranger = `91${newMobile()}`;
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "102290129340398",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "919822000000", phone_number_id: "100000000000001" },
                contacts: [{ profile: { name: "Someone" }, wa_id: stranger }],
                messages: [
                  {
                    from: stranger,
                    id: `wamid.stranger${orderId}`,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: "button",
                    button: { payload: `order:confirm:${orderId}`, text: "Confirm" },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const signature = `sha256=${createHmac("sha256", PHONE_DEV_SECRETS.whatsappAppSecret).update(body).digest("hex")}`;
    const answer = await fetch(`${servers.notificationUrl}/api/notify/webhooks/whatsapp`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signature },
      body,
    });
    expect(answer.status).toBe(200);
    await eventually(
      async () =>
        Boolean(
          await servers.notificationDb.db
            .collection<{ _id: string }>("phone_replies")
            .findOne({ _id: `whatsapp:wamid.stranger${orderId}` }),
        ),
      { what: "the stranger's reply recorded" },
    );
    await settle();
    expect(await stored(orderId)).toMatchObject({ paymentStatus: "PENDING", orderStatus: "Pending" });
    expect(await kitchenHold(orderId)).toBe("held");
  });

  it("answers Change address with the order page's link; after STOP the next send is held back", async () => {
    const mobile = newMobile();
    const orderId = await codOrder(mobile);
    const message = await servers.phone.latestTo(`91${mobile}`, { template: "cod_confirm" });
    await servers.phone.press(message.id, 1);
    const link = await eventually(
      async () => (await servers.phone.messagesTo(`91${mobile}`)).find((m) => m.direction === "out" && m.text),
      { what: "the order page's link" },
    );
    expect(link.text).toContain(`https://shop.example/orders/${orderId}`);
    expect((await stored(orderId))?.paymentStatus).toBe("PENDING");

    await servers.phone.reply(`91${mobile}`, "  stop ");
    await eventually(
      async () =>
        Boolean(await servers.notificationDb.db.collection("phone_opt_outs").findOne({ _id: `91${mobile}` as never })),
      { what: "the STOP recorded" },
    );
    const outBefore = (await servers.phone.messagesTo(`91${mobile}`)).filter((m) => m.direction === "out").length;
    const tap = await servers.phone.press(message.id, 1);
    await publishedOnce(orderId, "order.address-change.requested").catch(() => undefined);
    await eventually(
      async () =>
        (
          await servers.notificationDb.db.collection<{ _id: string; state: string }>("phone_sends").find({}).toArray()
        ).some((send) => send._id.startsWith("order_link:") && send.state === "skipped"),
      { what: "the link held back by the STOP" },
    );
    await settle();
    expect((await servers.phone.messagesTo(`91${mobile}`)).filter((m) => m.direction === "out")).toHaveLength(
      outBefore,
    );
    expect(tap.direction).toBe("in");

    // A new order with the box ticked after the STOP is consent again, for that order (docs/messaging.md, STOP).
    const again = await codOrder(mobile);
    const second = await servers.phone.latestTo(`91${mobile}`, { template: "cod_confirm", after: 1 });
    expect(servers.phone.variable(second, "order_id")).toBe(again);
  });

  it("sends the same template by SMS when WhatsApp refuses the number", async () => {
    const mobile = newMobile();
    await servers.phone.failWhatsApp({ numbers: [`91${mobile}`], how: "reject" });
    try {
      const orderId = await codOrder(mobile, { phoneUpdates: consent, language: "mr" });
      const sms = await servers.phone.latestTo(`91${mobile}`, { channel: "sms" });
      expect(sms.sms?.templateId).toBe("cod_confirm.mr");
      expect(servers.phone.variable(sms, "order_id")).toBe(orderId);
      const send = await eventually(
        async () => {
          const found = await phoneSend(`cod_confirm:${orderId}`);
          return found?.state === "sent" && found;
        },
        { what: "the send recorded" },
      );
      expect(send).toMatchObject({ channel: "sms" });
      expect(send.failures?.[0]).toMatch(/^whatsapp: WhatsApp 400 code 131026/);
    } finally {
      await servers.phone.failWhatsApp({ numbers: [] });
    }
  });

  it("tells a confirmed order's news: confirmed once, out for delivery with its slot when the owner sends it", async () => {
    const mobile = newMobile();
    const orderId = await codOrder(mobile);
    const message = await servers.phone.latestTo(`91${mobile}`, { template: "cod_confirm" });
    await Promise.all([servers.phone.press(message.id, 0), servers.phone.press(message.id, 0)]);
    await eventually(async () => (await stored(orderId))?.paymentStatus === "COD", { what: "confirmed by the tap" });
    await morningComes(`order_confirmed:${orderId}`);
    const confirmed = await servers.phone.latestTo(`91${mobile}`, { template: "order_confirmed" });
    expect(servers.phone.variable(confirmed, "order_id")).toBe(orderId);
    expect(servers.phone.variable(confirmed, "customer_name")).toBe("Sunita More");
    expect(servers.phone.variable(confirmed, "total")).toBe(
      formatRupees((await stored(orderId))?.charges.totalPaise ?? 0),
    );

    // The owner moves it through the kitchen and sends it on its way (the admin's status route).
    const move = (orderStatus: string) =>
      call("POST", "/api/payment/update-status", shop.adminToken(), { orderId, orderStatus });
    expect((await move("Preparing")).status).toBe(200);
    expect((await move("Dispatched")).status).toBe(200);
    await morningComes(`out_for_delivery:${orderId}`);
    const onItsWay = await servers.phone.latestTo(`91${mobile}`, { template: "out_for_delivery" });
    expect(servers.phone.variable(onItsWay, "slot")).toBe((await stored(orderId))?.delivery?.slotLabel);
    expect(servers.phone.variable(onItsWay, "order_id")).toBe(orderId);
    expect((await move("Delivered")).status).toBe(200);
    await morningComes(`delivered:${orderId}`);
    await servers.phone.latestTo(`91${mobile}`, { template: "delivered" });
    await settle();
    // Each once: cod_confirm, order_confirmed, out_for_delivery, delivered (Preparing tells nothing).
    expect(
      (await servers.phone.messagesTo(`91${mobile}`)).filter((m) => m.direction === "out").map((m) => m.template?.name),
    ).toEqual(["cod_confirm", "order_confirmed", "out_for_delivery", "delivered"]);
  });

  it("sends the same template by SMS once when WhatsApp takes the message and later says it failed", async () => {
    const mobile = newMobile();
    await servers.phone.failWhatsApp({ numbers: [`91${mobile}`], how: "undeliverable" });
    try {
      const orderId = await codOrder(mobile);
      const sms = await servers.phone.latestTo(`91${mobile}`, { channel: "sms" });
      expect(sms.sms?.templateId).toBe("cod_confirm.en");
      expect(servers.phone.variable(sms, "order_id")).toBe(orderId);
      expect(await phoneSend(`cod_confirm:${orderId}`)).toMatchObject({ state: "sent", channel: "whatsapp" });
      expect(await phoneSend(`cod_confirm:${orderId}:sms`)).toMatchObject({ state: "sent", channel: "sms" });
      await settle();
      expect((await servers.phone.messagesTo(`91${mobile}`)).filter((m) => m.channel === "sms")).toHaveLength(1);
    } finally {
      await servers.phone.failWhatsApp({ numbers: [] });
    }
  });
});
