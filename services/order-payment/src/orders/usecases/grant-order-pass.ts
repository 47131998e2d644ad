import { sameDigest, signOrderPass, type TokenKeys } from "@storefront/auth";
import {
  ACCESS_CODE_TRIES,
  accessCodeDigest,
  accessCodeSpent,
  accessTryCounted,
  codeSentTo,
  ORDER_PASS_SECONDS,
  type TrackingContact,
  tokenSha256,
} from "../domain/order-access.js";
import type { OrderRepository } from "../persistence/orders.js";

export interface OrderPassContext {
  orders: OrderRepository;
  sealKey: string;
  tokenKeys: TokenKeys;
}

/**
 * What proves a guest holds an order's mailbox or phone: the tracking form's code with the email or mobile it was sent
 * to, or the order mail's link token.
 */
export type OrderAccessProof =
  | ({ orderId: string; code: string } & TrackingContact)
  | { orderId: string; token: string };

/**
 * An order pass for a guest who proved they hold the order's mailbox or phone, or nothing, the same for an unknown
 * order, a wrong email or mobile, a code sent the other way, a wrong or lapsed code, and a used-up one (5 wrong tries burn a code: each try is counted in a guarded
 * update before the code is compared).
 */
export async function grantOrderPass(ctx: OrderPassContext, proof: OrderAccessProof): Promise<string | undefined> {
  const order = await ctx.orders.byId(proof.orderId);
  if (!order) return undefined;
  const now = new Date();
  if ("token" in proof) {
    const link = order.link;
    if (!link || link.expiresAt <= now || !sameDigest(link.tokenSha256, tokenSha256(proof.token))) return undefined;
  } else {
    const access = order.access;
    if (!access || !codeSentTo(order, proof) || access.expiresAt <= now) return undefined;
    if (access.attempts >= ACCESS_CODE_TRIES) return undefined;
    // Counted while under the limit, atomically: of 12 tries at once, 5 are compared and 7 refused uncounted.
    if (!(await ctx.orders.apply(order._id, accessTryCounted(access)))) return undefined;
    if (!sameDigest(access.codeDigest, accessCodeDigest(ctx.sealKey, order._id, proof.code))) return undefined;
    // A code opens once: it is spent now.
    await ctx.orders.apply(order._id, accessCodeSpent(access));
  }
  return signOrderPass(order._id, order.customer.email, { ...ctx.tokenKeys, expiresInSeconds: ORDER_PASS_SECONDS });
}
