import { randomUUID } from "node:crypto";
import { newSixDigitCode, sealSecret } from "@storefront/auth";
import { orderAccessCodeRequestedV1 } from "@storefront/contracts";
import {
  ACCESS_CODE_RESEND_MS,
  ACCESS_CODE_TTL_MS,
  accessCodeDigest,
  accessCodeRequested,
} from "../domain/order-access.js";
import { inLanguage } from "../domain/order-events.js";
import type { OrderRepository } from "../persistence/orders.js";

export interface OrderAccessContext {
  orders: OrderRepository;
  /** EVENT_SEAL_KEY: seals the code for notification, and keys its digest on the order. */
  sealKey: string;
}

/**
 * The tracking form's first step: when the order exists and was placed with this email, a 6-digit code is written
 * on the order (its digest) with `order.access-code.requested` (the code sealed), and notification mails it. The
 * caller answers the same words whatever happened here, so the form tells nobody whether an order exists or whose
 * it is; one mailbox gets at most one code a minute per order (and the gateway limits the form).
 */
export async function requestOrderAccess(
  ctx: OrderAccessContext,
  orderId: string,
  email: string,
  correlationId: string,
): Promise<"sent" | "not-sent"> {
  const order = await ctx.orders.byId(orderId);
  if (!order || order.customer.email !== email) return "not-sent";
  const now = new Date();
  if (order.access && now.getTime() - order.access.requestedAt.getTime() < ACCESS_CODE_RESEND_MS) return "not-sent";
  const code = newSixDigitCode();
  const expiresAt = new Date(now.getTime() + ACCESS_CODE_TTL_MS);
  const eventId = randomUUID();
  const event = orderAccessCodeRequestedV1.create(
    {
      orderId,
      email,
      expiresAt: expiresAt.toISOString(),
      sealedCode: sealSecret(code, ctx.sealKey, `${orderAccessCodeRequestedV1.type}:${eventId}`),
      ...inLanguage(order),
    },
    { correlationId, id: eventId },
  );
  const access = { codeDigest: accessCodeDigest(ctx.sealKey, orderId, code), requestedAt: now, expiresAt, attempts: 0 };
  // Decided from the last request read: of two at once, one code is sent.
  const saved = await ctx.orders.apply(orderId, accessCodeRequested(order, access, event));
  return saved ? "sent" : "not-sent";
}
