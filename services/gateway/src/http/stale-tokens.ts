import { bearerToken, type CredentialStore, currentCredentialVersion } from "@storefront/auth";
import { HttpError } from "@storefront/http";
import type { RequestHandler } from "express";
import { z } from "zod";
import { redisWithin } from "./redis-within.js";

/** The claims this check reads; the signature is the services' business (see below). */
const claimsSchema = z.object({
  aud: z.literal("storefront-api"),
  sub: z.string().min(1).max(200),
  cv: z.number().int().min(0).optional(),
});

function claimsOf(token: string): z.infer<typeof claimsSchema> | undefined {
  const payload = token.split(".")[1];
  if (!payload) return undefined;
  try {
    const parsed = claimsSchema.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Refuses an access token signed before its account's password last changed (docs/security.md): identity publishes
 * each account's credential version in Redis when a password is changed or reset, and a token carrying a lower one
 * is answered 401 on every route, whatever service owns it.
 *
 * The token is only decoded here, not verified: this check can only refuse, and a forged token that passes it is
 * still refused by the service that verifies its signature. Without Redis the check cannot be made and the request
 * goes on (like the shop-wide rate limit: a sale beats a counter); identity publishes the versions of the last
 * token lifetime again every minute, so a Redis restarted empty forgets them for a minute at most.
 */
export function refuseStaleTokens(store: CredentialStore, timeoutMs = 250): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerToken(req);
    const claims = token ? claimsOf(token) : undefined;
    if (!claims) return next();
    let current: number;
    try {
      current = await redisWithin(currentCredentialVersion(store, claims.sub), timeoutMs);
    } catch (error) {
      req.log.warn({ err: error }, "credential version could not be checked");
      return next();
    }
    if ((claims.cv ?? 0) < current) {
      throw new HttpError(401, "TOKEN_EXPIRED", "Please, login again.");
    }
    next();
  };
}
