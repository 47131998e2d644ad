import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { recorded } from "../../test/phone-provider-fake.js";
import {
  readWhatsAppWebhook,
  whatsappChallenge,
  whatsappSignatureValid,
  whatsappWebhookSchema,
} from "./whatsapp-webhook.js";

const appSecret = "test-whatsapp-app-secret-0123";
const sign = (body: Buffer, secret = appSecret) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
const read = (file: string, phoneNumberId = "100000000000001") =>
  readWhatsAppWebhook(whatsappWebhookSchema.parse(recorded(file)), phoneNumberId);

describe("WhatsApp's webhook signature", () => {
  const body = Buffer.from(JSON.stringify(recorded("whatsapp-statuses.webhook.json")));

  it("is sha256= HMAC-SHA256 of the raw body with the app secret", () => {
    expect(whatsappSignatureValid(body, sign(body), appSecret)).toBe(true);
    expect(whatsappSignatureValid(body, sign(body).toUpperCase().replace("SHA256=", "sha256="), appSecret)).toBe(true);
  });

  it("refuses another secret, a changed body, a missing or malformed header", () => {
    expect(whatsappSignatureValid(body, sign(body, "another-secret-entirely"), appSecret)).toBe(false);
    const changed = Buffer.from(body.toString().replace('"read"', '"sent"'));
    expect(whatsappSignatureValid(changed, sign(body), appSecret)).toBe(false);
    // The same JSON re-serialised with other spacing is other bytes: only the raw body is signed.
    const respaced = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 2));
    expect(whatsappSignatureValid(respaced, sign(body), appSecret)).toBe(false);
    for (const header of [undefined, "", sign(body).slice(7), `sha1=${sign(body).slice(7)}`, "sha256=zz"]) {
      expect(whatsappSignatureValid(body, header, appSecret), String(header)).toBe(false);
    }
  });
});

describe("WhatsApp's subscription check", () => {
  const verifyToken = "test-verify-token-0123456";
  it("echoes the challenge for subscribe with our verify token", () => {
    const query = { "hub.mode": "subscribe", "hub.verify_token": verifyToken, "hub.challenge": "1158201444" };
    expect(whatsappChallenge(query, verifyToken)).toEqual({ ok: true, challenge: "1158201444" });
  });
  it("refuses another token or mode, and a challenge that is not a plain token", () => {
    const query = { "hub.mode": "subscribe", "hub.verify_token": verifyToken, "hub.challenge": "1158201444" };
    expect(whatsappChallenge({ ...query, "hub.verify_token": "guess" }, verifyToken).ok).toBe(false);
    expect(whatsappChallenge({ ...query, "hub.mode": "unsubscribe" }, verifyToken).ok).toBe(false);
    expect(whatsappChallenge({ ...query, "hub.challenge": "<script>alert(1)</script>" }, verifyToken).ok).toBe(false);
    expect(whatsappChallenge({ ...query, "hub.verify_token": [verifyToken] }, verifyToken).ok).toBe(false);
  });
});

describe("reading WhatsApp's notifications", () => {
  it("reads sent, delivered, read and failed, with the message id and the failure", () => {
    const { statuses, replies } = read("whatsapp-statuses.webhook.json");
    expect(replies).toEqual([]);
    expect(statuses.map((each) => each.state)).toEqual(["sent", "delivered", "read", "failed"]);
    expect(statuses[0]).toMatchObject({
      channel: "whatsapp",
      messageId: "wamid.HBgMOTE5ODEyMzQ1Njc4FQIAERgSQzVGRDM3MkFCQzQ5RkE0QjJBAA==",
      recipient: "919812345678",
      at: new Date(1795000000 * 1000),
    });
    expect(statuses[3]?.failure).toBe("131026 Message undeliverable");
  });

  it("reads a quick-reply tap as its action and order, and the message it answers", () => {
    const { replies } = read("whatsapp-button-reply.webhook.json");
    expect(replies).toEqual([
      {
        channel: "whatsapp",
        replyId: "wamid.HBgMOTE5ODEyMzQ1Njc4FQIAEhgWM0VCMEM3MDk5RTEyQkMyRDMwMjE5NAA=",
        from: "919812345678",
        kind: "button",
        action: "confirm",
        orderId: "GM-1042",
        inReplyTo: "wamid.HBgMOTE5ODEyMzQ1Njc4FQIAERgSQzVGRDM3MkFCQzQ5RkE0QjJBAA==",
        at: new Date(1795000100 * 1000),
      },
    ]);
  });

  it("reads a text reply's words", () => {
    const { replies } = read("whatsapp-text-reply.webhook.json");
    expect(replies).toMatchObject([{ kind: "text", text: "STOP", from: "919812345678" }]);
  });

  it("leaves out another phone number's notifications, other fields and message types", () => {
    expect(read("whatsapp-statuses.webhook.json", "999")).toMatchObject({ statuses: [], replies: [], ignored: 1 });
    const other = whatsappWebhookSchema.parse({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "1",
          changes: [
            { field: "message_template_status_update", value: { event: "APPROVED" } },
            {
              field: "messages",
              value: {
                metadata: { phone_number_id: "100000000000001" },
                messages: [{ id: "wamid.x", from: "919812345678", type: "image", image: { id: "1" } }],
                statuses: [{ id: "wamid.y", status: "deleted" }],
              },
            },
          ],
        },
      ],
    });
    expect(readWhatsAppWebhook(other, "100000000000001")).toEqual({ statuses: [], replies: [], ignored: 3 });
  });
});
