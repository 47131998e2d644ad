import { randomInt, timingSafeEqual } from "node:crypto";

/**
 * What every one-time secret the shop mails shares (identity's OTPs, order-payment's tracking codes): the code, and
 * the comparison of what is stored of it.
 */

/** Six random digits from the CSPRNG (leading zeros kept). */
export const newSixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

/** Two hex digests compared in constant time; an empty or malformed one never matches. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
