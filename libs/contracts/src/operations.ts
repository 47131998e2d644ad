/**
 * What the on-call console (services/ops) looks after, in one place: the services that consume events (each owns a
 * queue named after it, with `<queue>.parked` for what its handlers gave up on; ops itself keeps the orders' trail),
 * and the BullMQ queues of the shop with the Redis key prefix of the service that runs them (each service's
 * REDIS_PREFIX default).
 */
export const EVENT_CONSUMERS = ["billing", "notification", "ops"] as const;
export type EventConsumerName = (typeof EVENT_CONSUMERS)[number];

/** The shop's BullMQ queue names: the services that run them and the console that shows them read them here. */
export const JobQueueNames = {
  OTP_EXPIRY: "otp-expiry",
  OTP_RESEND_THROTTLE: "otp-resend-throttle",
  PAYMENT_RECONCILIATION: "payment-reconciliation",
} as const;

export const JOB_QUEUES = [
  { service: "identity", prefix: "identity", queue: JobQueueNames.OTP_EXPIRY },
  { service: "identity", prefix: "identity", queue: JobQueueNames.OTP_RESEND_THROTTLE },
  { service: "order-payment", prefix: "order-payment", queue: JobQueueNames.PAYMENT_RECONCILIATION },
] as const;

/** Where the gateway serves bull-board (the ops service's HTML, scripts and its API below it). */
export const OPS_BOARD_PATH = "/ops/queues";

/** The cookie the console's session sets, so bull-board's page and scripts (plain navigations) carry the login. */
export const OPS_SESSION_COOKIE = "storefront_ops";
