import { createHmac, timingSafeEqual } from "node:crypto";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SHOP } from "@storefront/contracts/plain";
import { createLogger, type RunningServer, startServer } from "@storefront/http";
import { createMessagingSandbox } from "@storefront/messaging-sandbox";
import { loadMessagingSandboxConfig } from "@storefront/messaging-sandbox/config";
import { eventually, type MessagingSandboxClient, messagingSandbox } from "@storefront/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The sandbox as the notification service's adapters meet it: the Cloud API's and MSG91's calls as documented, and
 * their webhooks received by a local stand-in for the shop, which checks Meta's signature with the app secret as
 * the real receiver must. The test helper of libs/testing drives the phone.
 */
const TOKEN = "whatsapp-token-for-the-sandbox-test";
const APP_SECRET = "whatsapp-app-secret-for-the-sandbox-test";
const AUTHKEY = "msg91-authkey-for-the-sandbox-test";
const logger = createLogger({ service: "messaging-sandbox-test", level: "silent" });

interface Received {
  path: string;
  raw: string;
  contentType: string;
  signature: string | undefined;
}
let sandbox: RunningServer;
let receiver: Server;
let phone: MessagingSandboxClient;
const received: Received[] = [];
/** Raw-body substrings whose next webhook the receiver refuses with 503 (the shop down), and how many more. */
const refuse = new Map<string, number>();

beforeAll(async () => {
  receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString();
    const down = [...refuse].find(([needle, left]) => left > 0 && raw.includes(needle));
    if (down) {
      refuse.set(down[0], down[1] - 1);
      res.statusCode = 503;
      res.end();
      return;
    }
    received.push({
      path: req.url ?? "",
      raw,
      contentType: String(req.headers["content-type"]),
      signature: req.headers["x-hub-signature-256"] as string | undefined,
    });
    res.end("ok");
  });
  receiver.listen(0, "127.0.0.1");
  await once(receiver, "listening");
  const shop = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const config = loadMessagingSandboxConfig({
    NODE_ENV: "test",
    MESSAGING_SANDBOX_WHATSAPP_TOKEN: TOKEN,
    MESSAGING_SANDBOX_WHATSAPP_APP_SECRET: APP_SECRET,
    MESSAGING_SANDBOX_MSG91_AUTHKEY: AUTHKEY,
    MESSAGING_SANDBOX_WHATSAPP_WEBHOOK_URL: `${shop}/api/notify/webhooks/whatsapp`,
    MESSAGING_SANDBOX_SMS_WEBHOOK_URL: `${shop}/api/notify/webhooks/sms`,
    MESSAGING_SANDBOX_STATUS_DELAY_MS: "20",
    MESSAGING_SANDBOX_WEBHOOK_RETRY_DELAYS_MS: "200,400",
    MESSAGING_SANDBOX_SMS_FAIL_NUMBERS: "919800000099",
  });
  const service = await createMessagingSandbox(config, logger);
  sandbox = await startServer(service.app, { port: 0, host: "127.0.0.1", logger, shutdownGraceMs: 500 });
  phone = messagingSandbox(sandbox.url);
});
afterAll(async () => {
  await sandbox?.close();
  receiver?.close();
});

/** What the shop's receiver must do: HMAC-SHA256 of the raw body with the app secret, compared in constant time. */
function signedByMeta(webhook: Received, secret = APP_SECRET): boolean {
  const expected = Buffer.from(`sha256=${createHmac("sha256", secret).update(webhook.raw).digest("hex")}`);
  const given = Buffer.from(webhook.signature ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const whatsAppWebhooks = (needle: string) =>
  received.filter((webhook) => webhook.path === "/api/notify/webhooks/whatsapp" && webhook.raw.includes(needle));
const changeValue = (webhook: Received) => JSON.parse(webhook.raw).entry[0].changes[0].value;

/** Graph's answer to a send: the message's id, or its error. */
interface GraphAnswer {
  contacts: { input: string; wa_id: string }[];
  messages: [{ id: string }];
  error: { code: number; type: string; message: string; error_data?: { details: string } };
}
const graph = async (answer: Response | Promise<Response>) => (await (await answer).json()) as GraphAnswer;
const msg91 = async (answer: Response | Promise<Response>) =>
  (await (await answer).json()) as { type: string; message: string };

function sendWhatsApp(body: unknown, token = TOKEN, phoneNumberId = "106540352242922") {
  return fetch(`${sandbox.url}/v21.0/${phoneNumberId}/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const codConfirm = (to: string, order: string) => ({
  messaging_product: "whatsapp",
  recipient_type: "individual",
  to,
  type: "template",
  template: {
    name: "cod_confirm",
    language: { code: "mr" },
    components: [
      { type: "body", parameters: [{ type: "text", parameter_name: "order_id", text: order }] },
      {
        type: "button",
        sub_type: "quick_reply",
        index: "0",
        parameters: [{ type: "payload", payload: `CONFIRM:${order}` }],
      },
      {
        type: "button",
        sub_type: "quick_reply",
        index: "1",
        parameters: [{ type: "payload", payload: `CANCEL:${order}` }],
      },
    ],
  },
});

describe("the WhatsApp Cloud API of the sandbox", () => {
  it("accepts a template message as Graph answers it and keeps it with its variables and buttons", async () => {
    const answer = await sendWhatsApp(codConfirm("+91 98765 00001", "A-1001"));
    expect(answer.status).toBe(200);
    const body = await graph(answer);
    expect(body).toMatchObject({
      messaging_product: "whatsapp",
      contacts: [{ input: "+91 98765 00001", wa_id: "919876500001" }],
    });
    expect(body.messages[0].id).toMatch(/^wamid\./);
    const [kept] = await phone.messagesTo("919876500001");
    expect(kept).toMatchObject({
      id: body.messages[0].id,
      channel: "whatsapp",
      direction: "out",
      template: {
        name: "cod_confirm",
        language: "mr",
        buttons: [{ payload: "CONFIRM:A-1001" }, { payload: "CANCEL:A-1001" }],
      },
    });
    expect(phone.variable(kept!, "order_id")).toBe("A-1001");
  });

  it("refuses a wrong or missing token with Graph's 401 (code 190), and keeps nothing", async () => {
    for (const token of ["not-the-token", ""]) {
      const answer = await sendWhatsApp(codConfirm("919876500002", "A-1002"), token);
      expect(answer.status).toBe(401);
      expect((await graph(answer)).error).toMatchObject({ type: "OAuthException", code: 190 });
    }
    expect(await phone.messagesTo("919876500002")).toEqual([]);
  });

  it("refuses a malformed body with Graph's 400 (code 100), naming what is wrong", async () => {
    const noProduct = await sendWhatsApp({ ...codConfirm("919876500003", "A-1003"), messaging_product: undefined });
    expect(noProduct.status).toBe(400);
    expect((await graph(noProduct)).error).toMatchObject({
      code: 100,
      message: "(#100) Invalid parameter",
      error_data: { messaging_product: "whatsapp", details: expect.stringContaining("messaging_product") },
    });
    const notJson = await sendWhatsApp("{not json");
    expect(notJson.status).toBe(400);
    expect((await graph(notJson)).error.code).toBe(100);
    expect(await phone.messagesTo("919876500003")).toEqual([]);
  });

  it("sends sent, delivered, then read when the phone shows it: each signed with the app secret", async () => {
    const { messages } = await graph(sendWhatsApp(codConfirm("919876500004", "A-1004")));
    const id: string = messages[0].id;
    await eventually(() => whatsAppWebhooks(id).length === 2, { what: "sent and delivered" });
    expect(await phone.read("919876500004")).toBe(1);
    await eventually(() => whatsAppWebhooks(id).length === 3, { what: "read" });
    const hooks = whatsAppWebhooks(id);
    expect(hooks.map((hook) => changeValue(hook).statuses[0].status)).toEqual(["sent", "delivered", "read"]);
    for (const hook of hooks) {
      expect(signedByMeta(hook)).toBe(true);
      expect(signedByMeta(hook, "another-app-secret-entirely")).toBe(false);
    }
    const { object, entry } = JSON.parse(hooks[0]!.raw);
    expect(object).toBe("whatsapp_business_account");
    expect(entry[0].changes[0]).toMatchObject({
      field: "messages",
      value: {
        messaging_product: "whatsapp",
        metadata: { phone_number_id: "106540352242922" },
        statuses: [{ id, status: "sent", recipient_id: "919876500004" }],
      },
    });
    // Read once: the phone shown again reads nothing more.
    expect(await phone.read("919876500004")).toBe(0);
    expect((await phone.reaches(id, "read")).states.map((state) => state.state)).toEqual([
      "accepted",
      "sent",
      "delivered",
      "read",
    ]);
  });

  it("sends a pressed quick reply as a signed button message whose context is the message pressed", async () => {
    const { messages } = await graph(sendWhatsApp(codConfirm("919876500005", "A-1005")));
    const pressed = await phone.press(messages[0].id, 0, "पुष्टी करा");
    await eventually(() => whatsAppWebhooks(pressed.id).length === 1, { what: "the button webhook" });
    const [hook] = whatsAppWebhooks(pressed.id);
    expect(signedByMeta(hook!)).toBe(true);
    const value = changeValue(hook!);
    expect(value.contacts[0].wa_id).toBe("919876500005");
    expect(value.messages).toEqual([
      {
        from: "919876500005",
        id: pressed.id,
        timestamp: expect.stringMatching(/^\d{10}$/),
        context: { from: SHOP.whatsAppNumber, id: messages[0].id },
        type: "button",
        button: { payload: "CONFIRM:A-1005", text: "पुष्टी करा" },
      },
    ]);
    // By payload too; a button the message does not have is refused.
    await expect(phone.press(messages[0].id, "CANCEL:A-1005")).resolves.toMatchObject({
      button: { payload: "CANCEL:A-1005" },
    });
    await expect(phone.press(messages[0].id, 7)).rejects.toThrow(/400/);
  });

  it("sends a typed reply (STOP) as a signed text message", async () => {
    await sendWhatsApp(codConfirm("919876500006", "A-1006"));
    const stop = await phone.reply("919876500006", "STOP");
    await eventually(() => whatsAppWebhooks(stop.id).length === 1, { what: "the text webhook" });
    const [hook] = whatsAppWebhooks(stop.id);
    expect(signedByMeta(hook!)).toBe(true);
    expect(changeValue(hook!).messages[0]).toMatchObject({
      from: "919876500006",
      type: "text",
      text: { body: "STOP" },
    });
  });

  it("sends a refused webhook again until the shop takes it", async () => {
    const { messages } = await graph(sendWhatsApp(codConfirm("919876500007", "A-1007")));
    await eventually(() => whatsAppWebhooks(messages[0].id).length === 2, { what: "sent and delivered" });
    // The shop is down for the first delivery of this reply: the sandbox tries again 200 ms later.
    refuse.set("STOP please", 1);
    const again = await phone.reply("919876500007", "STOP please");
    await eventually(() => whatsAppWebhooks(again.id).length === 1, { what: "the retried webhook", timeoutMs: 5000 });
    const kept = await eventually(async () =>
      (await phone.messagesTo("919876500007")).find(
        (message) => message.id === again.id && message.webhooks[0]?.delivered,
      ),
    );
    expect(kept.webhooks).toEqual([{ kind: "text STOP please", attempts: 2, delivered: true, lastAnswer: "200" }]);
    expect(refuse.get("STOP please")).toBe(0);
  });

  it("fails the next send when told to (Graph's error), then sends again; an undeliverable one gets a failed status", async () => {
    await phone.failWhatsApp({ next: 1, how: "reject" });
    const refused = await sendWhatsApp(codConfirm("919876500008", "A-1008"));
    expect(refused.status).toBe(400);
    expect((await graph(refused)).error.code).toBe(131026);
    expect((await sendWhatsApp(codConfirm("919876500008", "A-1008"))).status).toBe(200);

    await phone.failWhatsApp({ numbers: ["+91 98765 00009"], how: "undeliverable" });
    const { messages } = await graph(sendWhatsApp(codConfirm("919876500009", "A-1009")));
    await eventually(() => whatsAppWebhooks(messages[0].id).length === 1, { what: "the failed status" });
    const status = changeValue(whatsAppWebhooks(messages[0].id)[0]!).statuses[0];
    expect(status).toMatchObject({ status: "failed", errors: [{ code: 131026 }] });
    await phone.failWhatsApp({ next: 0, numbers: [] });
  });
});

describe("the MSG91 SMS API of the sandbox", () => {
  const sendSms = (body: unknown, authkey = AUTHKEY) =>
    fetch(`${sandbox.url}/api/v5/flow`, {
      method: "POST",
      headers: { "content-type": "application/json", authkey },
      body: JSON.stringify(body),
    });

  it("accepts a template SMS as MSG91 answers it, keeps it, and reports its delivery", async () => {
    const answer = await sendSms({
      template_id: "6571a2b3d6fc05",
      short_url: "0",
      recipients: [{ mobiles: "919876500010", order: "A-1010", otp: "481516" }],
    });
    expect(answer.status).toBe(200);
    const { type, message: requestId } = await msg91(answer);
    expect(type).toBe("success");
    expect(requestId).toMatch(/^[0-9a-f]{24}$/);
    const sms = await phone.latestTo("919876500010", { channel: "sms" });
    expect(sms.sms).toMatchObject({ templateId: "6571a2b3d6fc05", requestId });
    expect(phone.variable(sms, "otp")).toBe("481516");
    const report = await eventually(
      () => received.find((webhook) => webhook.path === "/api/notify/webhooks/sms" && webhook.raw.includes(requestId)),
      { what: "the delivery report" },
    );
    expect(report.contentType).toBe("application/json");
    expect(JSON.parse(report.raw)).toMatchObject({ requestId, number: "919876500010", status: "1", desc: "DELIVERED" });
  });

  it("reports a failed SMS to a number told to fail", async () => {
    const { message: requestId } = await msg91(
      sendSms({ template_id: "t1", recipients: [{ mobiles: "919800000099" }] }),
    );
    const report = await eventually(
      () => received.find((webhook) => webhook.path === "/api/notify/webhooks/sms" && webhook.raw.includes(requestId)),
      { what: "the failure report" },
    );
    expect(JSON.parse(report.raw)).toMatchObject({ status: "2", desc: "FAILED" });
  });

  it("refuses a wrong authkey and a body without template or recipients, in MSG91's error shape", async () => {
    const wrongKey = await sendSms({ template_id: "t1", recipients: [{ mobiles: "919876500011" }] }, "wrong-key");
    expect(wrongKey.status).toBe(401);
    expect(await msg91(wrongKey)).toMatchObject({ type: "error" });
    const malformed = await sendSms({ recipients: [] });
    expect(malformed.status).toBe(400);
    expect(await msg91(malformed)).toMatchObject({ type: "error" });
    expect(await phone.messagesTo("919876500011")).toEqual([]);
  });
});

describe("the sandbox's inbox", () => {
  it("shows a number's WhatsApp and SMS in one conversation, and forgets them on reset", async () => {
    await sendWhatsApp(codConfirm("919876500012", "A-1012"));
    await fetch(`${sandbox.url}/api/v5/flow`, {
      method: "POST",
      headers: { "content-type": "application/json", authkey: AUTHKEY },
      body: JSON.stringify({ template_id: "t1", recipients: [{ mobiles: "919876500012", order: "A-1012" }] }),
    });
    const page = await (await fetch(`${sandbox.url}/numbers/919876500012`)).text();
    expect(page).toContain("+91 98765 00012");
    expect(page).toContain('data-channel="whatsapp"');
    expect(page).toContain('data-channel="sms"');
    expect(page).toContain("CONFIRM:A-1012");
    expect(await (await fetch(`${sandbox.url}/`)).text()).toContain('href="/numbers/919876500012"');
    expect(await phone.reset("919876500012")).toBe(2);
    expect(await phone.messagesTo("919876500012")).toEqual([]);
  });
});
