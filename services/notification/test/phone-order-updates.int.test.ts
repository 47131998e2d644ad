import { createHmac } from "node:crypto";
import {
  ApiPaths,
  type EventEnvelope,
  formatRupees,
  orderCancelledV1,
  orderCashOnDeliveryConfirmedV1,
  orderCashOnDeliveryPlacedV1,
  orderPaidV3,
  orderRefundProcessedV1,
  orderStatusChangedV2,
  PHONE_UPDATES_NOTICE,
  type PhoneUpdatesRecord,
  SHOP,
} from "@storefront/contracts";
import { closeDependencies, createLogger, type RunningServer, startServer } from "@storefront/http";
import { eventually, heldListed, SAMPLE_DELIVERIES, samplePaidOrder } from "@storefront/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotification } from "../src/app.js";
import type { PhoneSendDocument } from "../src/persistence/phone-sends.js";
import { notificationFixture } from "./notification-fixture.js";
import { providerFake, type ReceivedRequest, recorded } from "./phone-provider-fake.js";

/**
 * The order's news on the shopper's phone (docs/messaging.md, Order updates and Quiet hours) through notification's
 * real broker, database and routes, against provider stand-ins that give each message an id of its own: each event
 * sends its template once in the order's language with every variable filled, duplicates send once, no consent no
 * message, a STOP holds it back, a message owed at night is held and sent at 08:00 India time once by two instances
 * sweeping at once, and WhatsApp's later `failed` sends the same template by SMS once however often it is told.
 */
const APP_SECRET = "test-whatsapp-app-secret-order-updates";
const ist = (at: string) => new Date(`${at}+05:30`);
/** The test's clock: noon in India unless a case sets the night. */
let clock = ist("2026-11-27T12:00:00");

let whatsapp: Awaited<ReturnType<typeof providerFake>>;
let msg91: Awaited<ReturnType<typeof providerFake>>;
let fixture: Awaited<ReturnType<typeof notificationFixture>>;
let server: RunningServer;
let wamids = 0;

beforeAll(async () => {
  [whatsapp, msg91] = await Promise.all([providerFake(), providerFake()]);
  const answer = recorded("whatsapp-send.answer.json") as { messages: [{ id: string }] };
  whatsapp.answers(200, () => ({
    ...answer,
    messages: [{ id: `wamid.updates${++wamids}`, message_status: "accepted" }],
  }));
  let requests = 0;
  msg91.answers(200, () => ({ type: "success", message: `sms-updates-${++requests}` }));
  fixture = await notificationFixture(
    "phone-order-updates",
    {
      WHATSAPP_API_URL: whatsapp.url,
      MSG91_API_URL: msg91.url,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_PHONE_NUMBER_ID: "100000000000001",
      // The test sweeps by hand (runOnce at the clock it sets); the timer's own runs would read the real clock.
      PHONE_HELD_SWEEP_EVERY_MS: "3600000",
    },
    { now: () => clock },
  );
  const logger = createLogger({ service: "notification", level: "silent" });
  server = await startServer(fixture.service.app, { port: 0, host: "127.0.0.1", logger, shutdownGraceMs: 500 });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await fixture?.close();
  await Promise.all([whatsapp?.close(), msg91?.close()]);
});

const run = Date.now().toString(36).slice(-5);
let seq = 0;
const newOrderId = () => `1797${String(++seq).padStart(6, "0")}${run}ou`;
const newMobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
const consentFor = (mobile: string, consentedAt = "2026-11-20T10:00:00.000Z"): PhoneUpdatesRecord => ({
  channel: "whatsapp",
  noticeVersion: PHONE_UPDATES_NOTICE.version,
  mobile: `91${mobile}`,
  consentedAt,
});
const customer = { name: "Sunita More", email: "sunita@example.in" };
const lines = [{ name: "Ukadiche Modak", weight: "500 Gram" as const, quantity: 2 }];

/** What the WhatsApp stand-in was asked to send to `mobile`: template, language and variables by name. */
const whatsAppTo = (mobile: string) =>
  whatsapp.received
    .map((request) => request.body as WhatsAppSend)
    .filter((body) => body.to === `91${mobile}`)
    .map((body) => ({
      template: body.template.name,
      language: body.template.language.code,
      variables: Object.fromEntries(
        (body.template.components.find((component) => component.type === "body")?.parameters ?? []).map((p) => [
          p.parameter_name,
          p.text,
        ]),
      ),
    }));
interface WhatsAppSend {
  to: string;
  template: {
    name: string;
    language: { code: string };
    components: { type: string; parameters?: { parameter_name: string; text: string }[] }[];
  };
}
const smsTo = (mobile: string) =>
  msg91.received
    .map((request: ReceivedRequest) => request.body as { template_id: string; recipients: Record<string, string>[] })
    .filter((body) => body.recipients[0]?.mobiles === `91${mobile}`);
const send = (id: string) => fixture.database.db.collection<PhoneSendDocument>("phone_sends").findOne({ _id: id });
const settle = (ms = 1_500) => new Promise((resolve) => setTimeout(resolve, ms));
/** Each event published `times` times, all at once: a redelivery storm. */
const publish = (event: EventEnvelope, times = 1) =>
  Promise.all(Array.from({ length: times }, () => fixture.publish(event)));
async function sentOnce(mobile: string, template: string) {
  await eventually(() => whatsAppTo(mobile).some((message) => message.template === template), {
    what: `${template} to ${mobile}`,
  });
  await settle();
  const sent = whatsAppTo(mobile).filter((message) => message.template === template);
  expect(sent).toHaveLength(1);
  return sent[0] as NonNullable<(typeof sent)[0]>;
}

const statusChanged = (
  orderId: string,
  mobile: string | undefined,
  to: "Dispatched" | "Delivered" | "Preparing",
  delivery: (typeof SAMPLE_DELIVERIES)[keyof typeof SAMPLE_DELIVERIES] | undefined,
  patch: { language?: "mr"; reachedBefore?: true } = {},
) =>
  orderStatusChangedV2.create(
    {
      orderId,
      from: to === "Delivered" ? "Dispatched" : "Preparing",
      to,
      changedBy: "owner@shop.example",
      changedAt: clock.toISOString(),
      customer,
      shippingAddress: "House 9, Ganpati Ali, Wai, Satara, Maharashtra-412803",
      lines,
      ...(delivery ? { delivery } : {}),
      ...(mobile ? { phoneUpdates: consentFor(mobile) } : {}),
      ...patch,
    },
    { correlationId: orderId },
  );
const codConfirmed = (orderId: string, mobile: string, language?: "mr") =>
  orderCashOnDeliveryConfirmedV1.create(
    {
      orderId,
      customer,
      amountPaise: 119_000,
      lines,
      delivery: SAMPLE_DELIVERIES.local,
      confirmedAt: clock.toISOString(),
      ...(language ? { language } : {}),
      phoneUpdates: consentFor(mobile),
    },
    { correlationId: orderId },
  );

describe("the order's news on the phone", () => {
  it("order_confirmed: a paid order's once of three deliveries; a cash order's once, its later order.paid adds none", async () => {
    const mobile = newMobile();
    const orderId = newOrderId();
    const paid = samplePaidOrder(orderId, { customer: { ...customer, mobile }, phoneUpdates: consentFor(mobile) });
    await publish(orderPaidV3.create(paid, { correlationId: orderId }), 3);
    expect(await sentOnce(mobile, "order_confirmed")).toEqual({
      template: "order_confirmed",
      language: "en",
      variables: { customer_name: "Sunita More", order_id: orderId, total: formatRupees(paid.charges.totalPaise) },
    });

    const cashMobile = newMobile();
    const cashOrder = newOrderId();
    await publish(codConfirmed(cashOrder, cashMobile, "mr"), 3);
    expect(await sentOnce(cashMobile, "order_confirmed")).toEqual({
      template: "order_confirmed",
      language: "mr",
      variables: { customer_name: "Sunita More", order_id: cashOrder, total: "₹1,190.00" },
    });
    // The owner has the cash at the door: order.paid of the same order, and no second "confirmed".
    await publish(
      orderPaidV3.create(
        samplePaidOrder(cashOrder, {
          customer: { ...customer, mobile: cashMobile },
          phoneUpdates: consentFor(cashMobile),
        }),
        { correlationId: cashOrder },
      ),
    );
    await settle();
    expect(whatsAppTo(cashMobile)).toHaveLength(1);
    expect(await send(`order_confirmed:${cashOrder}`)).toMatchObject({ state: "sent", channel: "whatsapp" });
  });

  it("on its way: out_for_delivery with the slot in Marathi, ready_for_pickup with the shop's address; none by post", async () => {
    const mobile = newMobile();
    const local = newOrderId();
    await publish(statusChanged(local, mobile, "Dispatched", SAMPLE_DELIVERIES.local, { language: "mr" }), 3);
    expect(await sentOnce(mobile, "out_for_delivery")).toEqual({
      template: "out_for_delivery",
      language: "mr",
      variables: { customer_name: "Sunita More", order_id: local, slot: SAMPLE_DELIVERIES.local.slotLabelMr },
    });

    const pickupMobile = newMobile();
    const pickup = newOrderId();
    await publish(statusChanged(pickup, pickupMobile, "Dispatched", SAMPLE_DELIVERIES.pickup), 2);
    expect((await sentOnce(pickupMobile, "ready_for_pickup")).variables).toEqual({
      customer_name: "Sunita More",
      order_id: pickup,
      shop_address: SHOP.addressShort,
    });

    const courierMobile = newMobile();
    await publish(statusChanged(newOrderId(), courierMobile, "Dispatched", SAMPLE_DELIVERIES.courier));
    await publish(statusChanged(newOrderId(), courierMobile, "Preparing", SAMPLE_DELIVERIES.local));
    await settle();
    expect(whatsAppTo(courierMobile)).toEqual([]);
  });

  it("delivered once, not again for a step reached before; not to a pickup's shopper", async () => {
    const mobile = newMobile();
    const orderId = newOrderId();
    await publish(statusChanged(orderId, mobile, "Delivered", SAMPLE_DELIVERIES.local), 2);
    expect((await sentOnce(mobile, "delivered")).variables).toEqual({
      customer_name: "Sunita More",
      order_id: orderId,
    });
    const again = newMobile();
    await publish(statusChanged(newOrderId(), again, "Delivered", SAMPLE_DELIVERIES.local, { reachedBefore: true }));
    await publish(statusChanged(newOrderId(), again, "Delivered", SAMPLE_DELIVERIES.pickup));
    await settle();
    expect(whatsAppTo(again)).toEqual([]);
  });

  it("cancelled once; refund_credited once per refund, each with its amount", async () => {
    const mobile = newMobile();
    const orderId = newOrderId();
    const cancelled = orderCancelledV1.create(
      {
        orderId,
        cancelledBy: "admin",
        reason: "out-of-stock",
        cancelledAt: clock.toISOString(),
        customer,
        lines,
        refund: { refundId: `${orderId}-R1`, amountPaise: 119_000 },
        phoneUpdates: consentFor(mobile),
      },
      { correlationId: orderId },
    );
    await publish(cancelled, 3);
    expect((await sentOnce(mobile, "cancelled")).variables).toEqual({
      customer_name: "Sunita More",
      order_id: orderId,
    });

    const paid = samplePaidOrder(orderId);
    const refunded = (refundId: string, amountPaise: number) =>
      orderRefundProcessedV1.create(
        {
          orderId,
          refundId,
          amountPaise,
          scope: { kind: "goodwill" },
          customer,
          language: "mr",
          processedAt: clock.toISOString(),
          lines: paid.lines,
          charges: paid.charges,
          placeOfSupply: paid.placeOfSupply,
          shippingAddress: paid.shippingAddress,
          phoneUpdates: consentFor(mobile),
        },
        { correlationId: orderId },
      );
    await publish(refunded(`${orderId}-R1`, 50_000), 3);
    await publish(refunded(`${orderId}-R2`, 10_000), 2);
    await eventually(() => whatsAppTo(mobile).filter((m) => m.template === "refund_credited").length === 2, {
      what: "two refunds told",
    });
    await settle();
    const refunds = whatsAppTo(mobile).filter((message) => message.template === "refund_credited");
    expect(refunds.map((message) => [message.language, message.variables.amount]).sort()).toEqual([
      ["mr", "₹100.00"],
      ["mr", "₹500.00"],
    ]);
    expect(refunds[0]?.variables).toMatchObject({ customer_name: "Sunita More", order_id: orderId });
  });

  it("sends nothing for an order whose box was not ticked, and nothing after the number's STOP", async () => {
    const mobile = newMobile();
    const unticked = newOrderId();
    await publish(statusChanged(unticked, undefined, "Dispatched", SAMPLE_DELIVERIES.local));
    const stopped = newOrderId();
    await fixture.database.db
      .collection<{ _id: string; optedOutAt: Date }>("phone_opt_outs")
      .insertOne({ _id: `91${mobile}`, optedOutAt: new Date("2026-11-21T10:00:00Z") });
    await publish(statusChanged(stopped, mobile, "Dispatched", SAMPLE_DELIVERIES.local));
    await eventually(async () => (await send(`out_for_delivery:${stopped}`))?.state === "skipped", {
      what: "held back by the STOP",
    });
    await settle();
    expect(whatsAppTo(mobile)).toEqual([]);
    expect(await send(`out_for_delivery:${unticked}`)).toBeNull();
  });
});

describe("quiet hours", () => {
  it("holds a message owed at 22:00 India time, sends it at 08:00 once of two instances sweeping at once", async () => {
    const mobile = newMobile();
    const orderId = newOrderId();
    clock = ist("2026-11-27T22:00:00");
    try {
      await publish(statusChanged(orderId, mobile, "Dispatched", SAMPLE_DELIVERIES.local), 2);
      await heldListed(fixture.database.db, `out_for_delivery:${orderId}`);
      expect(await send(`out_for_delivery:${orderId}`)).toMatchObject({ due: ist("2026-11-28T08:00:00") });
      await settle();
      expect(whatsAppTo(mobile)).toEqual([]);
      // The cash order's own message is not held: the shopper asked for it that very second, at checkout.
      const cashMobile = newMobile();
      const cashOrder = newOrderId();
      await publish(
        orderCashOnDeliveryPlacedV1.create(
          {
            orderId: cashOrder,
            customer: { name: customer.name },
            amountPaise: 54_000,
            placedAt: clock.toISOString(),
            phoneUpdates: consentFor(cashMobile),
          },
          { correlationId: cashOrder },
        ),
      );
      expect((await sentOnce(cashMobile, "cod_confirm")).variables).toMatchObject({ order_id: cashOrder });

      // A second instance, as after a restart or beside the first: the hold is in the database, nothing in memory.
      const second = await createNotification(
        fixture.config,
        createLogger({ service: "notification", level: "silent" }),
        {
          now: () => clock,
        },
      );
      try {
        expect(await fixture.service.heldSends.runOnce(ist("2026-11-28T07:59:59"))).toEqual({});
        const swept = await Promise.all([
          fixture.service.heldSends.runOnce(ist("2026-11-28T08:00:00")),
          second.heldSends.runOnce(ist("2026-11-28T08:00:00")),
        ]);
        expect(swept.map((outcome) => outcome.sent ?? 0).reduce((a, b) => a + b)).toBeGreaterThanOrEqual(1);
        expect(whatsAppTo(mobile)).toEqual([
          {
            template: "out_for_delivery",
            language: "en",
            variables: { customer_name: "Sunita More", order_id: orderId, slot: "5 pm - 8 pm" },
          },
        ]);
        expect(await send(`out_for_delivery:${orderId}`)).toMatchObject({ state: "sent", channel: "whatsapp" });
        // Swept again, and the event delivered again: nothing more.
        await second.heldSends.runOnce(ist("2026-11-28T09:00:00"));
        await publish(statusChanged(orderId, mobile, "Dispatched", SAMPLE_DELIVERIES.local));
        await settle();
        expect(whatsAppTo(mobile)).toHaveLength(1);
      } finally {
        await closeDependencies(second.dependencies);
      }
    } finally {
      clock = ist("2026-11-27T12:00:00");
    }
  });

  it("puts a held message whose morning try fails retryably back for a later sweep, then sends it once", async () => {
    const mobile = newMobile();
    const orderId = newOrderId();
    clock = ist("2026-11-27T21:00:00");
    const answer = recorded("whatsapp-send.answer.json") as { messages: [{ id: string }] };
    try {
      await publish(statusChanged(orderId, mobile, "Dispatched", SAMPLE_DELIVERIES.pickup));
      await heldListed(fixture.database.db, `ready_for_pickup:${orderId}`);
      whatsapp.answers(503, { error: { message: "Service unavailable", code: 131016 } });
      expect(await fixture.service.heldSends.runOnce(ist("2026-11-28T08:00:00"))).toMatchObject({ held: 1 });
      expect(await send(`ready_for_pickup:${orderId}`)).toMatchObject({
        state: "held",
        due: ist("2026-11-28T08:05:00"),
      });
      expect(smsTo(mobile)).toEqual([]);
      whatsapp.answers(200, () => ({ ...answer, messages: [{ id: `wamid.updates${++wamids}` }] }));
      expect(await fixture.service.heldSends.runOnce(ist("2026-11-28T08:04:59"))).toEqual({});
      expect(await fixture.service.heldSends.runOnce(ist("2026-11-28T08:05:00"))).toEqual({ sent: 1 });
      expect(whatsAppTo(mobile).map((message) => message.template)).toEqual(["ready_for_pickup", "ready_for_pickup"]);
      // The stand-in took the 503's request too: one delivered message, the second request.
      expect(await send(`ready_for_pickup:${orderId}`)).toMatchObject({ state: "sent", channel: "whatsapp" });
    } finally {
      whatsapp.answers(200, () => ({ ...answer, messages: [{ id: `wamid.updates${++wamids}` }] }));
      clock = ist("2026-11-27T12:00:00");
    }
  });

  it("reads the STOP again in the morning: a STOP at night holds the held message back", async () => {
    const mobile = newMobile();
    const orderId = newOrderId();
    clock = ist("2026-11-27T23:30:00");
    try {
      await publish(statusChanged(orderId, mobile, "Delivered", SAMPLE_DELIVERIES.local));
      await heldListed(fixture.database.db, `delivered:${orderId}`);
      await fixture.database.db
        .collection<{ _id: string; optedOutAt: Date }>("phone_opt_outs")
        .insertOne({ _id: `91${mobile}`, optedOutAt: ist("2026-11-27T23:45:00") });
      await fixture.service.heldSends.runOnce(ist("2026-11-28T08:00:30"));
      expect(await send(`delivered:${orderId}`)).toMatchObject({ state: "skipped" });
      expect(whatsAppTo(mobile)).toEqual([]);
    } finally {
      clock = ist("2026-11-27T12:00:00");
    }
  });
});

describe("SMS after WhatsApp's later failure", () => {
  const failedWebhook = (wamid: string, mobile: string) =>
    JSON.stringify({
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
                statuses: [
                  {
                    id: wamid,
                    status: "failed",
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    recipient_id: `91${mobile}`,
                    errors: [{ code: 131026, title: "Message undeliverable" }],
                  },
                ],
              },
            },
          ],
        },
      ],
    });
  const postWhatsApp = (body: string) =>
    fetch(`${server.url}${ApiPaths.notify.whatsappWebhook}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-hub-signature-256": `sha256=${createHmac("sha256", APP_SECRET).update(body).digest("hex")}`,
      },
      body,
    });

  it("sends the same template by SMS once of five concurrent failed webhooks and a later replay", async () => {
    const mobile = newMobile();
    const orderId = newOrderId();
    await publish(statusChanged(orderId, mobile, "Dispatched", SAMPLE_DELIVERIES.local, { language: "mr" }));
    const sent = await eventually(
      async () => {
        const found = await send(`out_for_delivery:${orderId}`);
        return found?.state === "sent" && found;
      },
      { what: "sent by WhatsApp" },
    );
    expect(sent.channel).toBe("whatsapp");
    const body = failedWebhook(sent.messageId as string, mobile);
    const answers = await Promise.all(Array.from({ length: 5 }, () => postWhatsApp(body)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await postWhatsApp(body)).status).toBe(200);
    await settle(500);
    const sms = smsTo(mobile);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({
      template_id: "out_for_delivery.mr",
      recipients: [
        {
          mobiles: `91${mobile}`,
          customer_name: "Sunita More",
          order_id: orderId,
          slot: SAMPLE_DELIVERIES.local.slotLabelMr,
        },
      ],
    });
    expect(await send(`out_for_delivery:${orderId}:sms`)).toMatchObject({ state: "sent", channel: "sms" });
    expect((await send(`out_for_delivery:${orderId}:sms`))?.failures?.[0]).toMatch(/^whatsapp: failed after/);
  });

  it("sends the SMS when WhatsApp's failure comes before the sender has linked its message", async () => {
    const mobile = newMobile();
    const orderId = newOrderId();
    // The stand-in's next message id, failed before it is even sent: the webhook finds no send to move yet.
    const next = `wamid.updates${wamids + 1}`;
    expect((await postWhatsApp(failedWebhook(next, mobile))).status).toBe(200);
    await publish(statusChanged(orderId, mobile, "Delivered", SAMPLE_DELIVERIES.courier), 2);
    await eventually(() => smsTo(mobile).length > 0, { what: "the SMS" });
    await settle(500);
    expect(smsTo(mobile)).toHaveLength(1);
    expect(smsTo(mobile)[0]).toMatchObject({ template_id: "delivered.en" });
    expect(await send(`delivered:${orderId}`)).toMatchObject({ state: "sent", channel: "whatsapp", messageId: next });
  });

  it("a failure of a message not ours to resend (unknown id) sends nothing", async () => {
    const before = msg91.received.length;
    expect((await postWhatsApp(failedWebhook("wamid.not-ours", newMobile()))).status).toBe(200);
    expect(msg91.received.length).toBe(before);
  });
});
