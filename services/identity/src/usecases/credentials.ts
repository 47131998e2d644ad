import { publishCredentialVersion, signAccessToken } from "@storefront/auth";
import type { UserRecord } from "../persistence/users.js";
import type { IdentityContext } from "./context.js";

/** An access token for `user`, carrying its credential version (docs/security.md). */
export function issueAccessToken(
  ctx: IdentityContext,
  user: Pick<UserRecord, "_id" | "email" | "role"> & { name?: string },
  cv = 0,
) {
  // Staff tokens carry the account's name: a counter's mark records who made it (docs/counter.md).
  const name = user.role === "COUNTER" && user.name ? { name: user.name } : {};
  return signAccessToken(
    { sub: user._id, email: user.email, role: user.role, cv, ...name },
    { ...ctx.tokenKeys, expiresInSeconds: ctx.config.ACCESS_TOKEN_TTL_S },
  );
}

/**
 * Sets a new password and ends every access token signed before it: the account's credential version goes up and
 * is published for the gateway, which refuses lower ones. Answers the new version, for the caller's fresh token.
 * Publishing may fail (Redis away): the password is changed regardless, and identity's minute republish
 * (`republishCredentialVersions`) makes the refusal effective once Redis answers.
 */
export async function replacePassword(ctx: IdentityContext, userId: string, passwordHash: string) {
  const changed = await ctx.users.setPassword(userId, passwordHash);
  if (!changed) return undefined;
  await publishVersion(ctx, userId, changed);
  return changed.version;
}

/**
 * Publishes an account's new credential version for the gateway (a password changed, a staff account disabled).
 * Publishing may fail (Redis away): the change stands regardless, and the minute republish makes it effective.
 */
export async function publishVersion(ctx: IdentityContext, userId: string, changed: { version: number; at: Date }) {
  await publishCredentialVersion(ctx.credentialStore, userId, changed.version, refuseUntil(ctx, changed.at)).catch(
    (error: unknown) => ctx.logger.warn({ err: error, userId }, "credential version not published; republished soon"),
  );
}

/** Until when a change must refuse older tokens: the longest of them has expired by then. */
const refuseUntil = (ctx: IdentityContext, changedAt: Date) =>
  new Date(changedAt.getTime() + (ctx.config.ACCESS_TOKEN_TTL_S + 60) * 1000);

/** Changes after this instant may still have tokens signed before them alive. */
export const recentChangesSince = (ctx: IdentityContext) =>
  new Date(Date.now() - (ctx.config.ACCESS_TOKEN_TTL_S + 60) * 1000);

/**
 * Publishes again the versions of every password changed within a token's lifetime: a Redis restarted empty (or
 * away when a password changed) would otherwise let the old tokens back in until they expire. Run every minute.
 */
export async function republishCredentialVersions(ctx: IdentityContext): Promise<number> {
  const changed = await ctx.users.credentialsChangedSince(recentChangesSince(ctx));
  for (const user of changed) {
    await publishCredentialVersion(ctx.credentialStore, user._id, user.credentialVersion, refuseUntil(ctx, user.at));
  }
  return changed.length;
}
