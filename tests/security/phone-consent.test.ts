import { PHONE_UPDATES_NOTICE } from "@storefront/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { attackSuite } from "./attack-suite.js";
import "./shop-context.js";
import { addresses, emailProof, shopCaller } from "./shop-visitor.js";

/**
 * The checkout's `phoneUpdates` under attack (docs/messaging.md, Consent): the consent an order records is only ever
 * the box ticked on the current notice, for WhatsApp or SMS only, with nothing else inside it. Prototype-named keys,
 * an oversize or nested body, a version that is not the current one (an old notice, a guess, a future one), a
 * channel not offered or a number smuggled in beside it: each refused 400 in the error shape, and no order stored.
 */

const { tag, refused, ordersDb } = attackSuite("phone-consent", "consent");
const from = addresses("198.51.100");
const call = shopCaller(from);
const email = `consent${tag}@example.in`;
let proof: string;

beforeAll(async () => {
  proof = await emailProof(email, "guest", from);
}, 60_000);

let count = 0;
const newOrderId = () => `${Date.now()}${tag}${String(count++).padStart(3, "0")}`.slice(0, 40);
const order = (phoneUpdates: unknown, orderId = newOrderId()) =>
  `{"orderId":"${orderId}","customerName":"Sec Tester","customerEmail":"${email}","mobile":"9876543210",` +
  `"products":[{"productId":"karanji","selectedWeight":"250 Gram","selectedQuantity":1}],` +
  `"shippingAddress":"Flat 4, Sai Krupa Society, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001",` +
  `"phoneUpdates":${typeof phoneUpdates === "string" ? phoneUpdates : JSON.stringify(phoneUpdates)}}`;
const checkout = (body: string) =>
  call("POST", "/api/payment/create-order", { authorization: `Bearer ${proof}` }, body);
const stored = (orderId: string) => ordersDb.collection("orders").findOne({ _id: orderId as never });

const current = PHONE_UPDATES_NOTICE.version;

describe("the checkout's phone consent", () => {
  it.each([
    ["a __proto__ key inside it", `{"channel":"whatsapp","noticeVersion":"${current}","__proto__":{"admin":true}}`],
    [
      "a constructor key inside it",
      `{"channel":"whatsapp","noticeVersion":"${current}","constructor":{"prototype":{"x":1}}}`,
    ],
    ["a prototype key inside it", `{"channel":"whatsapp","noticeVersion":"${current}","prototype":1}`],
    ["an old notice's version", { channel: "whatsapp", noticeVersion: "2020-01-01" }],
    ["a future notice's version", { channel: "whatsapp", noticeVersion: "2999-12-31" }],
    ["a version of 20 000 characters", { channel: "whatsapp", noticeVersion: "9".repeat(20_000) }],
    ["a version as an object", { channel: "whatsapp", noticeVersion: { $ne: null } }],
    ["no version", { channel: "whatsapp" }],
    ["a channel not offered", { channel: "telegram", noticeVersion: current }],
    ["a prototype-named channel", { channel: "__proto__", noticeVersion: current }],
    ["a number smuggled beside it", { channel: "whatsapp", noticeVersion: current, mobile: "919999999999" }],
    ["a consent time of its own", { channel: "whatsapp", noticeVersion: current, consentedAt: "2020-01-01T00:00:00Z" }],
    ["true instead of the object", true],
    ["an array", [{ channel: "whatsapp", noticeVersion: current }]],
    ["a string", '"whatsapp"'],
  ])("refuses %s, storing nothing", async (what, phoneUpdates) => {
    const orderId = newOrderId();
    const answer = await checkout(order(phoneUpdates, orderId));
    refused(`phoneUpdates: ${what}`, answer, [400, 413]);
    expect(await stored(orderId)).toBeNull();
  });

  it("records the current notice's consent with the order's own number and the server's time", async () => {
    const orderId = newOrderId();
    const before = Date.now();
    const answer = await checkout(order({ channel: "whatsapp", noticeVersion: current }, orderId));
    expect(answer.status, answer.text).toBe(200);
    const saved = (await stored(orderId)) as { phoneUpdates?: { consentedAt: string } } | null;
    expect(saved?.phoneUpdates).toMatchObject({ channel: "whatsapp", noticeVersion: current, mobile: "919876543210" });
    expect(Date.parse(saved?.phoneUpdates?.consentedAt ?? "")).toBeGreaterThanOrEqual(before - 1000);
  });
});
