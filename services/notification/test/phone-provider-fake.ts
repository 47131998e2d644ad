import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Msg91SmsChannel } from "../src/channels/msg91-sms.js";
import { WhatsAppCloudChannel } from "../src/channels/whatsapp-cloud.js";

/** A recorded provider shape (test/fixtures/phone, docs/messaging.md, Sources). */
export const recorded = (file: string): unknown =>
  JSON.parse(readFileSync(new URL(`fixtures/phone/${file}`, import.meta.url), "utf8"));

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * A stand-in for a provider's API on a loopback port: it records each request and answers what the test says. The
 * messaging sandbox imitates the providers for whole local runs; this one lets a test choose a 500 or a bad answer.
 */
export async function providerFake() {
  const received: ReceivedRequest[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  /** A body made for each request (a message id of its own), when the test gives a function. */
  const bodyOf = (request: ReceivedRequest) =>
    typeof answer.body === "function" ? (answer.body as (request: ReceivedRequest) => unknown)(request) : answer.body;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const request = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: text ? JSON.parse(text) : undefined,
      };
      received.push(request);
      const body = bodyOf(request);
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answers(status: number, body: unknown) {
      answer = { status, body };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Notification's real adapters pointed at two provider stand-ins (WhatsApp's Cloud API, MSG91), with test
 * credentials and no DLT template ids required: what the sender's integration files hand `sendPhoneOnce`.
 */
export const channelsTo = (whatsappUrl: string, msg91Url: string) => ({
  whatsapp: new WhatsAppCloudChannel({
    apiUrl: whatsappUrl,
    version: "v23.0",
    phoneNumberId: "100000000000001",
    accessToken: "test-token",
    timeoutMs: 2000,
  }),
  sms: new Msg91SmsChannel({
    apiUrl: msg91Url,
    authKey: "test-key",
    sender: "GOKULM",
    templateIds: {},
    requireTemplateIds: false,
    timeoutMs: 2000,
  }),
});
