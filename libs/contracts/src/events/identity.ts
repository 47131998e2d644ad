import { z } from "zod";
import { defineEvent } from "../envelope.js";
import { languageSchema } from "../language-schema.js";

/** COUNTER (docs/counter.md) added without a new version: staff accounts are made mail-free and publish no event. */
const role = z.enum(["USER", "ADMIN", "COUNTER"]);
/** `cod` (docs/delivery.md) added without a new version: notification ships with it; an older one parks such a request. */
const otpPurpose = z.enum(["signup", "login", "guest", "cod"]);

export const IdentityEvents = {
  USER_REGISTERED: "identity.user.registered",
  OTP_REQUESTED: "identity.otp.requested",
  PASSWORD_RESET_REQUESTED: "identity.password-reset.requested",
} as const;

export const userRegisteredV1 = defineEvent(
  IdentityEvents.USER_REGISTERED,
  1,
  z.object({
    userId: z.string().min(1),
    name: z.string().min(1),
    email: z.string().email(),
    role,
    /** The shopper's language (docs/languages.md): its mail goes out in it. Optional, added without a new version. */
    language: languageSchema.optional(),
  }),
);

/**
 * Carries no OTP in clear (docs/conventions.md, Events and jobs: no secret in clear). The code travels sealed with a key that only
 * identity and notification hold; the identity issue decides the sealing and may version this event.
 */
export const otpRequestedV1 = defineEvent(
  IdentityEvents.OTP_REQUESTED,
  1,
  z.object({
    challengeId: z.string().min(1),
    email: z.string().email(),
    purpose: otpPurpose,
    expiresAt: z.string().datetime({ offset: true }),
    sealedCode: z.string().min(1),
    /** The shopper's language (docs/languages.md): its mail goes out in it. Optional, added without a new version. */
    language: languageSchema.optional(),
  }),
);

export const passwordResetRequestedV1 = defineEvent(
  IdentityEvents.PASSWORD_RESET_REQUESTED,
  1,
  z.object({
    userId: z.string().min(1),
    email: z.string().email(),
    expiresAt: z.string().datetime({ offset: true }),
    sealedResetToken: z.string().min(1),
    /** The shopper's language (docs/languages.md): its mail goes out in it. Optional, added without a new version. */
    language: languageSchema.optional(),
  }),
);
