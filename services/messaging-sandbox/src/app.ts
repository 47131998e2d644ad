import { randomBytes } from "node:crypto";
import { buildApp, type Logger, type Service } from "@storefront/http";
import type { Express, NextFunction, Request, Response } from "express";
import { z } from "zod";
import type { MessagingSandboxConfig } from "./config.js";
import { FailureSwitch } from "./failure-switch.js";
import { Inbox, type StoredMessage, type WebhookLog } from "./inbox.js";
import { conversationHtml, numbersPage, phonePage } from "./inbox-page.js";
import {
  deliveryReportV2,
  deliveryReportV3,
  flowBody,
  msg91Error,
  msg91Success,
  newRequestId,
  recipientVariables,
} from "./msg91-wire.js";
import { type Webhook, webhookDelivery } from "./webhook-delivery.js";
import {
  type BusinessNumber,
  graphError,
  type InboundMessage,
  inboundWebhookBody,
  newWamid,
  quickReplies,
  type StatusEntry,
  sendMessageBody,
  signPayload,
  statusWebhookBody,
  templateVariables,
  unixSeconds,
  type WhatsAppStatus,
  waNumber,
} from "./whatsapp-wire.js";

/** What the sandbox's own JSON API takes (docs/messaging-sandbox.md, "For tests"). */
const pressBody = z.object({
  /** The button: its index (0, 1, 2) or its payload. */
  button: z.union([z.number().int().nonnegative(), z.string().min(1)]),
  /** The button's label, as the phone shows it (`button.text` of the webhook); the payload when not given. */
  text: z.string().min(1).max(256).optional(),
});
const replyBody = z.object({
  text: z.string().trim().min(1).max(4096),
  /** The message the reply answers (a swipe-reply on the phone): its `context.id`. */
  context: z.string().min(1).optional(),
});
const failuresBody = z.object({
  next: z.number().int().nonnegative().optional(),
  numbers: z.array(waNumber).optional(),
  how: z.enum(["reject", "undeliverable"]).optional(),
});
const resetBody = z.object({ number: waNumber.optional() }).default({});
const numberParam = waNumber;

/** Per WhatsApp message: its status webhooks go out one after another, each status once. */
interface StatusLine {
  chain: Promise<void>;
  queued: Set<WhatsAppStatus>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A local WhatsApp Business Cloud API and MSG91 SMS API: the notification service's adapters send to it exactly as
 * to the real ones; it keeps every message, sends the status and delivery-report webhooks the providers send (signed
 * like Meta's), and its inbox lets a person or a test press a template's button or reply, which it sends back as the
 * signed inbound-message webhook, through the gateway like the real platform.
 */
export async function createMessagingSandbox(config: MessagingSandboxConfig, logger: Logger): Promise<Service> {
  const inbox = new Inbox();
  const failures = new FailureSwitch({
    next: config.MESSAGING_SANDBOX_WHATSAPP_FAIL_NEXT,
    numbers: config.MESSAGING_SANDBOX_WHATSAPP_FAIL_NUMBERS,
    how: config.MESSAGING_SANDBOX_WHATSAPP_FAIL_HOW,
  });
  const smsFailures = new Set(config.MESSAGING_SANDBOX_SMS_FAIL_NUMBERS);
  const statusLines = new Map<string, StatusLine>();
  const deliver = webhookDelivery(config.MESSAGING_SANDBOX_WEBHOOK_RETRY_DELAYS_MS, logger);

  /** Delivers a webhook, its progress logged on the message (the inbox shows it). */
  function send(message: StoredMessage, webhook: Webhook): Promise<WebhookLog> {
    const log: WebhookLog = { kind: webhook.kind, attempts: 0, delivered: false, lastAnswer: "" };
    message.webhooks.push(log);
    return deliver(webhook, log);
  }

  const business = (phoneNumberId = config.MESSAGING_SANDBOX_WHATSAPP_PHONE_NUMBER_ID): BusinessNumber => ({
    businessAccountId: config.MESSAGING_SANDBOX_WHATSAPP_BUSINESS_ACCOUNT_ID,
    displayPhoneNumber: config.MESSAGING_SANDBOX_WHATSAPP_DISPLAY_NUMBER,
    phoneNumberId,
  });

  const signedWhatsApp = (kind: string, body: string): Webhook => ({
    kind,
    url: config.MESSAGING_SANDBOX_WHATSAPP_WEBHOOK_URL,
    contentType: "application/json",
    body,
    headers: { "x-hub-signature-256": signPayload(config.MESSAGING_SANDBOX_WHATSAPP_APP_SECRET, body) },
  });

  /**
   * Queues a status of a WhatsApp message: sent and delivered a moment apart (STATUS_DELAY_MS), read only after
   * delivered, each told once, in order, by a signed status webhook.
   */
  function queueStatus(message: StoredMessage, status: WhatsAppStatus): void {
    const line = statusLines.get(message.id) ?? { chain: Promise.resolve(), queued: new Set() };
    statusLines.set(message.id, line);
    if (line.queued.has(status) || line.queued.has("failed")) return;
    if (status === "read" && !line.queued.has("delivered")) return;
    line.queued.add(status);
    line.chain = line.chain.then(async () => {
      if (status !== "read") await sleep(config.MESSAGING_SANDBOX_STATUS_DELAY_MS);
      inbox.record(message, status);
      const entry: StatusEntry = {
        id: message.id,
        status,
        timestamp: unixSeconds(),
        recipient_id: message.number,
      };
      if (status === "sent" || status === "delivered") {
        const category = message.template ? "utility" : "service";
        entry.conversation = { id: `sandbox-${message.id.slice(-12)}`, origin: { type: category } };
        entry.pricing = { billable: category !== "service", pricing_model: "PMP", category };
      }
      if (status === "failed") {
        entry.errors = [
          {
            code: 131026,
            title: "Message undeliverable",
            message: "Message undeliverable",
            error_data: { details: "The messaging sandbox was told to fail this message" },
          },
        ];
      }
      await send(
        message,
        signedWhatsApp(`status ${status}`, statusWebhookBody(business(message.phoneNumberId), entry)),
      );
    });
  }

  /** The phone has shown the number's conversation: its delivered WhatsApp messages are read. */
  function readConversation(number: string): number {
    let read = 0;
    for (const message of inbox.conversation(number)) {
      if (message.channel !== "whatsapp" || message.direction !== "out") continue;
      const line = statusLines.get(message.id);
      if (line?.queued.has("delivered") && !line.queued.has("read") && !line.queued.has("failed")) {
        queueStatus(message, "read");
        read += 1;
      }
    }
    return read;
  }

  /** The phone sends a message (a button pressed, a text typed): stored, and told by a signed webhook. */
  function inbound(
    number: string,
    content: { button: { payload: string; text: string } } | { text: string },
    replyTo: StoredMessage | undefined,
  ): StoredMessage {
    const id = newWamid();
    const latest = inbox
      .conversation(number)
      .filter((message) => message.channel === "whatsapp" && message.direction === "out")
      .at(-1);
    const phoneNumberId = replyTo?.phoneNumberId ?? latest?.phoneNumberId;
    const stored = inbox.add(
      {
        id,
        channel: "whatsapp",
        direction: "in",
        number,
        ...("button" in content ? { button: content.button } : { text: content.text }),
        ...(replyTo ? { replyTo: replyTo.id } : {}),
        ...(phoneNumberId ? { phoneNumberId } : {}),
      },
      "received",
    );
    const base = {
      from: number,
      id,
      timestamp: unixSeconds(),
      ...(replyTo ? { context: { from: config.MESSAGING_SANDBOX_WHATSAPP_DISPLAY_NUMBER, id: replyTo.id } } : {}),
    };
    const message: InboundMessage =
      "button" in content
        ? { ...base, type: "button", button: content.button }
        : { ...base, type: "text", text: { body: content.text } };
    const kind = "button" in content ? `button ${content.button.payload}` : `text ${content.text}`;
    void send(stored, signedWhatsApp(kind, inboundWebhookBody(business(phoneNumberId), message, "Sandbox phone")));
    return stored;
  }

  /** MSG91's delivery report for one SMS, a moment after it was taken, to the configured URL. */
  async function reportSms(message: StoredMessage): Promise<void> {
    await sleep(config.MESSAGING_SANDBOX_STATUS_DELAY_MS);
    const delivered = !smsFailures.has(message.number);
    inbox.record(message, delivered ? "delivered" : "failed");
    const report = {
      requestId: message.sms!.requestId,
      number: message.number,
      senderId: message.sms!.sender,
      delivered,
      at: new Date(),
    };
    const { contentType, body } =
      config.MESSAGING_SANDBOX_SMS_WEBHOOK_VERSION === "v2" ? deliveryReportV2(report) : deliveryReportV3(report);
    await send(message, {
      kind: `report ${delivered ? "DELIVERED" : "FAILED"}`,
      url: config.MESSAGING_SANDBOX_SMS_WEBHOOK_URL,
      contentType,
      body,
    });
  }

  const nonce = () => randomBytes(16).toString("base64");
  const html = (res: Response, page: (nonce: string) => string) => {
    const value = nonce();
    res
      .set(
        "Content-Security-Policy",
        `default-src 'none'; script-src 'nonce-${value}'; style-src 'nonce-${value}'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
      )
      .type("html")
      .send(page(value));
  };

  const routes = (app: Express) => {
    // ---- WhatsApp Business Cloud API: POST /{version}/{phone-number-id}/messages
    app.post("/:version/:phoneNumberId/messages", (req: Request, res: Response, next: NextFunction) => {
      const version = String(req.params.version);
      const phoneNumberId = String(req.params.phoneNumberId);
      if (!/^v\d+\.\d+$/.test(version) || !/^\d+$/.test(phoneNumberId)) return next();
      if (req.get("authorization") !== `Bearer ${config.MESSAGING_SANDBOX_WHATSAPP_TOKEN}`) {
        return res
          .status(401)
          .json(graphError(190, "Invalid OAuth access token - Cannot parse access token", undefined, "OAuthException"));
      }
      const parsed = sendMessageBody.safeParse(req.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const details = `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`;
        return res.status(400).json(graphError(100, "(#100) Invalid parameter", details));
      }
      const body = parsed.data;
      const failure = failures.take(body.to);
      if (failure === "reject") {
        return res
          .status(400)
          .json(
            graphError(131026, "(#131026) Message undeliverable", "The messaging sandbox was told to fail this send"),
          );
      }
      const replyTo = body.context ? inbox.get(body.context.message_id) : undefined;
      const message = inbox.add(
        {
          id: newWamid(),
          channel: "whatsapp",
          direction: "out",
          number: body.to,
          phoneNumberId,
          ...(replyTo ? { replyTo: replyTo.id } : {}),
          ...(body.type === "template"
            ? {
                template: {
                  name: body.template.name,
                  language: body.template.language.code,
                  variables: templateVariables(body.template.components),
                  buttons: quickReplies(body.template.components),
                },
              }
            : { text: body.text.body }),
        },
        "accepted",
      );
      if (failure === "undeliverable") queueStatus(message, "failed");
      else {
        queueStatus(message, "sent");
        queueStatus(message, "delivered");
      }
      res.json({
        messaging_product: "whatsapp",
        contacts: [{ input: String((req.body as { to?: unknown }).to), wa_id: body.to }],
        messages: [{ id: message.id, ...(body.type === "template" ? { message_status: "accepted" } : {}) }],
      });
    });

    // ---- MSG91: POST /api/v5/flow (Send SMS via Flow, a DLT template with its variables per recipient)
    for (const path of ["/api/v5/flow", "/api/v5/flow/"]) {
      app.post(path, (req, res) => {
        if (req.get("authkey") !== config.MESSAGING_SANDBOX_MSG91_AUTHKEY) {
          return res.status(401).json(msg91Error("Authentication failure"));
        }
        const parsed = flowBody.safeParse(req.body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          return res.status(400).json(msg91Error(`${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`));
        }
        const requestId = newRequestId();
        for (const recipient of parsed.data.recipients) {
          for (const number of recipient.mobiles.split(",")) {
            const message = inbox.add(
              {
                id: `${requestId}-${number}`,
                channel: "sms",
                direction: "out",
                number,
                sms: {
                  templateId: (parsed.data.template_id ?? parsed.data.flow_id)!,
                  requestId,
                  sender: parsed.data.sender ?? "",
                  variables: recipientVariables(recipient),
                },
              },
              "accepted",
            );
            void reportSms(message);
          }
        }
        res.json(msg91Success(requestId));
      });
    }

    // ---- The sandbox's own JSON API, for tests (docs/messaging-sandbox.md)
    app.get("/sandbox/messages", (req, res) => {
      const to = typeof req.query.to === "string" ? numberParam.safeParse(req.query.to) : undefined;
      if (to && !to.success) return res.status(400).json({ message: "to must be a phone number" });
      res.json({ messages: to ? inbox.conversation(to.data!) : inbox.all() });
    });
    app.get("/sandbox/messages/:id", (req, res) => {
      const message = inbox.get(String(req.params.id));
      if (!message) return res.status(404).json({ message: "no such message" });
      res.json(message);
    });
    app.post("/sandbox/messages/:id/press", (req, res) => {
      const message = inbox.get(String(req.params.id));
      if (!message?.template) return res.status(404).json({ message: "no template message with this id" });
      const parsed = pressBody.safeParse(req.body);
      if (!parsed.success) return res.status(400).json({ message: "button must be an index or a payload" });
      const { button: wanted, text } = parsed.data;
      const button = message.template.buttons.find((candidate) =>
        typeof wanted === "number" ? candidate.index === wanted : candidate.payload === wanted,
      );
      if (!button) return res.status(400).json({ message: `the message has no button ${wanted}` });
      message.pressed.push(button.payload);
      const sent = inbound(
        message.number,
        { button: { payload: button.payload, text: text ?? button.payload } },
        message,
      );
      res.status(201).json(sent);
    });
    app.post("/sandbox/numbers/:number/reply", (req, res) => {
      const number = numberParam.safeParse(String(req.params.number));
      const parsed = replyBody.safeParse(req.body);
      if (!number.success || !parsed.success) return res.status(400).json({ message: "a number and a text, please" });
      const replyTo = parsed.data.context ? inbox.get(parsed.data.context) : undefined;
      if (parsed.data.context && !replyTo) return res.status(404).json({ message: "no such message to reply to" });
      res.status(201).json(inbound(number.data, { text: parsed.data.text }, replyTo));
    });
    app.post("/sandbox/numbers/:number/read", (req, res) => {
      const number = numberParam.safeParse(String(req.params.number));
      if (!number.success) return res.status(400).json({ message: "not a phone number" });
      res.json({ read: readConversation(number.data) });
    });
    app.get("/sandbox/numbers", (_req, res) => {
      res.json({ numbers: inbox.numbers() });
    });
    app.get("/sandbox/whatsapp/failures", (_req, res) => {
      res.json(failures.settings);
    });
    app.post("/sandbox/whatsapp/failures", (req, res) => {
      const parsed = failuresBody.safeParse(req.body);
      if (!parsed.success) return res.status(400).json({ message: "next, numbers and how (reject, undeliverable)" });
      failures.set(parsed.data);
      res.json(failures.settings);
    });
    app.post("/sandbox/reset", (req, res) => {
      const parsed = resetBody.safeParse(req.body ?? {});
      if (!parsed.success) return res.status(400).json({ message: "number must be a phone number" });
      const forgotten = inbox.reset(parsed.data.number);
      for (const id of [...statusLines.keys()]) if (!inbox.get(id)) statusLines.delete(id);
      // A whole reset also puts the failure switch back as configured.
      if (!parsed.data.number) {
        failures.set({
          next: config.MESSAGING_SANDBOX_WHATSAPP_FAIL_NEXT,
          numbers: config.MESSAGING_SANDBOX_WHATSAPP_FAIL_NUMBERS,
          how: config.MESSAGING_SANDBOX_WHATSAPP_FAIL_HOW,
        });
      }
      res.json({ forgotten });
    });

    // ---- The web inbox
    app.get("/", (_req, res) => html(res, (value) => numbersPage(inbox.numbers(), value)));
    app.get("/numbers/:number", (req, res, next) => {
      const number = numberParam.safeParse(String(req.params.number));
      if (!number.success) return next();
      readConversation(number.data);
      html(res, (value) => phonePage(number.data, inbox.conversation(number.data), value));
    });
    app.get("/numbers/:number/conversation", (req, res, next) => {
      const number = numberParam.safeParse(String(req.params.number));
      if (!number.success) return next();
      readConversation(number.data);
      res.type("html").send(conversationHtml(inbox.conversation(number.data)));
    });

    // A body that is not JSON at all is answered in the provider's own error shape, as the real API would.
    app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
      if (!(error instanceof SyntaxError)) return next(error);
      if (req.path.startsWith("/api/v5/")) return res.status(400).json(msg91Error("Invalid JSON"));
      if (/^\/v\d+\.\d+\//.test(req.path)) {
        return res.status(400).json(graphError(100, "(#100) Invalid parameter", "The request body is not valid JSON"));
      }
      next(error);
    });
  };

  const app = buildApp({ service: "messaging-sandbox", logger, routes });
  return { app, dependencies: [] };
}
