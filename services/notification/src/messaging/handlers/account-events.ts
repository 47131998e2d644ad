import type { EventData, otpRequestedV1, passwordResetRequestedV1, userRegisteredV1 } from "@storefront/contracts";
import type { EventHandler } from "@storefront/messaging";
import type { SendEmailOnceDependencies } from "../../mail/send-email-once.js";
import {
  OTP_CODE,
  otpCodeEmail,
  PASSWORD_RESET_LINK,
  passwordResetEmail,
  WELCOME,
  welcomeEmail,
} from "../../mail/templates/account-emails.js";
import { mailingHandler, openEventSeal } from "./mailing-handler.js";

export interface AccountEventDependencies extends SendEmailOnceDependencies {
  shop: { name: string; url: string };
  sealKey: string;
}

/** `identity.otp.requested`: mails the code, opened from its seal (it never travels or rests in clear). */
export function otpRequested(deps: AccountEventDependencies): EventHandler<EventData<typeof otpRequestedV1>> {
  return mailingHandler(deps, OTP_CODE, (event) => ({
    to: event.data.email,
    content: otpCodeEmail(
      {
        code: openEventSeal(event, event.data.sealedCode, deps.sealKey),
        purpose: event.data.purpose,
        expiresAt: event.data.expiresAt,
      },
      deps.shop,
      event.data.language,
    ),
  }));
}

/** `identity.password-reset.requested`: mails the single-use link on PUBLIC_URL. */
export function passwordResetRequested(
  deps: AccountEventDependencies,
): EventHandler<EventData<typeof passwordResetRequestedV1>> {
  return mailingHandler(deps, PASSWORD_RESET_LINK, (event) => ({
    to: event.data.email,
    content: passwordResetEmail(
      { token: openEventSeal(event, event.data.sealedResetToken, deps.sealKey), expiresAt: event.data.expiresAt },
      deps.shop,
      event.data.language,
    ),
  }));
}

/** `identity.user.registered`: the welcome mail (customers only; the admin account is seeded, not registered). */
export function userRegistered(deps: AccountEventDependencies): EventHandler<EventData<typeof userRegisteredV1>> {
  return mailingHandler(deps, WELCOME, ({ data }) =>
    data.role === "USER"
      ? { to: data.email, content: welcomeEmail({ name: data.name }, deps.shop, data.language) }
      : null,
  );
}
