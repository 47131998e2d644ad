import { describe, expect, it } from "vitest";
import {
  inboundWebhookBody,
  newWamid,
  quickReplies,
  sendMessageBody,
  signPayload,
  statusWebhookBody,
  templateVariables,
} from "./whatsapp-wire.js";

const business = { businessAccountId: "102290129340398", displayPhoneNumber: "919822000000", phoneNumberId: "106540" };

/** A COD confirmation as the Cloud API documents a template with named body variables and quick-reply buttons. */
const codConfirm = {
  messaging_product: "whatsapp",
  recipient_type: "individual",
  to: "+91 98765 43210",
  type: "template",
  template: {
    name: "cod_confirm",
    language: { code: "mr" },
    components: [
      {
        type: "body",
        parameters: [
          { type: "text", parameter_name: "order_id", text: "A-1024" },
          { type: "text", text: "₹1,190" },
        ],
      },
      {
        type: "button",
        sub_type: "quick_reply",
        index: "1",
        parameters: [{ type: "payload", payload: "CANCEL:A-1024" }],
      },
      {
        type: "button",
        sub_type: "quick_reply",
        index: "0",
        parameters: [{ type: "payload", payload: "CONFIRM:A-1024" }],
      },
    ],
  },
};

describe("the Cloud API's send body", () => {
  it("takes a template with named and positional variables and quick replies, the number as digits", () => {
    const body = sendMessageBody.parse(codConfirm);
    expect(body.to).toBe("919876543210");
    if (body.type !== "template") throw new Error("a template");
    expect(templateVariables(body.template.components)).toEqual([
      { component: "body", name: "order_id", value: "A-1024" },
      { component: "body", name: "2", value: "₹1,190" },
    ]);
    expect(quickReplies(body.template.components)).toEqual([
      { index: 0, payload: "CONFIRM:A-1024" },
      { index: 1, payload: "CANCEL:A-1024" },
    ]);
  });

  it("takes a text", () => {
    expect(
      sendMessageBody.parse({ messaging_product: "whatsapp", to: "919876543210", type: "text", text: { body: "Hi" } }),
    ).toMatchObject({ type: "text", text: { body: "Hi" } });
  });

  it.each([
    ["another product", { ...codConfirm, messaging_product: "sms" }],
    ["no number", { ...codConfirm, to: undefined }],
    ["a short number", { ...codConfirm, to: "98765" }],
    ["an unknown type", { ...codConfirm, type: "sticker" }],
    ["a template without language", { ...codConfirm, template: { name: "cod_confirm" } }],
    ["an upper-case template name", { ...codConfirm, template: { ...codConfirm.template, name: "COD Confirm" } }],
    ["an empty text", { messaging_product: "whatsapp", to: "919876543210", type: "text", text: { body: "" } }],
  ])("refuses %s", (_what, body) => {
    expect(sendMessageBody.safeParse(body).success).toBe(false);
  });
});

describe("webhooks as Meta sends them", () => {
  it("signs the raw body with the app secret as X-Hub-Signature-256 (the documented example's digest)", () => {
    // HMAC-SHA256("secret", "test"), as a published WhatsApp SDK's documentation gives it.
    expect(signPayload("secret", "test")).toBe(
      "sha256=0329a06b62cd16b33eb6792be8c60b158d89a2ee3a876fce9a881ebb488c0914",
    );
  });

  it("wraps a status in the whatsapp_business_account envelope", () => {
    const body = JSON.parse(
      statusWebhookBody(business, {
        id: "wamid.X",
        status: "delivered",
        timestamp: "1764230400",
        recipient_id: "919876543210",
      }),
    );
    expect(body).toEqual({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "102290129340398",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "919822000000", phone_number_id: "106540" },
                statuses: [
                  { id: "wamid.X", status: "delivered", timestamp: "1764230400", recipient_id: "919876543210" },
                ],
              },
            },
          ],
        },
      ],
    });
  });

  it("tells a pressed button with the message it answers and the sender's contact", () => {
    const value = JSON.parse(
      inboundWebhookBody(
        business,
        {
          from: "919876543210",
          id: "wamid.IN",
          timestamp: "1764230400",
          context: { from: "919822000000", id: "wamid.X" },
          type: "button",
          button: { payload: "CONFIRM:A-1024", text: "Confirm" },
        },
        "Asha",
      ),
    ).entry[0].changes[0].value;
    expect(value.contacts).toEqual([{ profile: { name: "Asha" }, wa_id: "919876543210" }]);
    expect(value.messages[0]).toMatchObject({
      type: "button",
      context: { id: "wamid.X" },
      button: { text: "Confirm" },
    });
  });

  it("makes message ids that start with wamid. and fit in a URL path", () => {
    const id = newWamid();
    expect(id).toMatch(/^wamid\.[A-Za-z0-9_-]+$/);
    expect(newWamid()).not.toBe(id);
  });
});
