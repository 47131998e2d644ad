import { bearerToken, getPrincipal, requireAuth, type TokenKeys } from "@storefront/auth";
import { OPS_BOARD_PATH, OPS_SESSION_COOKIE } from "@storefront/contracts";
import { forbidden, HttpError, requestCookie, unauthorized } from "@storefront/http";
import type { RequestHandler } from "express";
import type { ConsoleSessions } from "../console/console-sessions.js";

/** The console's API: an ADMIN bearer token on every call (the SPA sends it; no cookie is read). */
export const requireAdmin = (keys: TokenKeys): RequestHandler => requireAuth({ ...keys, roles: ["ADMIN"] });

const cookieOptions = (publicUrl: string) => ({
  httpOnly: true,
  sameSite: "strict" as const,
  secure: publicUrl.startsWith("https:"),
  path: OPS_BOARD_PATH,
});

/**
 * Begins a console session for the admin whose bearer token came with the request (requireAdmin ran first) and puts
 * its random id into an HttpOnly cookie scoped to bull-board's path: its page, scripts and API calls are the
 * browser's own requests, which carry no Authorization header. SameSite=Strict keeps other sites' pages from
 * sending it along.
 */
export function startBoardSession(sessions: ConsoleSessions, publicUrl: string): RequestHandler {
  return async (_req, res) => {
    const sessionId = await sessions.begin(getPrincipal(res)!);
    res.cookie(OPS_SESSION_COOKIE, sessionId, { ...cookieOptions(publicUrl), maxAge: sessions.lifetimeMs });
    res.status(204).end();
  };
}

/** The SPA's sign-out: every console session of the admin ends, and the browser's cookie is cleared. */
export function endBoardSessions(sessions: ConsoleSessions, publicUrl: string): RequestHandler {
  return async (_req, res) => {
    await sessions.endAll(getPrincipal(res)!.sub);
    res.clearCookie(OPS_SESSION_COOKIE, cookieOptions(publicUrl));
    res.status(204).end();
  };
}

// bull-board's API calls that change something, of which the console allows only retrying failed jobs: adding,
// cleaning, promoting, pausing, emptying or obliterating a queue is not the on-call's business from a browser.
const RETRIES = [/^\/api\/queues\/[^/]+\/[^/]+\/retry$/, /^\/api\/queues\/[^/]+\/retry\/failed$/];

/**
 * bull-board's routes: an ADMIN bearer token, or the console session's cookie (a live session, not ended by a sign-out
 * or a password change). bull-board is read-only apart from retrying failed jobs, and such a retry made with the
 * cookie must come from the shop's own origin, one more guard against a forged request.
 */
export function requireBoardAdmin(keys: TokenKeys, sessions: ConsoleSessions, publicUrl: string): RequestHandler[] {
  const byToken = requireAdmin(keys);
  const admin: RequestHandler = async (req, res, next) => {
    if (bearerToken(req)) return byToken(req, res, next);
    const sessionId = requestCookie(req, OPS_SESSION_COOKIE);
    const principal = sessionId ? await sessions.admin(sessionId) : undefined;
    if (!principal) throw unauthorized("Please, login again.");
    res.locals.principal = principal;
    next();
  };
  const onlyRetries: RequestHandler = (req, _res, next) => {
    if (["GET", "HEAD"].includes(req.method)) return next();
    if (req.method !== "PUT" || !RETRIES.some((retry) => retry.test(req.path))) {
      throw new HttpError(405, "READ_ONLY", "The job board only looks and retries failed jobs.");
    }
    if (!bearerToken(req) && req.get("origin") !== publicUrl) {
      throw forbidden("This change must come from the shop's own console");
    }
    next();
  };
  return [admin, onlyRetries];
}
