import { describe, expect, it } from "vitest";
import type { PhoneMessageDocument } from "../persistence/phone-messages.js";
import type { PhoneSendDocument } from "../persistence/phone-sends.js";
import { maskedNumber, phoneMessageView } from "./phone-message-view.js";

const at = new Date("2026-11-27T06:00:00.000Z");
const send = (changes: Partial<PhoneSendDocument> = {}): PhoneSendDocument => ({
  _id: "cod_confirm:1795780472736ABCD",
  to: "919812345678",
  template: "cod_confirm",
  state: "sent",
  channel: "whatsapp",
  messageId: "wamid.X",
  claimedAt: at,
  ...changes,
});
const message = (changes: Partial<PhoneMessageDocument> = {}): PhoneMessageDocument => ({
  _id: "whatsapp:wamid.X",
  channel: "whatsapp",
  state: "read",
  rank: 3,
  reached: { sent: at, delivered: at, read: at },
  updatedAt: at,
  ...changes,
});

describe("a phone message as the console shows it", () => {
  it("takes the furthest state the webhooks reported once a provider took it, with when it got there", () => {
    expect(phoneMessageView(send(), message())).toEqual({
      id: "cod_confirm:1795780472736ABCD",
      template: "cod_confirm",
      orderId: "1795780472736ABCD",
      to: "••••••••5678",
      channel: "whatsapp",
      state: "read",
      messageId: "wamid.X",
      reasons: [],
      claimedAt: at.toISOString(),
      reached: { sent: at.toISOString(), delivered: at.toISOString(), read: at.toISOString() },
    });
  });

  it("is Sent with no word from the webhooks yet, and Failed with each reason when they said so", () => {
    expect(phoneMessageView(send(), null)).toMatchObject({ state: "sent", reached: {} });
    const failed = phoneMessageView(
      send({ failures: ["whatsapp: not on WhatsApp"], channel: "sms" }),
      message({ channel: "sms", state: "failed", failure: "2 failed", reached: { failed: at } }),
    );
    expect(failed).toMatchObject({ state: "failed", reasons: ["whatsapp: not on WhatsApp", "sms reported: 2 failed"] });
  });

  it("keeps the send's own state when nothing was taken (failed, skipped, sending), and no order for an answer's link", () => {
    expect(phoneMessageView(send({ state: "failed", failures: ["a", "b"] }), null)).toMatchObject({
      state: "failed",
      reasons: ["a", "b"],
    });
    expect(phoneMessageView(send({ state: "skipped", skipped: "the number said STOP" }), null)).toMatchObject({
      state: "skipped",
      reasons: ["the number said STOP"],
    });
    const link = phoneMessageView(send({ _id: "order_link:wamid.reply", state: "sending" }), null);
    expect(link.state).toBe("sending");
    expect(link).not.toHaveProperty("orderId");
  });

  it("names the order of a refund's message and of an SMS sent after WhatsApp's later failure, and says when a held one is due", () => {
    expect(phoneMessageView(send({ _id: "refund_credited:1795780472736ABCD-R2" }), null).orderId).toBe(
      "1795780472736ABCD",
    );
    expect(phoneMessageView(send({ _id: "delivered:1795780472736ABCD:sms" }), null).orderId).toBe("1795780472736ABCD");
    const due = new Date("2026-11-28T02:30:00.000Z");
    expect(phoneMessageView(send({ state: "held", due }), null)).toMatchObject({
      state: "held",
      reasons: ["held for quiet hours until 2026-11-28T02:30:00.000Z"],
    });
  });

  it("hides all but a number's last four digits", () => {
    expect(maskedNumber("919812345678")).toBe("••••••••5678");
    expect(maskedNumber("5678")).toBe("5678");
  });
});
