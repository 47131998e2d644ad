import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkoutSignatureValid, RazorpayWebhookRejected, razorpayPayment, verifyRazorpayWebhook } from "./razorpay.js";

const keySecret = "rzp-key-secret-for-tests";
const webhookSecret = "rzp-webhook-secret-for-tests";
const hex = (secret: string, message: string) => createHmac("sha256", secret).update(message).digest("hex");

describe("Razorpay checkout signatures", () => {
  it("accept hex(HMAC_SHA256(key secret, stored order id | payment id)) and nothing else", () => {
    const signature = hex(keySecret, "order_EKwxwAgItmmXdp|pay_29QQoUBi66xm2f");
    expect(checkoutSignatureValid("order_EKwxwAgItmmXdp", "pay_29QQoUBi66xm2f", signature, keySecret)).toBe(true);
    // The browser's order id is not what is checked: a signature for another order does not pay this one.
    expect(checkoutSignatureValid("order_Other000000000", "pay_29QQoUBi66xm2f", signature, keySecret)).toBe(false);
    expect(checkoutSignatureValid("order_EKwxwAgItmmXdp", "pay_29QQoUBi66xm2f", signature, "another")).toBe(false);
    expect(checkoutSignatureValid("order_EKwxwAgItmmXdp", "pay_29QQoUBi66xm2f", "zz", keySecret)).toBe(false);
    expect(checkoutSignatureValid("order_EKwxwAgItmmXdp", "pay_29QQoUBi66xm2f", undefined, keySecret)).toBe(false);
  });
});

describe("Razorpay webhooks", () => {
  const body = Buffer.from(
    '{"entity":"event","account_id":"acc_BFQ7uQEaa7j2z7","event":"payment.captured","contains":["payment"],"payload":{"payment":{"entity":{"id":"pay_DESlfW9H8K9uqM","entity":"payment","amount":55000,"currency":"INR","status":"captured","order_id":"order_DESlLckIVRkHWj","acquirer_data":{"rrn":"123456789012"},"created_at":1795000000}}},"created_at":1795000001}',
  );

  it("accept the signature over the raw body with the webhook secret, and read the payment in paise", () => {
    const event = verifyRazorpayWebhook(body, hex(webhookSecret, body.toString()), webhookSecret);
    expect(event.event).toBe("payment.captured");
    expect(razorpayPayment(event.payload.payment!.entity)).toMatchObject({
      paymentId: "pay_DESlfW9H8K9uqM",
      status: "SUCCESS",
      amountPaise: 55000,
      transactionId: "123456789012",
    });
  });

  it("refuse the key secret's signature, a tampered body and a missing signature", () => {
    expect(() => verifyRazorpayWebhook(body, hex(keySecret, body.toString()), webhookSecret)).toThrow(
      RazorpayWebhookRejected,
    );
    const tampered = Buffer.from(body.toString().replace("55000", "100"));
    expect(() => verifyRazorpayWebhook(tampered, hex(webhookSecret, body.toString()), webhookSecret)).toThrow(
      RazorpayWebhookRejected,
    );
    expect(() => verifyRazorpayWebhook(body, undefined, webhookSecret)).toThrow(RazorpayWebhookRejected);
  });
});
