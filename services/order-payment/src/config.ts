import {
  defaultPorts,
  devDefault,
  intAtLeast,
  jwtEnv,
  loadConfig,
  paymentSandboxEnv,
  port,
  redisEnv,
  secret,
  serviceEnv,
  shopEnv,
  url,
} from "@storefront/config";
import { CLOCK_TIME, clockMinutes } from "@storefront/contracts";
import { z } from "zod";

/** Every environment variable the order-payment service reads, with safe local defaults. */
export const orderPaymentEnv = {
  ...serviceEnv,
  ...jwtEnv,
  ...redisEnv,
  ...shopEnv,
  ...paymentSandboxEnv,
  PORT: port(defaultPorts.orderPayment),
  MONGO_DB: z.string().min(1).default("orders"),
  /** The catalogue's internal price query (never through the gateway). */
  CATALOGUE_URL: url(`http://127.0.0.1:${defaultPorts.catalogue}`),
  /** Production names its provider: there is no default that could take pretend payments. */
  PAYMENT_PROVIDER: devDefault(z.enum(["sandbox", "cashfree", "razorpay"]), "sandbox"),
  /**
   * Cashfree PG: the local sandbox (services/payment-sandbox) by default; `https://api.cashfree.com/pg` with the
   * shop's keys for real payments (`https://sandbox.cashfree.com/pg` for Cashfree's own test mode).
   */
  CASHFREE_BASE_URL: devDefault(z.url(), `http://127.0.0.1:${defaultPorts.paymentSandbox}/pg`),
  CASHFREE_APP_ID: devDefault(z.string().min(1), "sandbox-app-id"),
  CASHFREE_SECRET_KEY: devDefault(z.string().min(1), "dev-only-sandbox-secret-change-me"),
  /** BullMQ's key prefix in Redis for this service's queues. */
  REDIS_PREFIX: z.string().min(1).default("order-payment"),
  /** How often reconciliation runs, after how long a PENDING order is asked about, and when an unpaid one expires. */
  RECONCILE_EVERY_MS: intAtLeast(1000, 60_000),
  RECONCILE_AFTER_MS: intAtLeast(0, 3 * 60_000),
  /**
   * How often the festival reminders' job looks for a day to remind (docs/festivals.md, The reminder mail): the first
   * reminders go within this of 18:00 on the eve, a booking made later that evening within this of being made.
   */
  FESTIVAL_REMINDERS_EVERY_MS: intAtLeast(1000, 10 * 60_000),
  /**
   * When an unpaid order expires, its kitchen units, slot and coupon use with it, and its payment session at the
   * provider (Cashfree's order_expiry_time is set to the same instant): what an unpaid order holds lives exactly as
   * long as it can be paid (docs/order-lifecycle.md, Open orders and holds). 15 minutes: a UPI or card payment takes
   * one to five, and a festival morning's abandoned carts give their units back within a quarter of an hour.
   */
  ORDER_EXPIRES_AFTER_MS: intAtLeast(60_000, 15 * 60_000),
  /**
   * Open orders one shopper may have at once (docs/order-lifecycle.md, Open orders and holds): unpaid online or cash
   * on delivery not yet delivered, per email, per mobile number, and per client address (higher: shoppers on one
   * mobile network or office share an address); cash on delivery's own per email and mobile, as its orders hold
   * units and a slot for days.
   */
  OPEN_ORDERS_PER_CUSTOMER: intAtLeast(1, 5),
  OPEN_ORDERS_PER_MOBILE: intAtLeast(1, 5),
  OPEN_ORDERS_PER_CLIENT: intAtLeast(1, 20),
  OPEN_CASH_ORDERS_PER_CUSTOMER: intAtLeast(1, 2),
  OPEN_CASH_ORDERS_PER_MOBILE: intAtLeast(1, 2),
  /**
   * The share of a limited product's day one shopper (email, or client address) may hold unpaid, in percent, until
   * the owner sets it (docs/order-lifecycle.md): half, so no one shopper's unpaid orders hold a whole day's batch.
   */
  UNPAID_SHARE_PERCENT: z.coerce.number().int().min(1).max(100).default(50),
  /** Wrong coupon codes one client address may try per window, at Apply coupon and checkout together (docs/coupons.md). */
  COUPON_GUESSES_PER_WINDOW: intAtLeast(1, 30),
  COUPON_GUESSES_WINDOW_S: intAtLeast(1, 15 * 60),
  /** Unknown booking pass codes one staff account may try per window at the festival counter (docs/counter.md). */
  COUNTER_GUESSES_PER_WINDOW: intAtLeast(1, 30),
  COUNTER_GUESSES_WINDOW_S: intAtLeast(1, 10 * 60),
  /**
   * Seals what only notification may open (the tracking form's code, the order mail's link) and keys the code's
   * digest on the order: the same key as identity's and notification's.
   */
  EVENT_SEAL_KEY: secret("dev-only-event-seal-key-change-me"),
  /**
   * The shop's production cut-off, India time (HH:MM; 24:00 for none but the day's end): a shopper may cancel a paid
   * order on the day it was paid until then (docs/order-lifecycle.md, Cancellation).
   */
  CANCELLATION_CUTOFF: z.string().regex(CLOCK_TIME, "HH:MM, 24 h").default("18:00").transform(clockMinutes),
  /** How long a call to the payment provider may take before it is given up (and retried by reconciliation). */
  PROVIDER_TIMEOUT_MS: intAtLeast(100, 10_000),
  /** Razorpay (PAYMENT_PROVIDER=razorpay): its Orders API, the key pair, and the webhook secret of its dashboard. */
  RAZORPAY_BASE_URL: url("https://api.razorpay.com/v1"),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
};

export type OrderPaymentConfig = z.infer<z.ZodObject<typeof orderPaymentEnv>>;

export const loadOrderPaymentConfig = (env: NodeJS.ProcessEnv = process.env): OrderPaymentConfig =>
  loadConfig(orderPaymentEnv, env);
