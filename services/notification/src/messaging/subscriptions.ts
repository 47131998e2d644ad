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
  orderPhoneAccessCodeRequestedV1,
  orderStatusChangedV2,
  otpRequestedV1,
  passwordResetRequestedV1,
  receiptGeneratedV2,
  userRegisteredV1,
} from "@storefront/contracts";
import type { EventConsumer } from "@storefront/messaging";
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
import { addressChangeRequested, cashOnDeliveryPlaced, type PhoneEventDependencies } from "./handlers/phone-events.js";
import { trackingCodeRequested } from "./handlers/tracking-code.js";

/** What the handlers need from the service: the mailer, the delivery log, the shop's name and address. */
export type SubscriptionDependencies = EnquirySubmittedDependencies &
  AccountEventDependencies &
  OrderEventDependencies &
  PhoneEventDependencies;

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
  consumer.on(orderStatusChangedV2, orderStatusChanged(deps));
  consumer.on(orderCancelledV1, orderCancelled(deps));
  consumer.on(creditNoteIssuedV1, creditNoteIssued(deps));
  consumer.on(orderAccessCodeRequestedV1, orderAccessCodeRequested(deps));
  consumer.on(orderCashOnDeliveryConfirmedV1, cashOnDeliveryConfirmed(deps));
  consumer.on(bookingReminderRequestedV1, bookingReminderRequested(deps));
  consumer.on(bookingMovedV1, bookingMoved(deps));
  // The shopper's phone, for those who ticked the box (docs/messaging.md, Sending).
  consumer.on(orderCashOnDeliveryPlacedV1, cashOnDeliveryPlaced(deps));
  consumer.on(orderAddressChangeRequestedV1, addressChangeRequested(deps));
  // The tracking form's code by mobile number: asked for that second, so no consent box (Tracking by mobile number).
  consumer.on(orderPhoneAccessCodeRequestedV1, trackingCodeRequested(deps));
}
