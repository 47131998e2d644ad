import type { CheckoutSettings } from "@storefront/contracts";

/** How a checkout in the provider's modal ended (spec section 4: completed, or closed / failed). */
export type CheckoutOutcome = "paid" | "failed" | "closed";

interface CashfreeSdk {
  checkout(options: { paymentSessionId: string; redirectTarget: "_modal" }): Promise<{
    error?: { message?: string };
    paymentDetails?: unknown;
  }>;
}
declare global {
  interface Window {
    Cashfree?: (options: { mode: "sandbox" | "production" }) => CashfreeSdk;
  }
}

const CASHFREE_SDK = "https://sdk.cashfree.com/js/v3/cashfree.js";

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
  if (result.paymentDetails) return "paid";
  return /clos|cancel/i.test(result.error?.message ?? "") ? "closed" : "failed";
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
