import { createHmac } from "node:crypto";
import { ApiPaths, PHONE_UPDATES_NOTICE } from "@storefront/contracts";
import { eventually } from "@storefront/testing";
import { samplePaidOrder } from "@storefront/testing/samples";
import jwt from "jsonwebtoken";
import { describe, expect, it } from "vitest";
import { json, send } from "./attack.js";
import { attackSuite } from "./attack-suite.js";
import "./shop-context.js";
import { ADMIN, addresses, logIn, shop } from "./shop-visitor.js";

/**
 * The phone providers' webhooks under attack (docs/messaging.md, Webhooks), through the gateway of a whole shop:
 * forged, unsigned and tampered WhatsApp notifications, MSG91 reports without our token, bodies over the gateway's
 * limit, path variants, prototype-named fields, and replays of a correctly signed notification. None may record a
 * status or a reply, nor publish one; each refusal counts in the suite's tally. And the console's view of the phone
 * messages (docs/messaging.md, Seen by the people who run it): forged, expired and unsigned admin tokens, bad limits
 * and path variants refused; the numbers it shows hidden but for their last four digits.
 */
const { tag, tally, refused, unchanged, notificationDb, ordersDb } = attackSuite("phone-webhooks", "tel", 8);
const from = addresses("100.64.44");

// The development secrets every local run uses (public in services/notification/src/config.ts), as the browser tests'
// shop runs: a notification signed with the app secret is Meta-valid, so only what is inside it can be wrong.
const DEV_APP_SECRET = "dev-only-whatsapp-app-secret";
const DEV_SMS_TOKEN = "dev-only-msg91-webhook-token";
const PHONE_NUMBER_ID = "100000000000001";

const sign = (body: string, secret = DEV_APP_SECRET) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
const postWhatsApp = (body: string, headers: Record<string, string>) =>
  send(shop(), "POST", ApiPaths.notify.whatsappWebhook, {
    headers: { ...from(), "content-type": "application/json", ...headers },
    body,
  });
const postSms = (query: string, body: string, contentType = "application/json") =>
  send(shop(), "POST", `${ApiPaths.notify.smsWebhook}${query}`, {
    headers: { ...from(), "content-type": contentType },
    body,
  });

/** A shopper's tap on a quick-reply button of ours (`order:<action>:<orderId>`), as WhatsApp notifies it. */
const buttonTap = (n: number, from: string, payload: string) =>
  textReply(n, { from, type: "button", button: { payload, text: payload }, text: undefined });

/** A shopper's text reply as WhatsApp notifies it, its ids unique to this run. */
function textReply(n: number, extra: Record<string, unknown> = {}) {
  return json({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "919800000001", phone_number_id: PHONE_NUMBER_ID },
              messages: [
                {
                  from: "919812345678",
                  id: `wamid.${tag}${n}`,
                  timestamp: "1795000200",
                  type: "text",
                  text: { body: "When will it come?" },
                  ...extra,
                },
              ],
            },
          },
        ],
      },
    ],
  });
}

/**
 * What this suite's inputs could have stored: records whose id carries its tag (or the prototype-named report's `x`).
 * The browser journeys of the same shop send real messages whose webhooks may still arrive while this suite runs:
 * counting every record would count theirs.
 */
const ours = { _id: { $regex: `${tag}|^sms:x(:|$)` } } as never;
const stored = async () => ({
  messages: await notificationDb.collection("phone_messages").countDocuments(ours),
  statuses: await notificationDb.collection("phone_statuses").countDocuments(ours),
  replies: await notificationDb.collection("phone_replies").countDocuments(ours),
});
const replyOf = (n: number) =>
  notificationDb
    .collection("phone_replies")
    .findOne(
      { _id: `whatsapp:wamid.${tag}${n}` as never },
      { projection: { outbox: 0, outboxPending: 0, outboxLease: 0, outboxLeaseOwner: 0 } },
    );

describe("WhatsApp's webhook under attack", () => {
  it("refuses forged, unsigned and tampered notifications (401, the spec's shape), recording nothing", async () => {
    const before = await stored();
    const body = textReply(1);
    const attacks: [string, string, Record<string, string>][] = [
      ["signed with another secret", body, { "x-hub-signature-256": sign(body, "not-the-meta-app-secret") }],
      ["unsigned", body, {}],
      ["signed for another body", textReply(2), { "x-hub-signature-256": sign(body) }],
      ["an empty signature", body, { "x-hub-signature-256": "sha256=" }],
      ["the digest without its sha256= prefix", body, { "x-hub-signature-256": sign(body).slice(7) }],
      ["an old sha1 signature", body, { "x-hub-signature": `sha1=${"0".repeat(40)}` }],
      ["a signature of the wrong length", body, { "x-hub-signature-256": `sha256=${"ab".repeat(33)}` }],
      ["signed with the verify token", body, { "x-hub-signature-256": sign(body, "dev-only-whatsapp-verify-token") }],
    ];
    for (const [what, sent, headers] of attacks) refused(what, await postWhatsApp(sent, headers), [401]);
    // Signed, but sent as a form: its parsed fields are not what the signature covers.
    refused(
      "a signed body sent as a form",
      await postWhatsApp(body, {
        "content-type": "application/x-www-form-urlencoded",
        "x-hub-signature-256": sign(body),
      }),
      [401],
    );
    unchanged(await stored(), before);
    expect(await replyOf(1)).toBeNull();
  });

  it("refuses Meta's verification with a wrong token, a wrong mode or a challenge that is markup", async () => {
    const verify = (query: Record<string, string>) =>
      send(shop(), "GET", `${ApiPaths.notify.whatsappWebhook}?${new URLSearchParams(query)}`, { headers: from() });
    const right = {
      "hub.mode": "subscribe",
      "hub.verify_token": "dev-only-whatsapp-verify-token",
      "hub.challenge": "42",
    };
    const answer = await verify(right);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe("42");
    for (const [what, query] of [
      ["a guessed verify token", { ...right, "hub.verify_token": "guess" }],
      ["no verify token", { "hub.mode": "subscribe", "hub.challenge": "42" }],
      ["another mode", { ...right, "hub.mode": "unsubscribe" }],
      ["a challenge that is markup", { ...right, "hub.challenge": "<script>alert(1)</script>" }],
      ["a prototype's name as the token", { ...right, "hub.verify_token": "__proto__" }],
    ] as const) {
      const refusal = await verify(query);
      refused(what, refusal, [403]);
      expect(refusal.text).not.toContain("<script>");
    }
  });

  it("refuses a notification over the gateway's body limit before anything reads it (413)", async () => {
    const before = await stored();
    const big = textReply(3, { text: { body: "x".repeat(200 * 1024) } });
    refused("a 200 KB signed notification", await postWhatsApp(big, { "x-hub-signature-256": sign(big) }), [413]);
    unchanged(await stored(), before);
  });

  it("answers no variant of the webhook's path (404)", async () => {
    const body = textReply(4);
    for (const path of [
      `${ApiPaths.notify.whatsappWebhook}/`,
      ApiPaths.notify.whatsappWebhook.replace("whatsapp", "WhatsApp"),
      `${ApiPaths.notify.whatsappWebhook};x=1`,
      "/api/notify/webhooks/%77hatsapp",
      "/api/notify/internal",
    ]) {
      const answer = await send(shop(), "POST", path, {
        headers: { ...from(), "content-type": "application/json", "x-hub-signature-256": sign(body) },
        body,
      });
      refused(path, answer, [404]);
    }
    expect(await replyOf(4)).toBeNull();
  });

  it("records a correctly signed reply once, however often it is replayed", async () => {
    const body = textReply(5);
    const first = await postWhatsApp(body, { "x-hub-signature-256": sign(body) });
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toEqual({ received: true, recorded: 1 });
    const before = await stored();
    const reply = await replyOf(5);
    for (let replay = 0; replay < 5; replay++) {
      const again = await postWhatsApp(body, { "x-hub-signature-256": sign(body) });
      expect(JSON.parse(again.text)).toEqual({ received: true, recorded: 0 });
    }
    unchanged(await stored(), before);
    unchanged(await replyOf(5), reply);
  });

  it("keeps no prototype-named field of a signed notification, and pollutes nothing", async () => {
    // Written as text: an object literal's `__proto__` would set its prototype, not a field that JSON carries.
    const body = textReply(6)
      .replace('"object"', '"__proto__":{"isAdmin":true},"object"')
      .replace(
        '"type":"text"',
        '"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"type":"text"',
      )
      .replace('"body":"When will it come?"', '"body":"hello","__proto__":{"isAdmin":true}');
    expect(body).toContain('"__proto__":{"polluted":true}');
    const answer = await postWhatsApp(body, { "x-hub-signature-256": sign(body) });
    expect(answer.status).toBe(200);
    const reply = await replyOf(6);
    expect(reply).toMatchObject({ kind: "text", text: "hello", from: "919812345678" });
    expect(Object.keys(reply ?? {})).not.toEqual(expect.arrayContaining(["polluted"]));
    expect(JSON.stringify(reply)).not.toMatch(/polluted|isAdmin|constructor/);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

describe("MSG91's delivery reports under attack", () => {
  const report = (requestId: string) =>
    json({ date: "2026-11-27 09:58:16", number: "919812345678", requestId, status: "1", desc: "DELIVERED" });

  it("refuses a report without our token (401), recording nothing", async () => {
    const before = await stored();
    const body = report(`${tag}forged`);
    for (const [what, query] of [
      ["no token", ""],
      ["an empty token", "?token="],
      ["a guessed token", "?token=a-guess-at-the-token-0123"],
      ["the token twice", `?token=${DEV_SMS_TOKEN}&token=${DEV_SMS_TOKEN}`],
      ["the token in another parameter", `?authkey=${DEV_SMS_TOKEN}`],
      ["the WhatsApp verify token", "?token=dev-only-whatsapp-verify-token"],
    ] as const) {
      refused(what, await postSms(query, body), [401]);
    }
    unchanged(await stored(), before);
  });

  it("refuses with the token what is not a report (400), and a body over the limit (413)", async () => {
    const before = await stored();
    const query = `?token=${DEV_SMS_TOKEN}`;
    for (const [what, body] of [
      ["an empty object", "{}"],
      ["a report without its request id", json({ status: "1", number: "919812345678" })],
      ["a form whose data is not JSON", "data=%7Bnot-json"],
      ["a prototype-named report", '{"__proto__":{"requestId":"x","status":"1"}}'],
      ["an array", "[]"],
    ] as const) {
      const form = body.startsWith("data=");
      refused(what, await postSms(query, body, form ? "application/x-www-form-urlencoded" : "application/json"), [400]);
    }
    refused("a 200 KB report", await postSms(query, report("x".repeat(200 * 1024))), [413]);
    unchanged(await stored(), before);
  });

  it("records a report once, however often it is replayed", async () => {
    const body = report(`${tag}replayed`);
    const query = `?token=${DEV_SMS_TOKEN}`;
    expect(JSON.parse((await postSms(query, body)).text)).toEqual({ received: true, recorded: 1 });
    const before = await stored();
    for (let replay = 0; replay < 3; replay++) {
      expect(JSON.parse((await postSms(query, body)).text)).toEqual({ received: true, recorded: 0 });
    }
    unchanged(await stored(), before);
  });
});

describe("the console's view of the phone messages under attack", () => {
  const DEV_JWT_SECRET = "dev-only-jwt-secret-change-me";
  const ISSUER = "storefront-identity";
  const view = (query: string, token?: string, path: string = ApiPaths.notify.adminPhoneMessages, method = "GET") =>
    send(shop(), method, `${path}${query}`, {
      headers: { ...from(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it("refuses no token, a forged, an expired and an unsigned admin token (401)", async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { email: ADMIN.email, role: "ADMIN" };
    const options = { issuer: ISSUER, audience: "storefront-api", subject: "u-admin" };
    const unsigned = [
      Buffer.from(json({ alg: "none", typ: "JWT" })).toString("base64url"),
      Buffer.from(json({ ...claims, sub: "u-admin", iss: ISSUER, aud: "storefront-api", exp: now + 600 })).toString(
        "base64url",
      ),
      "",
    ].join(".");
    for (const [what, token] of [
      ["no token", undefined],
      ["a forged token", jwt.sign(claims, "not-the-shops-secret-0123456789", { ...options, expiresIn: 600 })],
      ["an expired token", jwt.sign({ ...claims, exp: now - 60 }, DEV_JWT_SECRET, options)],
      ["an unsigned token", unsigned],
    ] as const) {
      refused(what, await view("", token), [401]);
    }
  });

  it("refuses the admin a bad limit (400) and answers no variant of its path (404)", async () => {
    const admin = await logIn(ADMIN, "ADMIN", from);
    for (const query of ["?limit=0", "?limit=-1", "?limit=201", "?limit=1e9", "?limit=ten", "?limit=1&limit=2"]) {
      refused(query, await view(query, admin), [400]);
    }
    // A prototype-named key is dropped by the query's parser: the default list, and nothing polluted.
    const proto = await view("?limit[__proto__]=1&__proto__[admin]=1", admin);
    expect(proto.status, proto.text).toBe(200);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    for (const path of [
      `${ApiPaths.notify.adminPhoneMessages}/`,
      ApiPaths.notify.adminPhoneMessages.replace("phone", "Phone"),
      `${ApiPaths.notify.adminPhoneMessages};x=1`,
      ApiPaths.notify.adminPhoneMessages.replace(/s$/, "%73"),
    ]) {
      refused(path, await view("", admin, path), [404]);
    }
    refused("a POST", await view("", admin, ApiPaths.notify.adminPhoneMessages, "POST"), [404, 405]);
  });

  it("shows the admin a number by its last four digits only", async () => {
    const admin = await logIn(ADMIN, "ADMIN", from);
    const sendId = `cod_confirm:${Date.now()}${tag}`;
    await notificationDb.collection<{ _id: string }>("phone_sends").insertOne({
      _id: sendId,
      to: "919812304321",
      template: "cod_confirm",
      state: "failed",
      failures: ["whatsapp: refused"],
      claimedAt: new Date(Date.now() + 60_000),
    } as never);
    const answer = await view("?limit=5", admin);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.text).toContain(sendId);
    expect(answer.text).toContain("4321");
    expect(answer.text).not.toContain("9812304321");
  });
});

describe("a tap for another shopper's order", () => {
  it("changes nothing when the order's buttons are pressed from another number; the order's own number is heard", async () => {
    // A cash order waiting for its confirmation, as the checkout leaves it, placed from 98123 45670 with the box ticked.
    const orderId = `1797${tag}tap`;
    const sample = samplePaidOrder(orderId);
    const at = new Date();
    await ordersDb.collection("orders").insertOne({
      _id: orderId as never,
      customer: { kind: "guest", name: "Asha Patil", email: `tap${tag}@example.in`, mobile: "9812345670" },
      lines: sample.lines,
      charges: sample.charges,
      shippingAddress: sample.shippingAddress,
      placeOfSupply: sample.placeOfSupply,
      paymentStatus: "PENDING",
      orderStatus: "Pending",
      paymentMethod: "cash-on-delivery",
      phoneUpdates: {
        channel: "whatsapp",
        noticeVersion: PHONE_UPDATES_NOTICE.version,
        mobile: "919812345670",
        consentedAt: at.toISOString(),
      },
      createdAt: at,
      updatedAt: at,
    });
    // The order's own tap writes its answer's event in the order's outbox (and its updatedAt), which the relay then
    // rewrites: the order is compared without them.
    const order = () =>
      ordersDb
        .collection("orders")
        .findOne(
          { _id: orderId as never },
          { projection: { outbox: 0, outboxPending: 0, outboxLease: 0, outboxLeaseOwner: 0, updatedAt: 0 } },
        );
    const before = await order();
    // Someone who read the payload types it from their own phone: WhatsApp signs it honestly, with their number.
    const actions = ["confirm", "cancel", "change-address"] as const;
    for (const [n, action] of actions.entries()) {
      const body = buttonTap(20 + n, "919812345678", `order:${action}:${orderId}`);
      const answer = await postWhatsApp(body, { "x-hub-signature-256": sign(body) });
      expect(JSON.parse(answer.text)).toEqual({ received: true, recorded: 1 });
    }
    // The order's own number asks for the address link: once it is answered, the taps before it were read too.
    const own = buttonTap(30, "919812345670", `order:change-address:${orderId}`);
    expect((await postWhatsApp(own, { "x-hub-signature-256": sign(own) })).status).toBe(200);
    const linkSentFor = (n: number) =>
      notificationDb.collection("phone_sends").findOne({ _id: `order_link:whatsapp:wamid.${tag}${n}` as never });
    // Sent, not only claimed: its message's record is written by then, so no later suite counts it as its own.
    await eventually(async () => (await linkSentFor(30))?.state === "sent", {
      timeoutMs: 20_000,
      what: "the own number's address link",
    });
    for (const n of actions.keys()) {
      // Each tap from another number is a bad input the shop must have refused: no answer sent, nothing changed.
      tally.tried++;
      expect(await linkSentFor(20 + n)).toBeNull();
      tally.refused++;
    }
    unchanged(await order(), before);
  });
});
