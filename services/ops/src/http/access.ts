import { type Principal, requireAuth, type TokenKeys, verifyAccessToken } from "@storefront/auth";
import { OPS_BOARD_PATH, OPS_SESSION_COOKIE } from "@storefront/contracts";
import { forbidden, HttpError, unauthorized } from "@storefront/http";
import type { Request, RequestHandler } from "express";

const LOGIN_AGAIN = "Please, login again.";
const NOT_ALLOWED = "You are not allowed to do this.";
/** The cookie outlives no token: the token inside it is verified on every request. */
const SESSION_COOKIE_MAX_AGE_S = 12 * 60 * 60;

/** The console's API: an ADMIN bearer token on every call (the SPA sends it; no cookie is read). */
export const requireAdmin = (keys: TokenKeys): RequestHandler => requireAuth({ ...keys, roles: ["ADMIN"] });

/**
 * Puts the admin's token into an HttpOnly cookie scoped to bull-board's path: its page, scripts and API calls are
 * the browser's own requests, which carry no Authorization header. SameSite=Strict keeps other sites' pages from
 * sending it along.
 */
export function startBoardSession(publicUrl: string): RequestHandler {
  const secure = publicUrl.startsWith("https:");
  return (req, res) => {
    const token = bearerToken(req);
    res.cookie(OPS_SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: "strict",
      secure,
      path: OPS_BOARD_PATH,
      maxAge: SESSION_COOKIE_MAX_AGE_S * 1000,
    });
    res.status(204).end();
  };
}

/**
 * bull-board's routes: an ADMIN token from the console's cookie (or a bearer header). A change (bull-board's retry,
 * clean, pause) made with the cookie must come from the shop's own origin, one more guard against a forged request.
 */
export function requireBoardAdmin(keys: TokenKeys, publicUrl: string): RequestHandler {
  return (req, res, next) => {
    const fromHeader = bearerToken(req);
    const token = fromHeader ?? cookie(req, OPS_SESSION_COOKIE);
    const result = token ? verifyAccessToken(token, keys) : undefined;
    if (!result?.ok) {
      next(result?.reason === "expired" ? new HttpError(401, "TOKEN_EXPIRED", LOGIN_AGAIN) : unauthorized(LOGIN_AGAIN));
      return;
    }
    if (result.principal.role !== "ADMIN") {
      next(forbidden(NOT_ALLOWED));
      return;
    }
    const changes = !["GET", "HEAD"].includes(req.method);
    if (changes && !fromHeader && req.get("origin") !== publicUrl) {
      next(forbidden("This change must come from the shop's own console"));
      return;
    }
    res.locals.principal = result.principal satisfies Principal;
    next();
  };
}

function bearerToken(req: Request): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(req.get("authorization") ?? "")?.[1];
}

function cookie(req: Request, name: string): string | undefined {
  for (const part of (req.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return undefined;
}
