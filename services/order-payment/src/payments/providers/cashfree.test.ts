import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyCashfreeWebhook, WebhookRejected } from "./cashfree.js";

const secret = "cashfree-client-secret-for-tests";
// A success webhook as Cashfree writes it: note the amounts' two decimals.
const body = Buffer.from(
  '{"data":{"order":{"order_id":"1732262400000abcde","order_amount":170.00,"order_currency":"INR"},"payment":{"cf_payment_id":"5114910931391","payment_status":"SUCCESS","payment_amount":170.00,"payment_currency":"INR","payment_time":"2026-11-23T10:00:00+05:30","bank_reference":"1234567890","payment_group":"upi"}},"event_time":"2026-11-23T10:00:01+05:30","type":"PAYMENT_SUCCESS_WEBHOOK"}',
);
const now = 1_795_000_000_000;
const sign = (timestamp: string, raw: Buffer | string) =>
  createHmac("sha256", secret)
    .update(timestamp + raw.toString())
    .digest("base64");

describe("Cashfree webhook signatures", () => {
  it("accept the signature over the timestamp and the raw body, and read the payment in paise", () => {
    const timestamp = String(now - 1000);
    const event = verifyCashfreeWebhook(body, { signature: sign(timestamp, body), timestamp }, secret, now);
    expect(event).toMatchObject({ type: "PAYMENT_SUCCESS_WEBHOOK", amountPaise: 17000, paymentId: "5114910931391" });
  });

  it("refuse a tampered body, a re-serialised body, another secret and a missing header", () => {
    const timestamp = String(now);
    const signature = sign(timestamp, body);
    const tampered = Buffer.from(body.toString().replace('170.00,"payment_currency', '1.00,"payment_currency'));
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(body.toString())));
    expect(() => verifyCashfreeWebhook(tampered, { signature, timestamp }, secret, now)).toThrow(WebhookRejected);
    expect(() => verifyCashfreeWebhook(reserialised, { signature, timestamp }, secret, now)).toThrow(WebhookRejected);
    expect(() => verifyCashfreeWebhook(body, { signature, timestamp }, "another-secret", now)).toThrow(WebhookRejected);
    expect(() => verifyCashfreeWebhook(body, { timestamp }, secret, now)).toThrow(WebhookRejected);
  });

  it("refuse a timestamp more than five minutes from now, either way", () => {
    for (const skew of [-5 * 60_000 - 1, 5 * 60_000 + 1]) {
      const timestamp = String(now + skew);
      expect(() => verifyCashfreeWebhook(body, { signature: sign(timestamp, body), timestamp }, secret, now)).toThrow(
        "stale webhook timestamp",
      );
    }
  });
});
