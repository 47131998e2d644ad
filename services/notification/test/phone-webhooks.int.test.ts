import { createHmac } from "node:crypto";
import { ApiPaths, NotificationEvents } from "@storefront/contracts";
import { closeDependencies, createLogger, type RunningServer, startServer } from "@storefront/http";
import { eventually, freshDatabase, isolatedVhost, type TestDatabase, type TestVhost } from "@storefront/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotification } from "../src/app.js";
import { loadNotificationConfig } from "../src/config.js";
import { type PhoneMessageDocument, phoneMessageId } from "../src/persistence/phone-messages.js";
import { recorded } from "./phone-provider-fake.js";

/**
 * The phone providers' webhooks on notification's real routes, database and broker (docs/messaging.md): signed or
 * refused, each status and reply recorded once however often it comes, each reply's event published once.
 */
const APP_SECRET = "test-whatsapp-app-secret-0123";
const VERIFY_TOKEN = "test-whatsapp-verify-token-01";
const SMS_TOKEN = "test-msg91-webhook-token-0123";
const REPLIES = "test-phone-replies";

let vhost: TestVhost;
let database: TestDatabase;
let server: RunningServer;

beforeAll(async () => {
  vhost = await isolatedVhost("phone-webhooks");
  await vhost.bindQueue(REPLIES, [NotificationEvents.PHONE_REPLY_RECEIVED]);
  database = await freshDatabase("phone-webhooks");
  const config = loadNotificationConfig({
    ...database.env,
    AMQP_URL: vhost.amqpUrl,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: "100000000000001",
    MSG91_WEBHOOK_TOKEN: SMS_TOKEN,
    LOG_LEVEL: "silent",
  });
  const logger = createLogger({ service: "notification", level: "silent" });
  const service = await createNotification(config, logger);
  server = await startServer(service.app, {
    port: 0,
    host: "127.0.0.1",
    logger,
    shutdownGraceMs: 1000,
    onShutdown: () => closeDependencies(service.dependencies),
  });
});

afterAll(async () => {
  await server?.close();
  await vhost?.cleanup();
  await database?.drop();
});

const sign = (body: string, secret = APP_SECRET) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
/** `null`: no signature header at all. */
const postWhatsApp = (body: string, signature: string | null = sign(body)) =>
  fetch(`${server.url}${ApiPaths.notify.whatsappWebhook}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(signature === null ? {} : { "x-hub-signature-256": signature }),
    },
    body,
  });
const messages = () => database.db.collection<PhoneMessageDocument>("phone_messages");
const statuses = () => database.db.collection<{ _id: string }>("phone_statuses");
const replies = () => database.db.collection<{ _id: string }>("phone_replies");
/** A recorded webhook with its message ids made unique to the test, as a fresh notification would carry. */
const fresh = (file: string, tag: string) => JSON.stringify(recorded(file)).replaceAll("wamid.", `wamid.${tag}`);

describe("WhatsApp's webhook", () => {
  it("answers Meta's verification with the challenge, and refuses a wrong verify token", async () => {
    const query = (token: string) =>
      new URLSearchParams({ "hub.mode": "subscribe", "hub.verify_token": token, "hub.challenge": "1158201444" });
    const right = await fetch(`${server.url}${ApiPaths.notify.whatsappWebhook}?${query(VERIFY_TOKEN)}`);
    expect(right.status).toBe(200);
    expect(await right.text()).toBe("1158201444");
    const wrong = await fetch(`${server.url}${ApiPaths.notify.whatsappWebhook}?${query("a-guess")}`);
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ code: "FORBIDDEN" });
  });

  it("records the statuses of a signed notification by message id, the furthest state kept", async () => {
    const body = fresh("whatsapp-statuses.webhook.json", "statuses");
    const answer = await postWhatsApp(body);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, recorded: 4 });
    const read = await messages().findOne({
      _id: phoneMessageId("whatsapp", "wamid.statusesHBgMOTE5ODEyMzQ1Njc4FQIAERgSQzVGRDM3MkFCQzQ5RkE0QjJBAA=="),
    });
    expect(read).toMatchObject({ channel: "whatsapp", state: "read", recipient: "919812345678" });
    expect(Object.keys(read?.reached ?? {}).sort()).toEqual(["delivered", "read", "sent"]);
    const failed = await messages().findOne({
      _id: phoneMessageId("whatsapp", "wamid.statusesHBgMOTE5ODc2NTQzMjEwFQIAERgSMDAwMDAwMDAwMDAwMDAwMDAwAA=="),
    });
    expect(failed).toMatchObject({ state: "failed", failure: "131026 Message undeliverable" });
  });

  it("records statuses of one new message arriving at once, each once, the furthest state kept", async () => {
    const full = recorded("whatsapp-statuses.webhook.json") as {
      entry: { changes: { value: { statuses: { id: string; status: string }[] } }[] }[];
    };
    const all = full.entry[0]!.changes[0]!.value.statuses.slice(0, 3);
    // Each status in a notification of its own, every one sent twice, all at once.
    const bodies = all.flatMap((status) => {
      const one = structuredClone(full);
      one.entry[0]!.changes[0]!.value.statuses = [{ ...status, id: status.id.replace("wamid.", "wamid.race") }];
      return [JSON.stringify(one), JSON.stringify(one)];
    });
    const answers = await Promise.all(bodies.map((body) => postWhatsApp(body)));
    expect(answers.map((answer) => answer.status)).toEqual(bodies.map(() => 200));
    const counts = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as { recorded: number }).recorded),
    );
    expect(counts.reduce((sum, each) => sum + each, 0)).toBe(3);
    const message = await messages().findOne({
      _id: phoneMessageId("whatsapp", "wamid.raceHBgMOTE5ODEyMzQ1Njc4FQIAERgSQzVGRDM3MkFCQzQ5RkE0QjJBAA=="),
    });
    expect(message).toMatchObject({ state: "read", rank: 3 });
    expect(Object.keys(message?.reached ?? {}).sort()).toEqual(["delivered", "read", "sent"]);
  });

  it("records nothing for a forged, unsigned or tampered notification: 401 in the error shape", async () => {
    const body = fresh("whatsapp-statuses.webhook.json", "forged");
    const before = await statuses().countDocuments();
    const messagesBefore = await messages().countDocuments();
    for (const [signature, sent] of [
      [sign(body, "not-the-app-secret-at-all"), body],
      [null, body],
      [sign(body), body.replace('"read"', '"sent"')],
    ] as const) {
      const answer = await postWhatsApp(sent, signature);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({
        code: "UNAUTHENTICATED",
        message: "The webhook's signature is not valid.",
      });
    }
    expect(await statuses().countDocuments()).toBe(before);
    expect(await messages().countDocuments()).toBe(messagesBefore);
  });

  it("records a replayed notification once, and publishes a reply's event once, even when replays race", async () => {
    const body = fresh("whatsapp-button-reply.webhook.json", "replay");
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => postWhatsApp(body)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const recorded = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as { recorded: number }).recorded),
    );
    expect(recorded.sort()).toEqual([0, 0, 0, 0, 1]);
    // Once more, later: still nothing new.
    expect(await (await postWhatsApp(body)).json()).toEqual({ received: true, recorded: 0 });

    const replyId = phoneMessageId(
      "whatsapp",
      "wamid.replayHBgMOTE5ODEyMzQ1Njc4FQIAEhgWM0VCMEM3MDk5RTEyQkMyRDMwMjE5NAA=",
    );
    expect(await replies().findOne({ _id: replyId })).toMatchObject({
      kind: "button",
      action: "confirm",
      orderId: "GM-1042",
      from: "919812345678",
      optOut: false,
    });
    const published = await eventually(
      async () => {
        const peeked = await vhost.peek(REPLIES, 20);
        const ours = peeked
          .map((message) => JSON.parse(message.payload))
          .filter((event) => event.data.replyId === replyId);
        return ours.length > 0 && ours;
      },
      { what: "the reply's event on the bus" },
    );
    // Let a second copy, if one were coming, arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const all = (await vhost.peek(REPLIES, 50)).map((message) => JSON.parse(message.payload));
    expect(all.filter((event) => event.data.replyId === replyId)).toHaveLength(1);
    expect(published[0]).toMatchObject({
      type: "notification.phone-reply.received",
      version: 1,
      data: {
        replyId,
        channel: "whatsapp",
        mobile: "919812345678",
        kind: "button",
        action: "confirm",
        orderId: "GM-1042",
        optOut: false,
        inReplyTo: phoneMessageId("whatsapp", "wamid.replayHBgMOTE5ODEyMzQ1Njc4FQIAERgSQzVGRDM3MkFCQzQ5RkE0QjJBAA=="),
      },
    });
  });

  it("publishes a text reply such as STOP as one asking not to be messaged", async () => {
    const body = fresh("whatsapp-text-reply.webhook.json", "stop");
    expect((await postWhatsApp(body)).status).toBe(200);
    const replyId = phoneMessageId(
      "whatsapp",
      "wamid.stopHBgMOTE5ODEyMzQ1Njc4FQIAEhgWM0VCMDk5OTk5OTk5OTk5OTk5OTk5AA==",
    );
    const event = await eventually(
      async () =>
        (await vhost.peek(REPLIES, 50))
          .map((message) => JSON.parse(message.payload))
          .find((each) => each.data.replyId === replyId),
      { what: "the STOP reply's event" },
    );
    expect(event.data).toMatchObject({ kind: "text", text: "STOP", optOut: true });
  });

  it("takes an update's Stop updates button as the number's STOP, recorded for every later send", async () => {
    const body = fresh("whatsapp-button-reply.webhook.json", "stopbutton")
      .replace("order:confirm:GM-1042", "order:stop:GM-1042")
      .replace("निश्चित करा", "अपडेट्स थांबवा")
      .replaceAll("919812345678", "919812340001");
    expect((await postWhatsApp(body)).status).toBe(200);
    const event = await eventually(
      async () =>
        (await vhost.peek(REPLIES, 50))
          .map((message) => JSON.parse(message.payload))
          .find((each) => each.data.mobile === "919812340001"),
      { what: "the Stop updates tap's event" },
    );
    expect(event.data).toMatchObject({ kind: "button", action: "stop", orderId: "GM-1042", optOut: true });
    const optOut = await database.db
      .collection<{ _id: string; optedOutAt: Date }>("phone_opt_outs")
      .findOne({ _id: "919812340001" });
    expect(optOut?.optedOutAt).toBeInstanceOf(Date);
  });
});

describe("MSG91's delivery reports", () => {
  /** `null`: no token in the URL at all. */
  const postSms = (body: unknown, token: string | null = SMS_TOKEN, form = false) =>
    fetch(`${server.url}${ApiPaths.notify.smsWebhook}${token === null ? "" : `?token=${encodeURIComponent(token)}`}`, {
      method: "POST",
      headers: { "content-type": form ? "application/x-www-form-urlencoded" : "application/json" },
      body: form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
    });

  it("records a JSON (v3) and a form (v2) report once each, by MSG91's request id", async () => {
    const v3 = { ...(recorded("msg91-report-v3.webhook.json") as object), requestId: "int-v3-request" };
    expect(await (await postSms(v3)).json()).toEqual({ received: true, recorded: 1 });
    expect(await (await postSms(v3)).json()).toEqual({ received: true, recorded: 0 });
    expect(await messages().findOne({ _id: "sms:int-v3-request" })).toMatchObject({ state: "delivered" });

    const v2 = recorded("msg91-report-v2.webhook.json") as { data: string };
    const answer = await postSms(
      { data: v2.data.replace("3763646c3058373530393833", "int-v2-request") },
      SMS_TOKEN,
      true,
    );
    expect(await answer.json()).toEqual({ received: true, recorded: 1 });
    expect(await messages().findOne({ _id: "sms:int-v2-request" })).toMatchObject({
      state: "failed",
      failure: "2 Absent subscriber",
    });
  });

  it("refuses a report without our token, recording nothing", async () => {
    const v3 = { ...(recorded("msg91-report-v3.webhook.json") as object), requestId: "int-forged-request" };
    for (const token of [null, "", "a-guess-at-the-token-0123"]) {
      const answer = await postSms(v3, token);
      expect(answer.status, `${token}: ${await answer.clone().text()}`).toBe(401);
      expect(await answer.json()).toMatchObject({ code: "UNAUTHENTICATED" });
    }
    expect(await messages().findOne({ _id: "sms:int-forged-request" })).toBeNull();
  });
});
