import { createHmac } from "node:crypto";
import { once } from "node:events";
import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createLogger, type RunningServer, startServer } from "@storefront/http";
import { createMessagingSandbox } from "@storefront/messaging-sandbox";
import { loadMessagingSandboxConfig } from "@storefront/messaging-sandbox/config";
import { eventually } from "@storefront/testing";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The inbox's phone in Debian's Chromium at a phone's width (390 px), without the whole shop: a person opens a
 * number, sees its WhatsApp and SMS, presses a quick reply and types STOP, and the shop's receiver gets each as a
 * signed webhook. The screenshot lands in .data/test-results/messaging-sandbox-phone.png.
 */
const APP_SECRET = "whatsapp-app-secret-for-the-phone-test";
const TOKEN = "whatsapp-token-for-the-phone-test";
const AUTHKEY = "msg91-authkey-for-the-phone-test";
const NUMBER = "919876540001";
const logger = createLogger({ service: "messaging-sandbox-phone-test", level: "silent" });

let sandbox: RunningServer;
let receiver: Server;
let browser: Browser;
const received: { raw: string; signature: string }[] = [];

beforeAll(async () => {
  receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ raw: Buffer.concat(chunks).toString(), signature: String(req.headers["x-hub-signature-256"]) });
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
    MESSAGING_SANDBOX_WHATSAPP_WEBHOOK_URL: `${shop}/whatsapp`,
    MESSAGING_SANDBOX_SMS_WEBHOOK_URL: `${shop}/sms`,
    MESSAGING_SANDBOX_STATUS_DELAY_MS: "20",
  });
  sandbox = await startServer((await createMessagingSandbox(config, logger)).app, {
    port: 0,
    host: "127.0.0.1",
    logger,
    shutdownGraceMs: 500,
  });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
});
afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
  receiver?.close();
});

const signed = (hook: { raw: string; signature: string }) =>
  hook.signature === `sha256=${createHmac("sha256", APP_SECRET).update(hook.raw).digest("hex")}`;
const inboundOf = (hook: { raw: string }) => JSON.parse(hook.raw).entry?.[0].changes[0].value.messages?.[0];

describe("the inbox's phone at 390 px", () => {
  it("shows both channels, sends a pressed button and a typed STOP back signed, and marks the message read", async () => {
    const sent = await fetch(`${sandbox.url}/v21.0/106540352242922/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({
        messaging_product: "whatsapp",
        to: NUMBER,
        type: "template",
        template: {
          name: "cod_confirm",
          language: { code: "mr" },
          components: [
            {
              type: "body",
              parameters: [
                { type: "text", parameter_name: "order_id", text: "1732262400100AB12" },
                { type: "text", parameter_name: "total", text: "₹1,190.00" },
              ],
            },
            ...["CONFIRM", "CHANGE_ADDRESS", "CANCEL"].map((payload, index) => ({
              type: "button",
              sub_type: "quick_reply",
              index: String(index),
              parameters: [{ type: "payload", payload }],
            })),
          ],
        },
      }),
    });
    const wamid = ((await sent.json()) as { messages: { id: string }[] }).messages[0]!.id;
    await fetch(`${sandbox.url}/api/v5/flow`, {
      method: "POST",
      headers: { "content-type": "application/json", authkey: AUTHKEY },
      body: JSON.stringify({ template_id: "6571a2b3d6fc05", recipients: [{ mobiles: NUMBER, otp: "481516" }] }),
    });
    // Delivered before the phone is opened: opening it reads the message.
    await eventually(() => received.some((hook) => hook.raw.includes('"status":"delivered"')), { what: "delivered" });

    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    await page.goto(`${sandbox.url}/`);
    await page.getByTestId("number").first().click();
    await page.waitForURL(`**/numbers/${NUMBER}`);
    expect(await page.getByTestId("phone-number").textContent()).toBe("+91 98765 40001");
    const messages = page.getByTestId("message");
    expect(await messages.evaluateAll((all) => all.map((element) => element.getAttribute("data-channel")))).toEqual([
      "whatsapp",
      "sms",
    ]);
    await eventually(() => received.some((hook) => hook.raw.includes('"status":"read"')), { what: "read" });
    // Nothing sideways on a phone.
    expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(390);

    await page.getByTestId("quick-reply").filter({ hasText: "CONFIRM" }).click();
    const pressed = await eventually(() => received.find((hook) => inboundOf(hook)?.type === "button"), {
      what: "the button webhook",
    });
    expect(signed(pressed)).toBe(true);
    expect(inboundOf(pressed)).toMatchObject({ from: NUMBER, context: { id: wamid }, button: { payload: "CONFIRM" } });

    await page.getByTestId("reply-stop").click();
    const stop = await eventually(() => received.find((hook) => inboundOf(hook)?.type === "text"), {
      what: "the STOP webhook",
    });
    expect(signed(stop)).toBe(true);
    expect(inboundOf(stop).text).toEqual({ body: "STOP" });
    // The phone shows what it sent, newest at the bottom.
    await page.getByTestId("message").filter({ hasText: "STOP" }).waitFor();
    expect(await page.getByTestId("message").last().textContent()).toContain("STOP");

    mkdirSync(".data/test-results", { recursive: true });
    await page.screenshot({ path: ".data/test-results/messaging-sandbox-phone.png", fullPage: true });
    await page.close();
  });
});
