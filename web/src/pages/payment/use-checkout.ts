import { useMutation } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router-dom";
import { ApiFailure } from "../../api/client";
import { checkoutSettings, confirmCashOnDelivery, createOrder, verifyPayment, verifyRazorpay } from "../../api/payment";
import { BRAND_COLOUR } from "../../app/theme";
import { storedEmailProof, storedToken } from "../../auth/session";
import { cartStore } from "../../cart/cart";
import type { CartItem } from "../../cart/cart-rules";
import { PLATFORM_FEE } from "../../cart/charges";
import {
  type CheckoutSettings,
  type DeliveryChoice,
  ORDER_RULES,
  OrderMessages,
  PaymentMessages,
  type PaymentMethod,
} from "../../contracts";
import { useLanguage } from "../../i18n/i18n";
import { shop } from "../../shop";
import { notifyError, notifyWarning } from "../../toast/toaster";
import { forgetAppliedCoupon } from "./coupon";
import type { Payer } from "./payer";
import { type CheckoutOutcome, cashfreeModal, razorpayModal } from "./provider-checkout";

type SandboxSettings = Extract<CheckoutSettings, { provider: "sandbox" }>;

/** A refusal shown above the page (spec section 8), not as a toast. */
class OrderRefused extends Error {}

/**
 * The checkout of the payment page (spec section 4): the order created on the server (which prices it), the
 * provider's modal (or the sandbox's dialog, shown by the page while `sandbox` is set), then the outcome: paid ->
 * verify, clear the cart and its order id, the confirmation page; closed or failed -> a toast, a fresh order id,
 * home, the cart kept. Busy and error state are the mutation's (TanStack Query), not kept by hand.
 */
export function useCheckout(payer: Payer | undefined, items: CartItem[], total: number, deliveryPaise: number) {
  const navigate = useNavigate();
  const { language } = useLanguage();
  const [sandbox, setSandbox] = useState<{ settings: SandboxSettings; session: string; orderId: string }>();
  /** A cash-on-delivery order placed and waiting for its email OTP (the page shows its dialog while set). */
  const [cashOrder, setCashOrder] = useState<{ orderId: string; email: string; amountPaise: number }>();

  /** A placed order, paid or confirmed for cash: the cart is done, the confirmation page shows the order. */
  const toConfirmation = useCallback(
    (orderId: string) => {
      setCashOrder(undefined);
      forgetAppliedCoupon();
      cartStore.getState().clearCart();
      cartStore.getState().forgetOrderId();
      navigate(`/payment-detail/${orderId}`);
    },
    [navigate],
  );

  const finish = useCallback(
    async (orderId: string, outcome: CheckoutOutcome) => {
      setSandbox(undefined);
      if (outcome === "paid") {
        try {
          await verifyPayment(orderId);
        } catch {
          // The toast has said why; the confirmation page shows the order as the provider's webhook settles it.
        }
        toConfirmation(orderId);
        return;
      }
      cartStore.getState().renewOrderId();
      if (outcome === "failed") notifyError("Payment failed. Your cart is kept: please try again.", "Payment failed");
      else notifyWarning("Payment was not completed. Your cart is kept for when you are ready.", "Payment cancelled");
      navigate("/home");
    },
    [navigate, toConfirmation],
  );

  const pay = useMutation({
    mutationFn: async ({
      shippingAddress,
      delivery,
      paymentMethod = "online",
      couponCode,
    }: {
      shippingAddress: string;
      delivery?: DeliveryChoice;
      paymentMethod?: PaymentMethod;
      couponCode?: string;
    }) => {
      if (!payer) return;
      if (shippingAddress.trim().length <= ORDER_RULES.shippingAddressMinExclusive) {
        throw new OrderRefused(OrderMessages.ADDRESS_INCOMPLETE);
      }
      let settings: CheckoutSettings | undefined;
      if (paymentMethod === "online") {
        try {
          settings = await checkoutSettings();
        } catch {
          notifyError(PaymentMessages.CANNOT_PROCESS);
          return;
        }
      }
      const orderId = cartStore.getState().ensureOrderId();
      let created: Awaited<ReturnType<typeof createOrder>>;
      try {
        created = await createOrder({
          orderId,
          customerName: payer.customerName,
          customerEmail: payer.customerEmail,
          mobile: payer.mobile,
          products: items.map((item) => ({ ...item })),
          shippingAddress,
          ...(delivery ? { delivery } : {}),
          ...(paymentMethod === "cash-on-delivery" ? { paymentMethod } : {}),
          ...(couponCode ? { couponCode } : {}),
          // The order remembers the shopper's language: its mails go out in it (docs/languages.md).
          ...(language === "mr" ? { language } : {}),
          source: "web",
          amount: total,
          postalDeliveryCharges: deliveryPaise,
          platformCharges: PLATFORM_FEE,
        });
      } catch (error) {
        // Spec section 8: an order that could not be created shows its error above the page.
        throw new OrderRefused(error instanceof ApiFailure ? error.message : PaymentMessages.SOMETHING_WRONG);
      }
      if ("paymentMethod" in created) {
        // A guest proved this email by OTP minutes ago: that proof confirms it. Otherwise a code is asked for.
        const guestProof = storedToken() ? null : storedEmailProof();
        if (guestProof) {
          try {
            await confirmCashOnDelivery(orderId, guestProof);
            toConfirmation(orderId);
            return;
          } catch {
            // An expired proof: the dialog asks for a fresh code.
          }
        }
        setCashOrder({ orderId, email: payer.customerEmail, amountPaise: created.amount });
        return;
      }
      if (!settings) return;
      if (settings.provider === "sandbox") {
        setSandbox({ settings, session: created.paymentSessionId, orderId });
      } else if (settings.provider === "cashfree") {
        await finish(orderId, await cashfreeModal(settings, created.paymentSessionId));
      } else {
        const prefill = { name: payer.customerName, email: payer.customerEmail, contact: payer.mobile };
        const outcome = await razorpayModal(settings, created, prefill, {
          shopName: shop.name,
          themeColour: BRAND_COLOUR,
          verify: (success) => verifyRazorpay(orderId, success),
        });
        await finish(orderId, outcome);
      }
    },
  });

  /** Confirmed by its OTP: the cart is done, the confirmation page shows the order. */
  const onCashConfirmed = useCallback(() => {
    if (cashOrder) toConfirmation(cashOrder.orderId);
  }, [cashOrder, toConfirmation]);
  /** Not confirmed now: the unconfirmed order lapses; the next attempt (either way of paying) is a new order. */
  const onCashClosed = useCallback(() => {
    setCashOrder(undefined);
    cartStore.getState().renewOrderId();
  }, []);

  const onSandboxOutcome = useCallback(
    (outcome: CheckoutOutcome) => {
      if (sandbox) void finish(sandbox.orderId, outcome);
    },
    [sandbox, finish],
  );

  const error = pay.error
    ? pay.error instanceof OrderRefused
      ? pay.error.message
      : PaymentMessages.SOMETHING_WRONG
    : undefined;
  return { pay, error, sandbox, onSandboxOutcome, cashOrder, onCashConfirmed, onCashClosed };
}
