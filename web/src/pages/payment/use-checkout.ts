import { useMutation } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router-dom";
import { ApiFailure } from "../../api/client";
import { checkoutSettings, createOrder } from "../../api/payment";
import { cartStore } from "../../cart/cart";
import type { CartItem } from "../../cart/cart-rules";
import { PLATFORM_FEE } from "../../cart/charges";
import {
  type BillToRequest,
  type CheckoutSettings,
  type DeliveryChoice,
  ORDER_RULES,
  OrderMessages,
  PaymentMessages,
  type PaymentMethod,
  PHONE_UPDATES_NOTICE,
  type PhoneUpdateChannel,
} from "../../contracts";
import { useLanguage } from "../../i18n/i18n";
import { notifyError, notifyWarning } from "../../toast/toaster";
import { forgetAppliedCoupon } from "./coupon";
import type { Payer } from "./payer";
import type { CheckoutOutcome } from "./provider-checkout";
import { confirmedByGuestProof, usePaymentLaunch } from "./use-payment-launch";

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

  const notPaid = useCallback(
    (outcome: Exclude<CheckoutOutcome, "paid">) => {
      cartStore.getState().renewOrderId();
      if (outcome === "failed") notifyError("Payment failed. Your cart is kept: please try again.", "Payment failed");
      else notifyWarning("Payment was not completed. Your cart is kept for when you are ready.", "Payment cancelled");
      navigate("/home");
    },
    [navigate],
  );
  const { launch, sandbox, onSandboxOutcome } = usePaymentLaunch({ onPaid: toConfirmation, onNotPaid: notPaid });

  const pay = useMutation({
    mutationFn: async ({
      shippingAddress,
      delivery,
      paymentMethod = "online",
      couponCode,
      phoneUpdates,
      billTo,
    }: {
      shippingAddress: string;
      delivery?: DeliveryChoice;
      paymentMethod?: PaymentMethod;
      couponCode?: string;
      /** The box "send me this order's updates on WhatsApp" ticked (docs/messaging.md, Consent). */
      /** The box ticked, by the channel chosen (docs/messaging.md, Consent); undefined: left empty. */
      phoneUpdates?: PhoneUpdateChannel | undefined;
      /** Who the invoice is made out to (docs/business-buyers.md); undefined: the shopper, at the delivery address. */
      billTo?: BillToRequest | undefined;
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
          // With the version of the notice the box showed; absent when unticked (no consent).
          ...(phoneUpdates
            ? { phoneUpdates: { channel: phoneUpdates, noticeVersion: PHONE_UPDATES_NOTICE.version } }
            : {}),
          ...(billTo ? { billTo } : {}),
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
        if (await confirmedByGuestProof(orderId)) {
          toConfirmation(orderId);
          return;
        }
        setCashOrder({ orderId, email: payer.customerEmail, amountPaise: created.amount });
        return;
      }
      if (!settings) return;
      const prefill = { name: payer.customerName, email: payer.customerEmail, contact: payer.mobile };
      await launch(settings, created, orderId, prefill);
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

  const error = pay.error
    ? pay.error instanceof OrderRefused
      ? pay.error.message
      : PaymentMessages.SOMETHING_WRONG
    : undefined;
  return { pay, error, sandbox, onSandboxOutcome, cashOrder, onCashConfirmed, onCashClosed };
}
