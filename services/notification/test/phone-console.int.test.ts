import { createHmac } from "node:crypto";
import { signAccessToken } from "@storefront/auth";
import { ApiPaths, apiPath } from "@storefront/contracts";
import { closeDependencies, createLogger, type RunningServer, startServer } from "@storefront/http";
import { freshDatabase, isolatedVhost, seriesValue, type TestDatabase, type TestVhost } from "@storefront/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotification } from "../src/app.js";
import type { PhoneMessageView } from "../src/channels/phone-message-view.js";
import { loadNotificationConfig } from "../src/config.js";
import type { PhoneSendDocument } from "../src/persistence/phone-sends.js";
import { recorded } from "./phone-provider-fake.js";

/**
 * The on-call console's view of the phone messages (docs/messaging.md, Seen by the people who run it) on
 * notification's real route and database: each send with the furthest state its webhooks reported, failures with
 * their reasons, STOPs; ADMIN only; and the webhook-reported failures counted once on /metrics.
 */
const APP_SECRET = "test-whatsapp-app-secret-0123";
const JWT_SECRET = "test-jwt-secret-for-the-phone-console-0123";
const keys = { secret: JWT_SECRET, issuer: "storefront-identity", expiresInSeconds: 600 };
const token = (role: "ADMIN" | "USER" | "COUNTER") =>
  signAccessToken({ sub: `u-${role}`, email: `${role.toLowerCase()}@shop.example`, role }, keys);

let vhost: TestVhost;
let database: TestDatabase;
let server: RunningServer;

beforeAll(async () => {
  vhost = await isolatedVhost("phone-console");
  database = await freshDatabase("phone-console");
  const config = loadNotificationConfig({
    ...database.env,
    AMQP_URL: vhost.amqpUrl,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_PHONE_NUMBER_ID: "100000000000001",
    JWT_SECRET,
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

const READ = "wamid.consoleHBgMOTE5ODEyMzQ1Njc4FQIAERgSQzVGRDM3MkFCQzQ5RkE0QjJBAA==";
const FAILED = "wamid.consoleHBgMOTE5ODc2NTQzMjEwFQIAERgSMDAwMDAwMDAwMDAwMDAwMDAwAA==";
const orderId = (n: number) => `${Date.now()}CON${n}`;

/** The recorded statuses webhook (read for one message, failed for the other), signed as Meta signs it. */
const postStatuses = () => {
  const body = JSON.stringify(recorded("whatsapp-statuses.webhook.json")).replaceAll("wamid.", "wamid.console");
  return fetch(`${server.url}${ApiPaths.notify.whatsappWebhook}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-hub-signature-256": `sha256=${createHmac("sha256", APP_SECRET).update(body).digest("hex")}`,
    },
    body,
  });
};
const consoleView = (bearer?: string, query: Record<string, string> = {}) =>
  fetch(`${server.url}${apiPath(ApiPaths.notify.adminPhoneMessages, {}, query)}`, {
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });
const reportedFailures = async () =>
  seriesValue(await (await fetch(`${server.url}/metrics`)).text(), "phone_messages_failed_total", {
    channel: "whatsapp",
  });

describe("the console's phone messages", () => {
  it("shows each send with its furthest state from the webhooks, failures and STOPs with their reasons", async () => {
    const ids = [1, 2, 3, 4].map(orderId);
    const at = (seconds: number) => new Date(Date.now() - 60_000 + seconds * 1000);
    const sends: PhoneSendDocument[] = [
      { _id: `cod_confirm:${ids[0]}`, to: "919812345678", template: "cod_confirm", state: "sent", claimedAt: at(1) },
      { _id: `cod_confirm:${ids[1]}`, to: "919876543210", template: "cod_confirm", state: "sent", claimedAt: at(2) },
      { _id: `cod_confirm:${ids[2]}`, to: "919812340003", template: "cod_confirm", state: "failed", claimedAt: at(3) },
      { _id: `cod_confirm:${ids[3]}`, to: "919812340004", template: "cod_confirm", state: "skipped", claimedAt: at(4) },
      {
        _id: "order_link:wamid.reply1",
        to: "919812340005",
        template: "order_link",
        state: "sending",
        claimedAt: at(5),
      },
    ];
    Object.assign(sends[0]!, { channel: "whatsapp", messageId: READ });
    Object.assign(sends[1]!, { channel: "whatsapp", messageId: FAILED });
    Object.assign(sends[2]!, { failures: ["whatsapp: not on WhatsApp", "sms: template not registered"] });
    Object.assign(sends[3]!, { skipped: "the number said STOP" });
    await database.db.collection<PhoneSendDocument>("phone_sends").insertMany(sends);
    const failedBefore = await reportedFailures();
    expect((await postStatuses()).status).toBe(200);
    // A replay of the webhook records nothing and counts no second failure.
    expect((await postStatuses()).status).toBe(200);
    expect(await reportedFailures()).toBe(failedBefore + 1);

    const answer = await consoleView(token("ADMIN"));
    expect(answer.status).toBe(200);
    const { messages } = (await answer.json()) as { messages: PhoneMessageView[] };
    // Newest first.
    expect(messages.map((message) => message.id)).toEqual(sends.map((send) => send._id).reverse());
    const [link, skipped, failed, failedLater, read] = messages;
    expect(read).toMatchObject({ orderId: ids[0], channel: "whatsapp", state: "read", to: "••••••••5678" });
    expect(Object.keys(read!.reached).sort()).toEqual(["delivered", "read", "sent"]);
    expect(failedLater).toMatchObject({
      state: "failed",
      reasons: ["whatsapp reported: 131026 Message undeliverable"],
    });
    expect(failed).toMatchObject({
      orderId: ids[2],
      state: "failed",
      reasons: ["whatsapp: not on WhatsApp", "sms: template not registered"],
    });
    expect(skipped).toMatchObject({ state: "skipped", reasons: ["the number said STOP"] });
    expect(link).toMatchObject({ state: "sending", template: "order_link" });
    expect(link).not.toHaveProperty("orderId");

    const two = (await (await consoleView(token("ADMIN"), { limit: "2" })).json()) as { messages: unknown[] };
    expect(two.messages).toHaveLength(2);
  });

  it("is the admin's alone: no token 401, a shopper or counter staff 403, a wrong limit 400, in the error shape", async () => {
    const none = await consoleView();
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    for (const role of ["USER", "COUNTER"] as const) expect((await consoleView(token(role))).status).toBe(403);
    const forged = signAccessToken(
      { sub: "u-x", email: "x@shop.example", role: "ADMIN" },
      { ...keys, secret: "another-secret-0123456789abcdef" },
    );
    expect((await consoleView(forged)).status).toBe(401);
    for (const limit of ["0", "201", "ten", "1e9"]) {
      const wrong = await consoleView(token("ADMIN"), { limit });
      expect(wrong.status, limit).toBe(400);
    }
  });
});
