import { createHash, createHmac, randomBytes } from "node:crypto";

/**
 * What the database keeps of an OTP: an HMAC under a server-side key and the challenge's id. Six digits are a small
 * space, so the key (not the hash) is what keeps a copied database row from giving the code away.
 */
export const otpDigest = (key: string, challengeId: string, code: string) =>
  createHmac("sha256", key).update(`otp:${challengeId}:${code}`).digest("hex");

/** A password-reset token: 32 random bytes, URL-safe. Only its SHA-256 is stored. */
export const newResetToken = () => randomBytes(32).toString("base64url");
export const resetTokenDigest = (token: string) => createHash("sha256").update(token).digest("hex");
