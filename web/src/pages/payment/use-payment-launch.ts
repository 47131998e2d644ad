import { useCallback, useState } from "react";
import { confirmCashOnDelivery, type PlacedOrder, verifyPayment, verifyRazorpay } from "../../api/payment";
import { BRAND_COLOUR } from "../../app/theme";
import { storedEmailProof, storedToken } from "../../auth/session";
import type { CheckoutSettings } from "../../contracts";
import { shop } from "../../shop";
import { type CheckoutOutcome, cashfreeModal, razorpayModal } from "./provider-checkout";

type SandboxSettings = Extract<CheckoutSettings, { provider: "sandbox" }>;
type OnlineOrder = Extract<PlacedOrder, { paymentSessionId: string }>;

/**
 * The hand-over to the payment provider that the cart's checkout and a festival booking share (spec section 4,
 * docs/festivals.md): the order was created on the server, which priced it; this opens the provider's modal (or the
 * sandbox's dialog, shown by the page while `sandbox` is set) and ends with `onPaid` (after the server's verify) or
 * `onNotPaid` (closed or failed). What each caller does then (clear a cart, renew an order id) is its own.
 */
export function usePaymentLaunch({
  onPaid,
  onNotPaid,
}: {
  onPaid: (orderId: string) => void;
  onNotPaid: (outcome: Exclude<CheckoutOutcome, "paid">) => void;
}) {
  const [sandbox, setSandbox] = useState<{ settings: SandboxSettings; session: string; orderId: string }>();

  const finish = useCallback(
    async (orderId: string, outcome: CheckoutOutcome) => {
      setSandbox(undefined);
      if (outcome === "paid") {
        try {
          await verifyPayment(orderId);
        } catch {
          // The toast has said why; the confirmation page shows the order as the provider's webhook settles it.
        }
        onPaid(orderId);
        return;
      }
      onNotPaid(outcome);
    },
    [onPaid, onNotPaid],
  );

  /** Opens the provider's checkout for an order the server created with a payment session. */
  const launch = useCallback(
    async (
      settings: CheckoutSettings,
      created: OnlineOrder,
      orderId: string,
      prefill: { name: string; email: string; contact: string },
    ) => {
      if (settings.provider === "sandbox") {
        setSandbox({ settings, session: created.paymentSessionId, orderId });
      } else if (settings.provider === "cashfree") {
        await finish(orderId, await cashfreeModal(settings, created.paymentSessionId));
      } else {
        const outcome = await razorpayModal(settings, created, prefill, {
          shopName: shop.name,
          themeColour: BRAND_COLOUR,
          verify: (success) => verifyRazorpay(orderId, success),
        });
        await finish(orderId, outcome);
      }
    },
    [finish],
  );

  const onSandboxOutcome = useCallback(
    (outcome: CheckoutOutcome) => {
      if (sandbox) void finish(sandbox.orderId, outcome);
    },
    [sandbox, finish],
  );

  return { launch, sandbox, onSandboxOutcome };
}

/**
 * A cash order's confirmation without a new code: a guest proved this email by OTP minutes ago, and that proof
 * confirms it (docs/delivery.md). False when there is none or it expired: the dialog then asks for a fresh code.
 */
export async function confirmedByGuestProof(orderId: string): Promise<boolean> {
  const guestProof = storedToken() ? null : storedEmailProof();
  if (!guestProof) return false;
  try {
    await confirmCashOnDelivery(orderId, guestProof);
    return true;
  } catch {
    return false;
  }
}
