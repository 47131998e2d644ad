import { addDays, indiaDayKey, TrackMessages } from "@storefront/contracts";
import { eventually, MANY_ORDERS_FROM_ONE_SHOPPER, type MessagingSandboxClient } from "@storefront/testing";
import { describe, expect, it } from "vitest";
import { PHONE_CODES_PER_NUMBER_PER_HOUR } from "../src/orders/domain/order-access.js";
import { checkoutShop } from "./checkout-shop.js";
import { phoneServers } from "./phone-servers.js";

/**
 * Tracking an order by mobile number (docs/messaging.md, Tracking by mobile number), on the real servers:
 * order-payment in this process, notification and the messaging sandbox as processes of their builds. The form
 * answers alike for a known and an unknown order/number pair; the code reaches the order's phone as `tracking_code`
 * (WhatsApp, SMS when WhatsApp refuses), opens that order once, is burnt by five wrong tries, never opens with the
 * email, is sent once a minute per order and a few times an hour per number, and reaches a number that said STOP
 * before asking.
 */
const shop = checkoutShop("phone-tracking", "sandbox-secret-for-the-phone-tracking-test", {
  env: { ...MANY_ORDERS_FROM_ONE_SHOPPER },
});
const { call, guestProof, stored } = shop;

const servers = phoneServers(shop, "phone-tracking");

const run = Date.now().toString(36).slice(-5);
let seq = 0;
const newOrderId = () => `1798${String(++seq).padStart(6, "0")}${run}pt`;
/** A mobile of this test's own (the sandbox's inbox is shared): 9 and nine random digits. */
const newMobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
const emailOf = (orderId: string) => `${orderId.toLowerCase()}@phone-tracking.example`;
const WAI = "House 9, Ganpati Ali, Wai, Wai, Satara, Maharashtra-412803";
const day = addDays(indiaDayKey(new Date()), 2);
const settle = (ms = 2_500) => new Promise((resolve) => setTimeout(resolve, ms));

/** A guest's cash order of one karanji to Wai, placed with `mobile`, no box ticked: tracking needs no consent. */
async function orderWith(mobile: string, language: "en" | "mr" = "en") {
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
    language,
  });
  expect(placed.status, await placed.clone().text()).toBe(200);
  return orderId;
}

const ask = (orderId: string, mobile: string) =>
  call("POST", "/api/payment/track/code", undefined, { orderId, mobile });
const open = (body: Record<string, string>) => call("POST", "/api/payment/track/pass", undefined, body);
const codesTo = async (mobile: string) =>
  (await servers.phone.messagesTo(`91${mobile}`)).filter(
    (message) =>
      message.direction === "out" &&
      (message.template?.name === "tracking_code" || message.sms?.templateId.startsWith("tracking_code")),
  );
const codeIn = (message: Awaited<ReturnType<MessagingSandboxClient["latestTo"]>>) => {
  const code = servers.phone.variable(message, "code");
  expect(code).toMatch(/^\d{6}$/);
  return code as string;
};

describe("tracking an order by mobile number", () => {
  it("answers alike for known and unknown pairs, and sends the code to the order's phone in its language", async () => {
    const mobile = newMobile();
    const orderId = await orderWith(mobile, "mr");
    const answers = await Promise.all([
      ask(newOrderId(), mobile),
      ask(orderId, newMobile()),
      ask(orderId, `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const bodies = await Promise.all(answers.map(async (answer) => JSON.stringify(await answer.json())));
    expect(new Set(bodies)).toEqual(new Set([JSON.stringify({ message: TrackMessages.CODE_SENT_TO_PHONE })]));

    const message = await servers.phone.latestTo(`91${mobile}`, { template: "tracking_code" });
    expect(message).toMatchObject({ channel: "whatsapp", template: { language: "mr" } });
    const code = codeIn(message);
    expect((await stored(orderId))?.access).toMatchObject({ via: "mobile", attempts: 0 });

    // The code opens with the number in any of its written forms, never with the order's email.
    expect((await open({ orderId, email: emailOf(orderId), code })).status).toBe(400);
    expect((await open({ orderId, mobile: newMobile(), code })).status).toBe(400);
    const opened = await open({ orderId, mobile: `0${mobile}`, code });
    expect(opened.status).toBe(200);
    const { orderPass } = (await opened.json()) as { orderPass: string };
    expect((await call("GET", `/api/payment/order/${orderId}`, orderPass)).status).toBe(200);
    // Once.
    expect((await open({ orderId, mobile, code })).status).toBe(400);
    // One message however the pair was asked: the unknown pairs sent nothing.
    expect(await codesTo(mobile)).toHaveLength(1);
  });

  it("burns a code after five wrong tries, even tried all at once", async () => {
    const mobile = newMobile();
    const orderId = await orderWith(mobile);
    await ask(orderId, mobile);
    const code = codeIn(await servers.phone.latestTo(`91${mobile}`, { template: "tracking_code" }));
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    const tries = await Promise.all(guesses.map((guess) => open({ orderId, mobile, code: guess })));
    expect(tries.map((answer) => answer.status)).toEqual(guesses.map(() => 400));
    expect((await stored(orderId))?.access?.attempts).toBe(5);
    expect((await open({ orderId, mobile, code })).status).toBe(400);
  });

  it("sends one code a minute per order, and at most a few an hour to one number across its orders", async () => {
    const mobile = newMobile();
    const orders: string[] = [];
    for (let i = 0; i <= PHONE_CODES_PER_NUMBER_PER_HOUR; i++) orders.push(await orderWith(mobile));
    // Five asks at once for the first order: one code.
    await Promise.all(Array.from({ length: 5 }, () => ask(orders[0]!, mobile)));
    await servers.phone.latestTo(`91${mobile}`, { template: "tracking_code" });
    await settle();
    expect(await codesTo(mobile)).toHaveLength(1);
    // One more order than the number's hourly codes: every ask answered alike, the last one sends nothing.
    // (The form answers before it reads the order: each ask's code is waited for, as a shopper would, before the next.)
    for (const [index, orderId] of orders.slice(1).entries()) {
      const answer = await ask(orderId, mobile);
      expect(await answer.json()).toEqual({ message: TrackMessages.CODE_SENT_TO_PHONE });
      if (index + 2 <= PHONE_CODES_PER_NUMBER_PER_HOUR) {
        await eventually(async () => (await codesTo(mobile)).length === index + 2, { what: `code ${index + 2}` });
      }
    }
    await settle();
    expect(await codesTo(mobile)).toHaveLength(PHONE_CODES_PER_NUMBER_PER_HOUR);
    expect((await stored(orders[PHONE_CODES_PER_NUMBER_PER_HOUR]!))?.access).toBeUndefined();
  });

  it("sends the code by SMS when WhatsApp refuses the number", async () => {
    const mobile = newMobile();
    const orderId = await orderWith(mobile);
    await servers.phone.failWhatsApp({ numbers: [`91${mobile}`], how: "reject" });
    try {
      await ask(orderId, mobile);
      const sms = await servers.phone.latestTo(`91${mobile}`, { channel: "sms" });
      expect(sms.sms?.templateId).toBe("tracking_code.en");
      const opened = await open({ orderId, mobile, code: codeIn(sms) });
      expect(opened.status).toBe(200);
    } finally {
      await servers.phone.failWhatsApp({ numbers: [] });
    }
  });

  it("sends the code to a number that said STOP before asking: the request is newer than the STOP", async () => {
    const mobile = newMobile();
    const orderId = await orderWith(mobile);
    await servers.phone.reply(`91${mobile}`, "STOP");
    await eventually(
      async () =>
        Boolean(await servers.notificationDb.db.collection("phone_opt_outs").findOne({ _id: `91${mobile}` as never })),
      { what: "the STOP recorded" },
    );
    // The opt-out is taken at its second's end (docs/messaging.md, STOP): the request comes after it.
    await settle(1_100);
    await ask(orderId, mobile);
    const message = await servers.phone.latestTo(`91${mobile}`, { template: "tracking_code" });
    expect((await open({ orderId, mobile, code: codeIn(message) })).status).toBe(200);
  });
});
