import { useMutation } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router-dom";
import { ApiFailure } from "../../api/client";
import { placeBooking } from "../../api/festivals";
import { checkoutSettings } from "../../api/payment";
import { newOrderId } from "../../cart/cart-rules";
import { type BillToRequest, type CheckoutSettings, PaymentMessages } from "../../contracts";
import { useLanguage } from "../../i18n/i18n";
import { forgetKept, keep, readKept } from "../../storage/kept";
import { notifyError, notifyWarning } from "../../toast/toaster";
import type { Payer } from "../payment/payer";
import type { CheckoutOutcome } from "../payment/provider-checkout";
import { confirmedByGuestProof, usePaymentLaunch } from "../payment/use-payment-launch";
import {
  type BookingDraft,
  bookingRequestOf,
  type OfferedWindow,
  offeredWindow,
  type ShopFestival,
  saysWindowFull,
} from "./booking-draft";

/** A refusal shown above the Book button, with the next window a full one offers. */
export class BookingRefused extends Error {
  constructor(
    message: string,
    readonly nextWindow?: OfferedWindow,
  ) {
    super(message);
  }
}

/** What the page learns from a refusal: the window the server found full (the page shows it full from then on). */
export interface BookingEvents {
  onWindowFull?: (day: string, windowId: string) => void;
}

/**
 * The booking's client order id, kept in the browser until the booking is paid or its payment ends unpaid: a double
 * tap, a retry after a lost answer or a reload sends the same id, and the server answers the same booking instead of
 * making a second (create-order's idempotency, docs/festivals.md, The booking checkout). A refusal stores nothing on
 * the server, so the id stays for the next try (another window, fewer boxes).
 */
const orderIdKey = (festivalId: string) => `bookingOrderId:${festivalId}`;
function ensureBookingOrderId(festivalId: string): string {
  const kept = readKept(orderIdKey(festivalId));
  if (kept) return kept;
  const made = newOrderId();
  keep(orderIdKey(festivalId), made);
  return made;
}

/**
 * A festival booking sent and paid (docs/festivals.md, The pages): the booking created on the server (which prices
 * it and counts the places), then the same hand-over to the provider as the cart's checkout (`usePaymentLaunch`),
 * or for cash at the counter the email OTP confirmation of cash on delivery; paid or confirmed -> the confirmation
 * page. Closed or failed: a toast, a fresh order id, the shopper's choice kept on the page.
 */
export function useBooking(festival: ShopFestival, { onWindowFull }: BookingEvents = {}) {
  const navigate = useNavigate();
  const { language } = useLanguage();
  const { festivalId } = festival;
  /** A cash booking placed and waiting for its email OTP (the page shows its dialog while set). */
  const [cashOrder, setCashOrder] = useState<{ orderId: string; email: string; amountPaise: number }>();

  const toConfirmation = useCallback(
    (orderId: string) => {
      setCashOrder(undefined);
      forgetKept([orderIdKey(festivalId)]);
      navigate(`/payment-detail/${orderId}`);
    },
    [navigate, festivalId],
  );
  const notPaid = useCallback(
    (outcome: Exclude<CheckoutOutcome, "paid">) => {
      keep(orderIdKey(festivalId), newOrderId());
      if (outcome === "failed") notifyError("Payment failed. Nothing was booked: please try again.", "Payment failed");
      else notifyWarning("Payment was not completed. Your choice is kept for when you are ready.", "Payment cancelled");
    },
    [festivalId],
  );
  const { launch, sandbox, onSandboxOutcome } = usePaymentLaunch({ onPaid: toConfirmation, onNotPaid: notPaid });

  const book = useMutation({
    mutationFn: async ({
      draft,
      payer,
      shippingAddress,
      billTo,
    }: {
      draft: BookingDraft;
      payer: Payer;
      shippingAddress: string;
      billTo?: BillToRequest | undefined;
    }) => {
      let settings: CheckoutSettings | undefined;
      if (!(draft.cash && festival.cashAtCounter)) {
        try {
          settings = await checkoutSettings();
        } catch {
          throw new BookingRefused(PaymentMessages.CANNOT_PROCESS);
        }
      }
      const orderId = ensureBookingOrderId(festivalId);
      const booker = { ...payer, shippingAddress, billTo };
      let created: Awaited<ReturnType<typeof placeBooking>>;
      try {
        created = await placeBooking(festivalId, bookingRequestOf(festival, draft, booker, orderId, language));
      } catch (error) {
        if (error instanceof ApiFailure) {
          if (draft.windowId && saysWindowFull(error.body)) onWindowFull?.(draft.day, draft.windowId);
          throw new BookingRefused(error.message, offeredWindow(error.body));
        }
        throw new BookingRefused(PaymentMessages.SOMETHING_WRONG);
      }
      if ("paymentMethod" in created) {
        if (await confirmedByGuestProof(orderId)) {
          toConfirmation(orderId);
          return;
        }
        setCashOrder({ orderId, email: payer.customerEmail, amountPaise: created.amount });
        return;
      }
      if (!settings) return;
      await launch(settings, created, orderId, {
        name: payer.customerName,
        email: payer.customerEmail,
        contact: payer.mobile,
      });
    },
  });

  const onCashConfirmed = useCallback(() => {
    if (cashOrder) toConfirmation(cashOrder.orderId);
  }, [cashOrder, toConfirmation]);
  /** Not confirmed now: the unconfirmed booking lapses (its places come back); the next try is a new booking. */
  const onCashClosed = useCallback(() => {
    setCashOrder(undefined);
    keep(orderIdKey(festivalId), newOrderId());
  }, [festivalId]);

  const refusal =
    book.error instanceof BookingRefused
      ? book.error
      : book.error
        ? new BookingRefused(PaymentMessages.SOMETHING_WRONG)
        : undefined;
  return { book, refusal, sandbox, onSandboxOutcome, cashOrder, onCashConfirmed, onCashClosed };
}
