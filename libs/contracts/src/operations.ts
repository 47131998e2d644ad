import { creditNoteIssuedV1, receiptGeneratedV2 } from "./events/billing.js";
import { enquirySubmittedV1, productUpdatedV1 } from "./events/catalogue.js";
import { bookingMovedV1, bookingReminderRequestedV1 } from "./events/festival.js";
import { otpRequestedV1, passwordResetRequestedV1, userRegisteredV1 } from "./events/identity.js";
import { phoneReplyReceivedV1 } from "./events/notification.js";
import {
  orderAccessCodeRequestedV1,
  orderAddressChangeRequestedV1,
  orderCancelledV1,
  orderCashOnDeliveryConfirmedV1,
  orderCashOnDeliveryPlacedV1,
  orderPaidV3,
  orderPaymentFailedV1,
  orderPhoneAccessCodeRequestedV1,
  orderRefundFailedV1,
  orderRefundInitiatedV1,
  orderRefundProcessedV1,
  orderStatusChangedV2,
} from "./events/order.js";

/**
 * What the on-call console (services/ops) looks after, in one place: which service takes which event types (the one
 * home of that fact: each service's messaging/subscriptions.ts registers exactly these, a test holds them together),
 * and the BullMQ queues of the shop with the Redis key prefix of the service that runs them (each service's
 * REDIS_PREFIX default).
 *
 * A consumer owns a durable queue named after it, shared by its instances (one of them handles each event), with
 * `<queue>.parked` for what its handlers gave up on: a message there is one a consumer should have taken, an alarm.
 * ops itself keeps the orders' trail.
 */
export const EVENT_SUBSCRIPTIONS = {
  billing: [orderPaidV3.type, orderRefundProcessedV1.type],
  notification: [
    enquirySubmittedV1.type,
    otpRequestedV1.type,
    passwordResetRequestedV1.type,
    userRegisteredV1.type,
    receiptGeneratedV2.type,
    orderStatusChangedV2.type,
    orderCancelledV1.type,
    creditNoteIssuedV1.type,
    orderAccessCodeRequestedV1.type,
    orderPhoneAccessCodeRequestedV1.type,
    orderCashOnDeliveryConfirmedV1.type,
    bookingReminderRequestedV1.type,
    bookingMovedV1.type,
    orderCashOnDeliveryPlacedV1.type,
    orderAddressChangeRequestedV1.type,
    // The order's news on the shopper's phone (docs/messaging.md, Order updates).
    orderPaidV3.type,
    orderRefundProcessedV1.type,
  ],
  ops: [
    orderPaidV3.type,
    orderPaymentFailedV1.type,
    receiptGeneratedV2.type,
    orderStatusChangedV2.type,
    orderCancelledV1.type,
    orderCashOnDeliveryConfirmedV1.type,
    orderRefundInitiatedV1.type,
    orderRefundProcessedV1.type,
    orderRefundFailedV1.type,
    creditNoteIssuedV1.type,
  ],
  // Its price cache: a missed event costs at most PRICES_KEPT_MS of an old price.
  // And the shoppers' taps on a cash order's message (docs/messaging.md, Replies).
  "order-payment": [productUpdatedV1.type, phoneReplyReceivedV1.type],
} as const satisfies Record<string, readonly string[]>;

export type EventConsumerName = keyof typeof EVENT_SUBSCRIPTIONS;
export const EVENT_CONSUMERS = Object.keys(EVENT_SUBSCRIPTIONS) as EventConsumerName[];

/**
 * Services whose every instance hears these events on a queue of its own, gone with the instance (a broadcast): they
 * drop what the instance keeps in memory, which expires by itself anyway. Nothing of theirs is parked.
 */
export const EVENT_BROADCASTS = {
  // The micro-cache's product answers and the server-rendered pages (services/gateway).
  gateway: [productUpdatedV1.type],
} as const satisfies Record<string, readonly string[]>;

/**
 * Whether some consumer's queue should have taken an event of this type. An unrouted event of a type no consumer
 * takes (none subscribes, or only broadcasts, whose instances were all away) is no alarm: nobody was to act on it.
 */
export function consumerShouldTake(type: string): boolean {
  return Object.values(EVENT_SUBSCRIPTIONS).some((types: readonly string[]) => types.includes(type));
}

/** What the console says of an event type no consumer takes, where it would otherwise count it as parked. */
export const NO_SUBSCRIBER_BY_DESIGN = "No service subscribes to this event type by design";

/** The shop's BullMQ queue names: the services that run them and the console that shows them read them here. */
export const JobQueueNames = {
  OTP_EXPIRY: "otp-expiry",
  OTP_RESEND_THROTTLE: "otp-resend-throttle",
  PAYMENT_RECONCILIATION: "payment-reconciliation",
  FESTIVAL_REMINDERS: "festival-reminders",
} as const;

export const JOB_QUEUES = [
  { service: "identity", prefix: "identity", queue: JobQueueNames.OTP_EXPIRY },
  { service: "identity", prefix: "identity", queue: JobQueueNames.OTP_RESEND_THROTTLE },
  { service: "order-payment", prefix: "order-payment", queue: JobQueueNames.PAYMENT_RECONCILIATION },
  { service: "order-payment", prefix: "order-payment", queue: JobQueueNames.FESTIVAL_REMINDERS },
] as const;

/** Where the gateway serves bull-board (the ops service's HTML, scripts and its API below it). */
export const OPS_BOARD_PATH = "/ops/queues";

/** The cookie the console's session sets, so bull-board's page and scripts (plain navigations) carry the login. */
export const OPS_SESSION_COOKIE = "storefront_ops";
