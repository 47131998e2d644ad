import { forbidden, HttpError, unauthorized } from "@storefront/http";
import type { Request, RequestHandler, Response } from "express";
import { type OrderReader, type Principal, type Role, type Shopper, SPEC_ROLES } from "./claims.js";
import {
  type EmailProofPurpose,
  type TokenKeys,
  verifyAccessToken,
  verifyEmailProof,
  verifyOrderPass,
} from "./tokens.js";
import "./types.js";

const LOGIN_AGAIN = "Please, login again.";
const NOT_ALLOWED = "You are not allowed to do this.";

/** Options of {@link requireAuth}. */
export interface RequireAuthOptions extends TokenKeys {
  /**
   * Roles allowed through; when absent, the spec's roles (USER and ADMIN): a staff role (COUNTER) passes only a route
   * that names it, so no route meant for "a signed-in customer" opens to counter staff by default (docs/counter.md).
   */
  roles?: Role[];
  /** Where the request carries its token: `Authorization: Bearer` by default. */
  token?: (req: Request) => string | undefined;
}

/** The token of an `Authorization: Bearer <token>` header, if the request has one. */
export function bearerToken(req: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get("authorization") ?? "");
  return match?.[1];
}

/**
 * Lets a request through only with a valid `Authorization: Bearer <jwt>` (and an allowed role), putting the
 * caller on `res.locals.principal`. Otherwise 401 UNAUTHENTICATED, 401 TOKEN_EXPIRED or 403 FORBIDDEN.
 */
export function requireAuth(options: RequireAuthOptions): RequestHandler {
  if (options.roles?.length === 0) throw new Error("requireAuth: an empty roles list would refuse everyone");
  const roles: readonly Role[] = options.roles ?? SPEC_ROLES;
  const tokenOf = options.token ?? bearerToken;
  return (req, res, next) => {
    const token = tokenOf(req);
    const result = token ? verifyAccessToken(token, options) : undefined;
    if (!result?.ok) {
      next(result?.reason === "expired" ? new HttpError(401, "TOKEN_EXPIRED", LOGIN_AGAIN) : unauthorized(LOGIN_AGAIN));
      return;
    }
    if (!roles.includes(result.principal.role)) {
      next(forbidden(NOT_ALLOWED));
      return;
    }
    res.locals.principal = result.principal;
    next();
  };
}

/**
 * Identifies the caller when it can and never refuses: the SPA sends the literal `Bearer token` when it has no
 * token (spec section 6), so that, a missing header, or any invalid or expired token means an anonymous visitor.
 */
export function optionalAuth(keys: TokenKeys): RequestHandler {
  return (req, res, next) => {
    const token = bearerToken(req);
    const result = token ? verifyAccessToken(token, keys) : undefined;
    // A staff token is nobody's customer account: such a caller is an anonymous visitor here (docs/counter.md).
    if (result?.ok && isSpecRole(result.principal.role)) res.locals.principal = result.principal;
    next();
  };
}

const isSpecRole = (role: Role): role is (typeof SPEC_ROLES)[number] => (SPEC_ROLES as readonly Role[]).includes(role);

/** The caller set by requireAuth / optionalAuth, or undefined for an anonymous visitor. */
export function getPrincipal(res: Response): Principal | undefined {
  return res.locals.principal;
}

/** The caller, or a 401 UNAUTHENTICATED HttpError when there is none (for routes behind optionalAuth). */
export function requirePrincipal(res: Response): Principal {
  const principal = res.locals.principal;
  if (!principal) throw unauthorized(LOGIN_AGAIN);
  return principal;
}

/**
 * Lets a request through only with a valid email proof (the GUEST token `otp/validate` answers) asked for `purpose`
 * (or one of several) as its bearer, putting the validated email on `res.locals.emailProof`. Otherwise 401, in the
 * words the OTP step uses.
 */
export function requireEmailProof(
  keys: TokenKeys,
  purpose: EmailProofPurpose | readonly EmailProofPurpose[],
  message = "Please, validate email with otp",
): RequestHandler {
  const purposes = typeof purpose === "string" ? [purpose] : purpose;
  return (req, res, next) => {
    const token = bearerToken(req);
    const result = token
      ? purposes.map((one) => verifyEmailProof(token, keys, one)).find((proof) => proof.ok)
      : undefined;
    if (!result?.ok) {
      next(unauthorized(message));
      return;
    }
    res.locals.emailProof = result.email;
    next();
  };
}

/**
 * Lets a request through with an access token or a guest's email proof (spec: checkout as a user or a guest),
 * putting the shopper on `res.locals.shopper`. Anything else is 401.
 */
export function requireShopper(keys: TokenKeys): RequestHandler {
  return shopperOr(keys, false);
}

/**
 * {@link requireShopper}, or an order pass (a guest back at one order from the tracking form or the order mail):
 * for the routes of one order, which then check the pass names that order. The reader is on `res.locals.shopper`.
 */
export function requireOrderReader(keys: TokenKeys): RequestHandler {
  return shopperOr(keys, true);
}

function shopperOr(keys: TokenKeys, orderPass: boolean): RequestHandler {
  return (req, res, next) => {
    const token = bearerToken(req);
    const access = token ? verifyAccessToken(token, keys) : undefined;
    if (access?.ok) {
      const { role } = access.principal;
      // Counter staff cannot check out, read orders as a shopper nor read invoices (docs/counter.md, The role).
      if (!isSpecRole(role)) {
        next(forbidden(NOT_ALLOWED));
        return;
      }
      res.locals.shopper = { kind: "user", userId: access.principal.sub, email: access.principal.email, role };
      res.locals.principal = access.principal;
      next();
      return;
    }
    // Only a proof asked for guest checkout: the OTP step refuses that for a registered customer's email.
    const proof = token ? verifyEmailProof(token, keys, "guest") : undefined;
    if (proof?.ok) {
      res.locals.shopper = { kind: "guest", email: proof.email };
      next();
      return;
    }
    const pass = token && orderPass ? verifyOrderPass(token, keys) : undefined;
    if (pass?.ok) {
      res.locals.shopper = { kind: "order-pass", orderId: pass.orderId, email: pass.email };
      next();
      return;
    }
    next(access?.reason === "expired" ? new HttpError(401, "TOKEN_EXPIRED", LOGIN_AGAIN) : unauthorized(LOGIN_AGAIN));
  };
}

/** The shopper set by {@link requireShopper} (an order pass is not one: it opens one order only). */
export function getShopper(res: Response): Shopper {
  const shopper = res.locals.shopper;
  if (!shopper || shopper.kind === "order-pass") throw unauthorized(LOGIN_AGAIN);
  return shopper;
}

/** The reader set by {@link requireOrderReader}: a shopper, or the holder of one order's pass. */
export function getOrderReader(res: Response): OrderReader {
  const reader = res.locals.shopper;
  if (!reader) throw unauthorized(LOGIN_AGAIN);
  return reader;
}

/** The email proven by {@link requireEmailProof}. */
export function getEmailProof(res: Response): string | undefined {
  return res.locals.emailProof;
}
