import { createHash, createHmac, randomBytes } from "node:crypto";
import type { EventEnvelope } from "@storefront/contracts";
import type { Order } from "./order.js";
import type { OrderChange } from "./order-change.js";

/**
 * How a guest gets back to an order (docs/order-lifecycle.md, The order page): the link in their order mail (a random
 * token, only its SHA-256 kept on the order, for 30 days), or the tracking form (order id + email -> a 6-digit code by
 * mail, 10 minutes, 5 tries). Either answers an order pass (libs/auth) for that order only, for a short while.
 */
export const ORDER_LINK_DAYS = 30;
export const ACCESS_CODE_TTL_MS = 10 * 60_000;
export const ACCESS_CODE_TRIES = 5;
/** A new code for the same order is not mailed sooner than this after the last one (one mailbox, one order). */
export const ACCESS_CODE_RESEND_MS = 60_000;
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
