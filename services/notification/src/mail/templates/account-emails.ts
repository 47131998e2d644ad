import type { Language } from "@storefront/contracts";
import { brand, button, type EmailContent, escapeHtml, heading, paragraph } from "./layout.js";
import { mailWords, pageIn } from "./mail-words.js";
import { shopNameIn } from "./shop-contact.js";
import { shopEmail } from "./shop-email.js";

/** Template names in the delivery log and in each email's Message-ID. */
export const OTP_CODE = "otp-code";
export const WELCOME = "welcome";
export const PASSWORD_RESET_LINK = "password-reset-link";

interface Shop {
  name: string;
  /** The shop's public origin (PUBLIC_URL): every link of every mail is built on it, never on a request. */
  url: string;
}

/**
 * The page each code is asked on, where the shopper types it: signup, the guest checkout's form, the payment page's
 * cash-on-delivery dialog, sign-in. The mail links there in the page's language, always on PUBLIC_URL.
 */
const OTP_PAGES: Readonly<Record<string, string>> = {
  signup: "/signup",
  guest: "/checkoutuser",
  cod: "/payment",
  login: "/login",
};

/** The email with a one-time code (spec section 4, OTP), in the page's language (docs/languages.md). */
export function otpCodeEmail(
  input: { code: string; purpose: string; expiresAt: string },
  shop: Shop,
  language?: Language,
): EmailContent {
  const words = mailWords(language);
  const { otp } = words;
  const name = shopNameIn(shop.name, language);
  const subject = otp.subject(name);
  const purpose = otp.purposes[input.purpose] ?? otp.purposes.login!;
  const expires = words.time(input.expiresAt);
  const page = pageIn(language, shop.url, OTP_PAGES[input.purpose] ?? "/");
  return shopEmail({
    subject,
    shopName: name,
    language,
    preheader: otp.preheader,
    text: [otp.yourCode(input.code), otp.enterOn(page, purpose, expires), otp.ignore],
    html: [
      heading(otp.heading),
      // The shop's name links to the page the code is typed on, in its language (a Marathi page's code: /mr/...).
      paragraph(
        otp.enterHtml(
          `<a href="${escapeHtml(page)}" style="color:${brand.dark};">${escapeHtml(name)}</a>`,
          escapeHtml(purpose),
        ),
      ),
      `<p style="margin:8px 0 20px;font-family:'Courier New',Courier,monospace;font-size:32px;font-weight:bold;letter-spacing:8px;color:${brand.dark};">${escapeHtml(input.code)}</p>`,
      paragraph(otp.worksUntil(escapeHtml(expires))),
      paragraph(`<span style="color:#4a5568;">${escapeHtml(otp.ignore)}</span>`),
    ],
  });
}

/** The welcome email after signup. */
export function welcomeEmail(input: { name: string }, shop: Shop, language?: Language): EmailContent {
  const words = mailWords(language);
  const { welcome } = words;
  const name = shopNameIn(shop.name, language);
  const subject = welcome.subject(name);
  const dashboard = pageIn(language, shop.url, "/dashboard");
  return shopEmail({
    subject,
    shopName: name,
    language,
    preheader: welcome.preheader,
    text: [words.namaste(input.name), welcome.ready(name, dashboard)],
    html: [
      heading(welcome.heading(input.name)),
      paragraph(welcome.readyHtml(escapeHtml(name))),
      button(dashboard, welcome.button),
    ],
  });
}

/** The reset-link email (spec section 7, forgotPassword). The link is PUBLIC_URL + /reset-password?token=… */
export function passwordResetEmail(
  input: { token: string; expiresAt: string },
  shop: Shop,
  language?: Language,
): EmailContent {
  const words = mailWords(language);
  const { reset } = words;
  const name = shopNameIn(shop.name, language);
  const subject = reset.subject(name);
  const link = `${pageIn(language, shop.url, "/reset-password")}?token=${encodeURIComponent(input.token)}`;
  const expires = words.time(input.expiresAt);
  return shopEmail({
    subject,
    shopName: name,
    language,
    preheader: reset.preheader,
    text: [reset.asked(name), reset.chooseHere(link), reset.worksOnce(expires)],
    html: [
      heading(reset.heading),
      paragraph(reset.asked(escapeHtml(name))),
      button(link, reset.button),
      paragraph(reset.worksOnce(escapeHtml(expires))),
      paragraph(`<span style="color:#4a5568;font-size:13px;">${reset.paste(escapeHtml(link))}</span>`),
    ],
  });
}
