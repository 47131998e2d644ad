import { randomUUID } from "node:crypto";
import { newSixDigitCode, sealSecret } from "@storefront/auth";
import { orderAccessCodeRequestedV1, orderPhoneAccessCodeRequestedV1 } from "@storefront/contracts";
import {
  ACCESS_CODE_RESEND_MS,
  ACCESS_CODE_TTL_MS,
  accessCodeDigest,
  accessCodeRequested,
  placedWith,
  type TrackingContact,
} from "../domain/order-access.js";
import { inLanguage } from "../domain/order-events.js";
import type { OrderRepository } from "../persistence/orders.js";
import type { PhoneCodeCount } from "../persistence/phone-code-count.js";

export interface OrderAccessContext {
  orders: OrderRepository;
  /** EVENT_SEAL_KEY: seals the code for notification, and keys its digest on the order. */
  sealKey: string;
  /** Codes sent per mobile number in an hour (PHONE_CODES_PER_NUMBER_PER_HOUR). */
  phoneCodes: PhoneCodeCount;
}

/**
 * The tracking form's first step: when the order exists and was placed with this email (or mobile number), a 6-digit
 * code is written on the order (its digest) with `order.access-code.requested` (`order.phone-access-code.requested`),
 * the code sealed, and notification mails it (sends it by WhatsApp, else SMS). The caller answers the same words
 * whatever happened here, so the form tells nobody whether an order exists or whose it is; an order gets at most one
 * code a minute, whichever way it was asked, a mobile number at most PHONE_CODES_PER_NUMBER_PER_HOUR, and the gateway
 * limits the form per client address (docs/order-lifecycle.md, The order page; docs/messaging.md).
 */
export async function requestOrderAccess(
  ctx: OrderAccessContext,
  asked: { orderId: string } & TrackingContact,
  correlationId: string,
): Promise<"sent" | "not-sent"> {
  const { orderId } = asked;
  const order = await ctx.orders.byId(orderId);
  if (!order || !placedWith(order, asked)) return "not-sent";
  const now = new Date();
  if (order.access && now.getTime() - order.access.requestedAt.getTime() < ACCESS_CODE_RESEND_MS) return "not-sent";
  if ("mobile" in asked && (await ctx.phoneCodes.spent(asked.mobile))) return "not-sent";
  const code = newSixDigitCode();
  const expiresAt = new Date(now.getTime() + ACCESS_CODE_TTL_MS);
  const eventId = randomUUID();
  const definition = "mobile" in asked ? orderPhoneAccessCodeRequestedV1 : orderAccessCodeRequestedV1;
  const sealedCode = sealSecret(code, ctx.sealKey, `${definition.type}:${eventId}`);
  const common = { orderId, expiresAt: expiresAt.toISOString(), sealedCode, ...inLanguage(order) };
  const event =
    "mobile" in asked
      ? orderPhoneAccessCodeRequestedV1.create(
          { ...common, mobile: asked.mobile, requestedAt: now.toISOString() },
          { correlationId, id: eventId },
        )
      : orderAccessCodeRequestedV1.create({ ...common, email: asked.email }, { correlationId, id: eventId });
  const access = {
    codeDigest: accessCodeDigest(ctx.sealKey, orderId, code),
    requestedAt: now,
    expiresAt,
    attempts: 0,
    ...("mobile" in asked ? { via: "mobile" as const } : {}),
  };
  // Decided from the last request read: of two at once, one code is sent.
  const saved = await ctx.orders.apply(orderId, accessCodeRequested(order, access, event));
  if (!saved) return "not-sent";
  // Counted once sent, so a race of asks for different orders of one number may pass the count by a code or two:
  // the count bounds what a number receives, the order's minute and the gateway's limit bound who asks.
  if ("mobile" in asked) await ctx.phoneCodes.count(asked.mobile);
  return "sent";
}
