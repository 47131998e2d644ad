import { randomUUID } from "node:crypto";
import { sealSecret } from "@storefront/auth";
import { AccountMessages, type Language, passwordResetRequestedV1 } from "@storefront/contracts";
import { IdentityError } from "../domain/errors.js";
import { newResetToken, resetTokenDigest } from "../domain/secrets.js";
import type { IdentityContext, RequestMeta } from "./context.js";

/**
 * `POST /api/auth/forgotPassword` (spec section 7): a single-use link token, valid RESET_TOKEN_TTL_MS, mailed sealed
 * inside `identity.password-reset.requested` (notification builds the link on PUBLIC_URL, never on the request's
 * Host). Only its hash is stored. An unknown email is answered with the spec's own words ("This Email is not
 * registered with …"): that enumeration is the spec's, and the per-email and per-address limits bound it.
 */
export async function forgotPassword(
  ctx: IdentityContext,
  input: { email: string; language?: Language | undefined },
  meta: RequestMeta,
): Promise<{ message: string }> {
  await ctx.limits.takeResetMail(input.email, meta.clientAddress);
  const user = await ctx.users.byEmail(input.email);
  if (user?.role !== "USER") {
    throw new IdentityError("not-registered", `${AccountMessages.NOT_REGISTERED_WITH} ${ctx.config.SHOP_NAME}`);
  }
  const token = newResetToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ctx.config.RESET_TOKEN_TTL_MS);
  const eventId = randomUUID();
  const event = passwordResetRequestedV1.create(
    {
      userId: user._id,
      email: user.email,
      expiresAt: expiresAt.toISOString(),
      sealedResetToken: sealSecret(token, ctx.config.EVENT_SEAL_KEY, `${passwordResetRequestedV1.type}:${eventId}`),
      ...(input.language === "mr" ? { language: input.language } : {}),
    },
    { correlationId: meta.correlationId, id: eventId },
  );
  await ctx.resets.replace(
    { _id: resetTokenDigest(token), userId: user._id, email: user.email, createdAt: now, expiresAt },
    event,
  );
  return { message: AccountMessages.RESET_LINK_SENT };
}
