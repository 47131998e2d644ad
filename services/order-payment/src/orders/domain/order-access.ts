import { createHash, createHmac, randomBytes } from "node:crypto";
import { type EventEnvelope, indianMobile } from "@storefront/contracts";
import type { Order } from "./order.js";
import type { OrderChange } from "./order-change.js";

/**
 * How a guest gets back to an order (docs/order-lifecycle.md, The order page): the link in their order mail (a random
 * token, only its SHA-256 kept on the order, for 30 days), or the tracking form (order id + email -> a 6-digit code by
 * mail, 10 minutes, 5 tries), or order id + mobile -> the same code by WhatsApp or SMS under the same rules
 * (docs/messaging.md, Tracking by mobile number). Either answers an order pass (libs/auth) for that order only, for a
 * short while.
 */
export const ORDER_LINK_DAYS = 30;
export const ACCESS_CODE_TTL_MS = 10 * 60_000;
export const ACCESS_CODE_TRIES = 5;
/** A new code for the same order is not mailed sooner than this after the last one (one mailbox, one order). */
export const ACCESS_CODE_RESEND_MS = 60_000;
/**
 * Codes sent to one mobile number in an hour, whatever the order (a number may have placed many): each costs an SMS
 * or a WhatsApp conversation, and nobody's phone should ring for codes they did not ask for. Past it the form answers
 * as ever and sends nothing. The gateway's `order-track` limits each client address besides.
 */
export const PHONE_CODES_PER_NUMBER_PER_HOUR = 5;

/** How the tracking form asks: the order id with the email or with the mobile (`91XXXXXXXXXX`) it was placed with. */
export type TrackingContact = { email: string } | { mobile: string };

/** Whether the order was placed with this email or mobile number (its mobile read as the providers write it). */
export const placedWith = (order: Pick<Order, "customer">, contact: TrackingContact): boolean =>
  "email" in contact ? order.customer.email === contact.email : indianMobile(order.customer.mobile) === contact.mobile;

/**
 * Whether the order's code may be tried with this contact: the order was placed with it, and the code was sent to it
 * (a code mailed opens only with the email, a code sent to the phone only with the mobile).
 */
export const codeSentTo = (order: Pick<Order, "customer" | "access">, contact: TrackingContact): boolean =>
  order.access !== undefined && placedWith(order, contact) && (order.access.via === "mobile") === "mobile" in contact;
/** How long an order pass opens its order. */
export const ORDER_PASS_SECONDS = 2 * 60 * 60;

/** The sealing context of the order link in `order.paid` and `billing.receipt.generated`. */
export const orderLinkContext = (orderId: string) => `order-link:${orderId}`;

export const newOrderLinkToken = () => randomBytes(24).toString("base64url");
export const tokenSha256 = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export const accessCodeDigest = (key: string, orderId: string, code: string) =>
  createHmac("sha256", key).update(`order-access:${orderId}:${code}`).digest("hex");

/**
 * A tracking code written on the order with its `order.access-code.requested`: decided from the last request as read,
 * so of two requests at once one code is sent.
 */
export const accessCodeRequested = (
  order: Pick<Order, "access">,
  access: NonNullable<Order["access"]>,
  event: EventEnvelope,
): OrderChange => ({
  from: { accessRequestedAt: order.access ? order.access.requestedAt : "never" },
  set: { access },
  events: [event],
});

/** One try at the code, counted while under the limit, atomically: of 12 tries at once, 5 are compared. */
export const accessTryCounted = (access: NonNullable<Order["access"]>): OrderChange => ({
  from: { accessCode: { digest: access.codeDigest, triesBelow: ACCESS_CODE_TRIES } },
  countAccessTry: true,
});

/** A code opens once: spent by the try that matched it. */
export const accessCodeSpent = (access: NonNullable<Order["access"]>): OrderChange => ({
  from: { accessCode: { digest: access.codeDigest } },
  remove: ["access"],
});
