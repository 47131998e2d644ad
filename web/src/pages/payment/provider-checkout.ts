import type { CheckoutSettings } from "../../contracts";

/** How a checkout in the provider's modal ended (spec section 4: completed, or closed / failed). */
export type CheckoutOutcome = "paid" | "failed" | "closed";

interface CashfreeSdk {
  checkout(options: { paymentSessionId: string; redirectTarget: "_modal" }): Promise<{
    error?: { message?: string };
    paymentDetails?: unknown;
  }>;
}
interface RazorpayCheckout {
  open(): void;
  on(event: "payment.failed", handler: (response: unknown) => void): void;
}
interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}
declare global {
  interface Window {
    Cashfree?: (options: { mode: "sandbox" | "production" }) => CashfreeSdk;
    Razorpay?: new (options: Record<string, unknown>) => RazorpayCheckout;
  }
}

const CASHFREE_SDK = "https://sdk.cashfree.com/js/v3/cashfree.js";
const RAZORPAY_CHECKOUT = "https://checkout.razorpay.com/v1/checkout.js";

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (document.querySelector(`script[src="${src}"]`)) return resolve();
    const script = document.createElement("script");
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(script);
  });
}

/**
 * Cashfree's own JS SDK in its modal (`redirectTarget: "_modal"`), when the server is configured for Cashfree. Its
 * promise resolves with `paymentDetails` when the payment completed and `error` when it failed or was closed.
 */
export async function cashfreeModal(
  settings: Extract<CheckoutSettings, { provider: "cashfree" }>,
  paymentSessionId: string,
): Promise<CheckoutOutcome> {
  await loadScript(CASHFREE_SDK);
  if (!window.Cashfree) throw new Error("Cashfree's SDK did not load");
  const result = await window
    .Cashfree({ mode: settings.mode })
    .checkout({ paymentSessionId, redirectTarget: "_modal" });
  // An error includes the shopper closing the modal: "not completed", not "failed" (docs/payments.md). Details mean an
  // attempt was submitted; the server's verify decides whether it paid.
  return result.paymentDetails ? "paid" : "closed";
}

/**
 * Razorpay's checkout.js (the card provider, spec section 7) on the Razorpay order the server created. Its success
 * handler's signature goes to the server's verify, which checks it and asks Razorpay before settling the order.
 */
export async function razorpayModal(
  settings: Extract<CheckoutSettings, { provider: "razorpay" }>,
  order: { id: string; amount: number; currency: string; receipt: string },
  prefill: { name: string; email: string; contact: string },
  options: { shopName: string; themeColour: string; verify: (success: RazorpaySuccess) => Promise<unknown> },
): Promise<CheckoutOutcome> {
  await loadScript(RAZORPAY_CHECKOUT);
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error("Razorpay's checkout did not load");
  return new Promise((resolve) => {
    const checkout = new Razorpay({
      key: settings.key,
      amount: order.amount,
      currency: order.currency,
      name: options.shopName,
      order_id: order.id,
      prefill,
      theme: { color: options.themeColour },
      handler: (success: RazorpaySuccess) => {
        void options.verify(success).then(
          () => resolve("paid"),
          () => resolve("failed"),
        );
      },
      modal: { ondismiss: () => resolve("closed") },
    });
    checkout.on("payment.failed", () => resolve("failed"));
    checkout.open();
  });
}

/** The sandbox's hosted page for a session; its buttons report back with `postMessage` from that origin. */
export const sandboxCheckoutUrl = (settings: Extract<CheckoutSettings, { provider: "sandbox" }>, session: string) =>
  `${settings.checkoutUrl}/checkout/${encodeURIComponent(session)}`;

/** A message from the sandbox's page, read only from its own origin. */
export function sandboxOutcome(event: MessageEvent, checkoutUrl: string): CheckoutOutcome | undefined {
  if (event.origin !== new URL(checkoutUrl).origin) return undefined;
  const data = event.data as { source?: unknown; status?: unknown } | null;
  if (data?.source !== "payment-sandbox") return undefined;
  return data.status === "paid" || data.status === "failed" || data.status === "closed" ? data.status : undefined;
}
