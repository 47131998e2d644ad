import { randomUUID } from "node:crypto";
import { newSixDigitCode, sealSecret } from "@storefront/auth";
import { AccountMessages, type Language, type OtpPurpose, otpRequestedV1 } from "@storefront/contracts";
import { IdentityError } from "../domain/errors.js";
import { otpDigest } from "../domain/secrets.js";
import type { IdentityContext, RequestMeta } from "./context.js";

/**
 * `POST /api/v1/otp/send?email=&selectedOption=` (spec section 7): six random digits mailed to the address, valid
 * for OTP_TTL_MS (a BullMQ delayed job expires the challenge), resent at most once per 30 s per email (a BullMQ job
 * per email) and a few times an hour. A guest email that belongs to a customer is refused with the spec's words, and
 * so is signing up an email that is registered already. The code travels to notification sealed inside
 * `identity.otp.requested`; it is never logged and never stored in clear.
 */
export async function sendOtp(
  ctx: IdentityContext,
  input: { email: string; selectedOption: OtpPurpose; lang?: Language | undefined },
  meta: RequestMeta,
): Promise<{ message: string }> {
  // Login and a cash-on-delivery confirmation (docs/delivery.md) take any email; signup and guest checkout ask.
  if (input.selectedOption === "signup" || input.selectedOption === "guest") {
    const registered = await ctx.users.byEmail(input.email);
    if (registered && input.selectedOption === "guest") {
      throw new IdentityError("guest-is-registered", AccountMessages.GUEST_IS_REGISTERED);
    }
    if (registered) throw new IdentityError("email-taken", AccountMessages.EMAIL_TAKEN);
  }
  const countdown = await ctx.otpJobs.startCountdown(input.email);
  if (!countdown.started) {
    throw new IdentityError("too-many", AccountMessages.OTP_RESEND_WAIT, countdown.retryAfterSeconds);
  }
  await ctx.limits.takeOtpSend(input.email, meta.clientAddress);

  const challengeId = randomUUID();
  const code = newSixDigitCode();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ctx.config.OTP_TTL_MS);
  const eventId = randomUUID();
  const event = otpRequestedV1.create(
    {
      challengeId,
      email: input.email,
      purpose: input.selectedOption,
      expiresAt: expiresAt.toISOString(),
      sealedCode: sealSecret(code, ctx.config.EVENT_SEAL_KEY, `${otpRequestedV1.type}:${eventId}`),
      // The page's language (docs/languages.md): the code's mail is written in it.
      ...(input.lang === "mr" ? { language: input.lang } : {}),
    },
    { correlationId: meta.correlationId, id: eventId },
  );
  await ctx.challenges.replace(
    {
      _id: challengeId,
      email: input.email,
      purpose: input.selectedOption,
      digest: otpDigest(ctx.config.EVENT_SEAL_KEY, challengeId, code),
      status: "active",
      createdAt: now,
      expiresAt,
    },
    event,
  );
  await ctx.otpJobs.scheduleExpiry(challengeId);
  return { message: AccountMessages.OTP_SENT };
}
