import { createHmac } from "node:crypto";

/**
 * A webhook of Cashfree's (`type` and `data`, stamped at `timestamp`) posted to order-payment, signed with the shop's
 * secret as Cashfree signs it: HMAC-SHA256 of the timestamp and the body, in base64.
 */
export function postSignedCashfreeWebhook(
  orderPaymentUrl: string,
  secret: string,
  webhook: { type: string; data: unknown },
  timestamp = Date.now(),
) {
  const body = JSON.stringify({
    type: webhook.type,
    event_time: new Date(timestamp).toISOString(),
    data: webhook.data,
  });
  const signature = createHmac("sha256", secret).update(String(timestamp)).update(body).digest("base64");
  return fetch(`${orderPaymentUrl}/api/payment/webhooks/cashfree`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-webhook-signature": signature,
      "x-webhook-timestamp": String(timestamp),
    },
    body,
  });
}
