import { sameDigest, signEmailProof } from "@storefront/auth";
import { AccountMessages } from "@storefront/contracts";
import { IdentityError } from "../domain/errors.js";
import { otpDigest } from "../domain/secrets.js";
import type { IdentityContext } from "./context.js";

/**
 * `POST /api/v1/otp/validate?email=&otp=` (spec section 7). The newest active challenge of the email is the only one
 * that counts; a wrong code counts against it and the fifth locks it (the right code then fails too); a right code
 * works once. Success answers the spec's message and the proof of the email (a GUEST token, about two hours).
 */
export async function validateOtp(
  ctx: IdentityContext,
  input: { email: string; otp: string },
): Promise<{ message: string; emailProof: string }> {
  const now = new Date();
  const challenge = await ctx.challenges.latestActive(input.email);
  if (!challenge || challenge.expiresAt <= now) throw new IdentityError("otp-invalid", AccountMessages.OTP_INVALID);
  const max = ctx.config.OTP_MAX_ATTEMPTS;
  const attempt = await ctx.challenges.claimTry(challenge._id, max);
  if (attempt === undefined) {
    await ctx.challenges.settle(challenge._id, "locked");
    throw new IdentityError("otp-invalid", AccountMessages.OTP_INVALID);
  }
  const expected = otpDigest(ctx.config.EVENT_SEAL_KEY, challenge._id, input.otp);
  if (!sameDigest(challenge.digest, expected)) {
    // The last try spent on a wrong code locks the challenge: the right code then fails too.
    if (attempt === max) await ctx.challenges.settle(challenge._id, "locked");
    throw new IdentityError("otp-invalid", AccountMessages.OTP_INVALID);
  }
  if (!(await ctx.challenges.claimUse(challenge._id)))
    throw new IdentityError("otp-invalid", AccountMessages.OTP_INVALID);
  await ctx.challenges.settle(challenge._id, "used");
  const emailProof = signEmailProof(input.email, challenge.purpose, {
    ...ctx.tokenKeys,
    expiresInSeconds: ctx.config.EMAIL_PROOF_TTL_S,
  });
  return { message: AccountMessages.OTP_VALIDATED, emailProof };
}
