import type { CreateOrderBody } from "./cashfree-wire.js";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The hosted checkout page of one payment session: the amount, and Pay, Fail and Close. Pay and Fail record a
 * payment (and send its webhook); every button then tells the page that opened it (the SPA's modal) what happened,
 * with `postMessage`, as Cashfree's SDK resolves its checkout promise.
 */
export function checkoutPage(order: CreateOrderBody, sessionId: string, nonce: string): string {
  const amount = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(order.order_amount);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payment</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;margin:0;padding:24px;background:#f0fdfa;color:#134e4a}
main{max-width:360px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px #0002}
button{display:block;width:100%;margin-top:12px;padding:12px;border-radius:8px;border:0;font-size:16px;cursor:pointer}
#pay{background:#0f766e;color:#fff}#fail{background:#b91c1c;color:#fff}#close{background:#e2e8f0}</style></head>
<body><main><h1>Sandbox payment</h1><p>Order <strong>${escapeHtml(order.order_id)}</strong></p>
<p data-testid="sandbox-amount">Amount <strong>${escapeHtml(amount)}</strong></p>
<p>No money moves here: this page simulates the payment provider.</p>
<button id="pay" data-testid="sandbox-pay">Pay</button><button id="fail" data-testid="sandbox-fail">Fail</button>
<button id="close" data-testid="sandbox-close">Close</button></main>
<script nonce="${nonce}">
const session = ${JSON.stringify(sessionId)};
const tell = (detail) => window.parent !== window ? window.parent.postMessage({ source: "payment-sandbox", ...detail }, "*") : undefined;
for (const [id, action] of [["pay", "pay"], ["fail", "fail"]]) {
  document.getElementById(id).addEventListener("click", async () => {
    const answer = await fetch("/checkout/" + session + "/" + action, { method: "POST" }).then((r) => r.json());
    tell({ status: action === "pay" ? "paid" : "failed", orderId: answer.order_id, paymentId: answer.cf_payment_id });
  });
}
document.getElementById("close").addEventListener("click", () => tell({ status: "closed" }));
</script></body></html>`;
}
