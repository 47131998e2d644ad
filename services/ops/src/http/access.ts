import { bearerToken, requireAuth, type TokenKeys } from "@storefront/auth";
import { OPS_BOARD_PATH, OPS_SESSION_COOKIE } from "@storefront/contracts";
import { forbidden } from "@storefront/http";
import type { Request, RequestHandler } from "express";

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
 * bull-board's routes: an ADMIN token from the console's cookie (or a bearer header), checked as every API route
 * checks one. A change (bull-board's retry, clean, pause) made with the cookie must also come from the shop's own
 * origin, one more guard against a forged request.
 */
export function requireBoardAdmin(keys: TokenKeys, publicUrl: string): RequestHandler[] {
  const admin = requireAuth({
    ...keys,
    roles: ["ADMIN"],
    token: (req) => bearerToken(req) ?? cookie(req, OPS_SESSION_COOKIE),
  });
  const changesFromTheShop: RequestHandler = (req, _res, next) => {
    const changes = !["GET", "HEAD"].includes(req.method);
    if (changes && !bearerToken(req) && req.get("origin") !== publicUrl) {
      next(forbidden("This change must come from the shop's own console"));
      return;
    }
    next();
  };
  return [admin, changesFromTheShop];
}

function cookie(req: Request, name: string): string | undefined {
  for (const part of (req.get("cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return undefined;
}
