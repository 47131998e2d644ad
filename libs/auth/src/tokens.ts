import { createSecretKey, type KeyObject } from "node:crypto";
import jwt from "jsonwebtoken";
import { z } from "zod";
import { type AccessTokenClaims, accessTokenClaimsSchema, type Principal } from "./claims.js";

// Exactly one algorithm: a token declaring "none", or an asymmetric algorithm that could be abused with the shared
// secret as a "public key", is refused before its signature is even considered.
const ALGORITHMS: jwt.Algorithm[] = ["HS256"];
// Each kind of token names its audience, so one kind can never be presented as another: an email proof (GUEST) is
// not an access token, and an access token is not a proof that its holder just read a mailbox.
const ACCESS_AUDIENCE = "storefront-api";
const EMAIL_PROOF_AUDIENCE = "storefront-email-proof";
const ORDER_PASS_AUDIENCE = "storefront-order-pass";
// Services' clocks drift a little; a token that expired 5 s ago on another pod's clock is still honoured.
const CLOCK_TOLERANCE_SECONDS = 5;

/** Secret and issuer shared by the identity service (which signs) and every service that verifies. */
export interface TokenKeys {
  secret: string;
  issuer: string;
}

/** Options of {@link signAccessToken}. */
export interface SignOptions extends TokenKeys {
  expiresInSeconds: number;
}

/** Why a token was refused: `expired` lets the SPA tell "log in again" from "this is not a token". */
export type VerifyResult = { ok: true; principal: Principal } | { ok: false; reason: "expired" | "invalid" };

function assertSecret(secret: string): void {
  if (!secret) throw new Error("JWT secret is empty: refusing to sign or verify access tokens");
}

let lastKey: { secret: string; key: KeyObject } | undefined;
/**
 * The shared secret as a symmetric key, made once. Given the string, jsonwebtoken first tries it as a PEM public key
 * on every call and builds a secret key when that throws: the thrown error was 2% of order-payment's CPU under the
 * checkout bench (docs/performance.md). A key object is also never mistaken for a public key.
 */
function secretKey(secret: string): KeyObject {
  if (lastKey?.secret !== secret) lastKey = { secret, key: createSecretKey(Buffer.from(secret)) };
  return lastKey.key;
}

/** Signs an HS256 access token for the identity service's login response (`access_token`, spec section 7). */
export function signAccessToken(claims: AccessTokenClaims, options: SignOptions): string {
  assertSecret(options.secret);
  if (!Number.isInteger(options.expiresInSeconds) || options.expiresInSeconds <= 0) {
    throw new Error(`expiresInSeconds must be a positive integer, got ${options.expiresInSeconds}`);
  }
  const { sub, email, role, cv, name } = accessTokenClaimsSchema.parse(claims);
  return jwt.sign({ email, role, ...(cv ? { cv } : {}), ...(name ? { name } : {}) }, secretKey(options.secret), {
    algorithm: "HS256",
    expiresIn: options.expiresInSeconds,
    issuer: options.issuer,
    audience: ACCESS_AUDIENCE,
    subject: sub,
  });
}

/**
 * Verifies signature (HS256 only), issuer and expiry, then parses the claims. Never throws for a bad token:
 * a token without `exp` or with claims of the wrong shape is `invalid`.
 */
export function verifyAccessToken(token: string, keys: TokenKeys): VerifyResult {
  assertSecret(keys.secret);
  const verified = verifyJwt(token, keys, ACCESS_AUDIENCE);
  if (!verified.ok) return verified;
  const claims = accessTokenClaimsSchema.safeParse(verified.payload);
  return claims.success ? { ok: true, principal: claims.data } : { ok: false, reason: "invalid" };
}

function verifyJwt(
  token: string,
  keys: TokenKeys,
  audience: string,
): { ok: true; payload: jwt.JwtPayload } | { ok: false; reason: "expired" | "invalid" } {
  let payload: string | jwt.JwtPayload;
  try {
    payload = jwt.verify(token, secretKey(keys.secret), {
      algorithms: ALGORITHMS,
      issuer: keys.issuer,
      audience,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
  } catch (err) {
    return { ok: false, reason: err instanceof jwt.TokenExpiredError ? "expired" : "invalid" };
  }
  // jsonwebtoken accepts tokens without `exp`; a token that never expires is not one we issued.
  if (typeof payload === "string" || typeof payload.exp !== "number") return { ok: false, reason: "invalid" };
  return { ok: true, payload };
}

/**
 * What the OTP behind a proof was asked for (the spec's `selectedOption`): a proof opens only what it was asked for,
 * so a code sent to a registered customer's mailbox for "login" is no ticket to guest checkout (docs/security.md).
 */
export const emailProofPurposeSchema = z.enum(["signup", "login", "guest", "cod"]);
export type EmailProofPurpose = z.infer<typeof emailProofPurposeSchema>;

const emailProofClaimsSchema = z.object({
  email: z.email(),
  role: z.literal("GUEST"),
  purpose: emailProofPurposeSchema,
});

/**
 * Signs the proof that the holder validated `email` with an OTP asked for `purpose` just now: role GUEST, about two
 * hours. Signup (purpose signup) and guest checkout (purpose guest) take it as `Authorization: Bearer …`; it opens
 * nothing else.
 */
export function signEmailProof(email: string, purpose: EmailProofPurpose, options: SignOptions): string {
  assertSecret(options.secret);
  const claims = emailProofClaimsSchema.parse({ email, role: "GUEST", purpose });
  return jwt.sign(claims, secretKey(options.secret), {
    algorithm: "HS256",
    expiresIn: options.expiresInSeconds,
    issuer: options.issuer,
    audience: EMAIL_PROOF_AUDIENCE,
    subject: claims.email,
  });
}

/**
 * The email a proof vouches for, or why it was refused (same rules as access tokens: HS256, issuer, expiry). A proof
 * asked for another purpose than `purpose` is invalid here; one without a purpose (signed before purposes) too.
 */
export function verifyEmailProof(
  token: string,
  keys: TokenKeys,
  purpose: EmailProofPurpose,
): { ok: true; email: string } | { ok: false; reason: "expired" | "invalid" } {
  assertSecret(keys.secret);
  const verified = verifyJwt(token, keys, EMAIL_PROOF_AUDIENCE);
  if (!verified.ok) return verified;
  const claims = emailProofClaimsSchema.safeParse(verified.payload);
  return claims.success && claims.data.purpose === purpose
    ? { ok: true, email: claims.data.email }
    : { ok: false, reason: "invalid" };
}

const orderPassClaimsSchema = z.object({ orderId: z.string().min(1), email: z.email() });

/**
 * Signs an order pass: what a guest gets for proving they hold an order's mailbox (the tracking form's code, or the
 * link in the order mail). It opens that one order (read, cancel, its invoice and credit notes) and nothing else.
 */
export function signOrderPass(orderId: string, email: string, options: SignOptions): string {
  assertSecret(options.secret);
  const claims = orderPassClaimsSchema.parse({ orderId, email });
  return jwt.sign(claims, secretKey(options.secret), {
    algorithm: "HS256",
    expiresIn: options.expiresInSeconds,
    issuer: options.issuer,
    audience: ORDER_PASS_AUDIENCE,
    subject: claims.orderId,
  });
}

/** The order and email an order pass vouches for, or why it was refused. */
export function verifyOrderPass(
  token: string,
  keys: TokenKeys,
): { ok: true; orderId: string; email: string } | { ok: false; reason: "expired" | "invalid" } {
  assertSecret(keys.secret);
  const verified = verifyJwt(token, keys, ORDER_PASS_AUDIENCE);
  if (!verified.ok) return verified;
  const claims = orderPassClaimsSchema.safeParse(verified.payload);
  return claims.success ? { ok: true, ...claims.data } : { ok: false, reason: "invalid" };
}
