import {
  bookingMovedV1,
  bookingReminderRequestedV1,
  creditNoteIssuedV1,
  enquirySubmittedV1,
  orderAccessCodeRequestedV1,
  orderAddressChangeRequestedV1,
  orderCancelledV1,
  orderCashOnDeliveryConfirmedV1,
  orderCashOnDeliveryPlacedV1,
  orderPaidV3,
  orderPhoneAccessCodeRequestedV1,
  orderRefundProcessedV1,
  orderStatusChangedV2,
  otpRequestedV1,
  passwordResetRequestedV1,
  receiptGeneratedV2,
  userRegisteredV1,
} from "@storefront/contracts";
import type { EventConsumer, EventHandler } from "@storefront/messaging";
import {
  type AccountEventDependencies,
  otpRequested,
  passwordResetRequested,
  userRegistered,
} from "./handlers/account-events.js";
import { type EnquirySubmittedDependencies, enquirySubmitted } from "./handlers/enquiry-submitted.js";
import { type OrderEventDependencies, orderStatusChanged, receiptGenerated } from "./handlers/order-events.js";
import {
  bookingMoved,
  bookingReminderRequested,
  cashOnDeliveryConfirmed,
  creditNoteIssued,
  orderAccessCodeRequested,
  orderCancelled,
} from "./handlers/order-lifecycle-events.js";
import {
  addressChangeRequested,
  cashOnDeliveryConfirmedPhone,
  cashOnDeliveryPlaced,
  orderCancelledPhone,
  orderPaidPhone,
  orderStatusChangedPhone,
  type PhoneEventDependencies,
  refundProcessedPhone,
} from "./handlers/phone-events.js";
import { trackingCodeRequested } from "./handlers/tracking-code.js";

/** What the handlers need from the service: the mailer, the delivery log, the shop's name and address. */
export type SubscriptionDependencies = EnquirySubmittedDependencies &
  AccountEventDependencies &
  OrderEventDependencies &
  PhoneEventDependencies;

/**
 * An event that calls for a mail and a phone message (docs/messaging.md, Order updates): each is sent once by its own
 * claim, so both are tried every time and the first failure is thrown after them: the event comes again for the one
 * that failed, and the other finds its claim.
 */
const mailAndPhone =
  <T>(mail: EventHandler<T>, phone: EventHandler<T>): EventHandler<T> =>
  async (event, context) => {
    const failures = (await Promise.allSettled([mail(event, context), phone(event, context)])).filter(
      (result): result is PromiseRejectedResult => result.status === "rejected",
    );
    if (failures[0]) throw failures[0].reason;
  };

/**
 * Everything the notification service reacts to, in one list (docs/conventions.md, Layout).
 * Each line is `consumer.on(<event definition>, <handler>)`.
 */
export function subscriptions(consumer: EventConsumer, deps: SubscriptionDependencies): void {
  consumer.on(enquirySubmittedV1, enquirySubmitted(deps));
  consumer.on(otpRequestedV1, otpRequested(deps));
  consumer.on(passwordResetRequestedV1, passwordResetRequested(deps));
  consumer.on(userRegisteredV1, userRegistered(deps));
  consumer.on(receiptGeneratedV2, receiptGenerated(deps));
  consumer.on(orderStatusChangedV2, mailAndPhone(orderStatusChanged(deps), orderStatusChangedPhone(deps)));
  consumer.on(orderCancelledV1, mailAndPhone(orderCancelled(deps), orderCancelledPhone(deps)));
  consumer.on(creditNoteIssuedV1, creditNoteIssued(deps));
  consumer.on(orderAccessCodeRequestedV1, orderAccessCodeRequested(deps));
  consumer.on(
    orderCashOnDeliveryConfirmedV1,
    mailAndPhone(cashOnDeliveryConfirmed(deps), cashOnDeliveryConfirmedPhone(deps)),
  );
  consumer.on(bookingReminderRequestedV1, bookingReminderRequested(deps));
  consumer.on(bookingMovedV1, bookingMoved(deps));
  // The shopper's phone, for those who ticked the box (docs/messaging.md, Sending).
  consumer.on(orderCashOnDeliveryPlacedV1, cashOnDeliveryPlaced(deps));
  consumer.on(orderAddressChangeRequestedV1, addressChangeRequested(deps));
  // The order's news on the phone (docs/messaging.md, Order updates): the mail of a paid order and of a refund comes
  // from billing's events (with their PDFs); these two are the phone's alone.
  consumer.on(orderPaidV3, orderPaidPhone(deps));
  consumer.on(orderRefundProcessedV1, refundProcessedPhone(deps));
  // The tracking form's code by mobile number: asked for that second, so no consent box (Tracking by mobile number).
  consumer.on(orderPhoneAccessCodeRequestedV1, trackingCodeRequested(deps));
}
