import { unsealSecret } from "@storefront/auth";
import type {
  EventData,
  EventEnvelope,
  otpRequestedV1,
  passwordResetRequestedV1,
  userRegisteredV1,
} from "@storefront/contracts";
import type { EventHandler } from "@storefront/messaging";
import { type SendEmailOnceDependencies, sendEmailOnce } from "../../mail/send-email-once.js";
import {
  OTP_CODE,
  otpCodeEmail,
  PASSWORD_RESET_LINK,
  passwordResetEmail,
  WELCOME,
  welcomeEmail,
} from "../../mail/templates/account-emails.js";

export interface AccountEventDependencies extends SendEmailOnceDependencies {
  shop: { name: string; url: string };
  sealKey: string;
}

/** `identity.otp.requested`: mails the code, opened from its seal (it never travels or rests in clear). */
export function otpRequested(deps: AccountEventDependencies): EventHandler<EventData<typeof otpRequestedV1>> {
  return async (event: EventEnvelope<string, EventData<typeof otpRequestedV1>>) => {
    const code = unsealSecret(event.data.sealedCode, deps.sealKey, `${event.type}:${event.id}`);
    await sendEmailOnce(deps, {
      event,
      template: OTP_CODE,
      to: event.data.email,
      content: otpCodeEmail(
        { code, purpose: event.data.purpose, expiresAt: event.data.expiresAt },
        deps.shop,
        event.data.language,
      ),
    });
  };
}

/** `identity.password-reset.requested`: mails the single-use link on PUBLIC_URL. */
export function passwordResetRequested(
  deps: AccountEventDependencies,
): EventHandler<EventData<typeof passwordResetRequestedV1>> {
  return async (event: EventEnvelope<string, EventData<typeof passwordResetRequestedV1>>) => {
    const token = unsealSecret(event.data.sealedResetToken, deps.sealKey, `${event.type}:${event.id}`);
    await sendEmailOnce(deps, {
      event,
      template: PASSWORD_RESET_LINK,
      to: event.data.email,
      content: passwordResetEmail({ token, expiresAt: event.data.expiresAt }, deps.shop, event.data.language),
    });
  };
}

/** `identity.user.registered`: the welcome mail (customers only; the admin account is seeded, not registered). */
export function userRegistered(deps: AccountEventDependencies): EventHandler<EventData<typeof userRegisteredV1>> {
  return async (event: EventEnvelope<string, EventData<typeof userRegisteredV1>>) => {
    if (event.data.role !== "USER") return;
    await sendEmailOnce(deps, {
      event,
      template: WELCOME,
      to: event.data.email,
      content: welcomeEmail({ name: event.data.name }, deps.shop, event.data.language),
    });
  };
}
