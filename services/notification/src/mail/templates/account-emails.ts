import { formatIndiaTime } from "./india-time.js";
import { brand, brandedEmail, button, type EmailContent, escapeHtml, heading, paragraph } from "./layout.js";

/** Template names in the delivery log and in each email's Message-ID. */
export const OTP_CODE = "otp-code";
export const WELCOME = "welcome";
export const PASSWORD_RESET_LINK = "password-reset-link";

interface Shop {
  name: string;
  /** The shop's public origin (PUBLIC_URL): every link of every mail is built on it, never on a request. */
  url: string;
}

const PURPOSE: Record<string, string> = {
  signup: "to create your account",
  guest: "to check out as a guest",
  login: "to confirm your email",
  cod: "to confirm your cash on delivery order",
};

/** The email with a one-time code (spec section 4, OTP). */
export function otpCodeEmail(input: { code: string; purpose: string; expiresAt: string }, shop: Shop): EmailContent {
  const subject = `${input.code} is your ${shop.name} verification code`;
  const purpose = PURPOSE[input.purpose] ?? PURPOSE.login!;
  const expires = formatIndiaTime(input.expiresAt);
  const text = [
    `Your verification code is ${input.code}`,
    "",
    `Enter it on ${shop.url} ${purpose}. It works once and until ${expires}.`,
    "",
    "If you did not ask for it, ignore this email: nobody can use your email address without this code.",
    "",
    `-- ${shop.name}`,
    "",
  ].join("\n");
  const bodyHtml = [
    heading("Your verification code"),
    paragraph(`Enter this code on the ${escapeHtml(shop.name)} website ${escapeHtml(purpose)}:`),
    `<p style="margin:8px 0 20px;font-family:'Courier New',Courier,monospace;font-size:32px;font-weight:bold;letter-spacing:8px;color:${brand.dark};">${escapeHtml(input.code)}</p>`,
    paragraph(`It works once and until ${escapeHtml(expires)}.`),
    paragraph(
      `<span style="color:#4a5568;">If you did not ask for it, ignore this email: nobody can use your email address without this code.</span>`,
    ),
  ].join("\n");
  return {
    subject,
    text,
    html: brandedEmail({
      shopName: shop.name,
      title: escapeHtml(subject),
      preheader: `Your code is ${input.code}`,
      bodyHtml,
    }),
  };
}

/** The welcome email after signup. */
export function welcomeEmail(input: { name: string }, shop: Shop): EmailContent {
  const subject = `Welcome to ${shop.name}`;
  const dashboard = `${shop.url}/dashboard`;
  const text = [
    `Namaste ${input.name},`,
    "",
    `Your ${shop.name} account is ready. Your orders, receipts and saved addresses are on your dashboard: ${dashboard}`,
    "",
    `-- ${shop.name}`,
    "",
  ].join("\n");
  const bodyHtml = [
    heading(`Namaste ${input.name}!`),
    paragraph(
      `Your ${escapeHtml(shop.name)} account is ready. Your orders, receipts and saved addresses are on your dashboard.`,
    ),
    button(dashboard, "Open my dashboard"),
  ].join("\n");
  return {
    subject,
    text,
    html: brandedEmail({
      shopName: shop.name,
      title: escapeHtml(subject),
      preheader: "Your account is ready",
      bodyHtml,
    }),
  };
}

/** The reset-link email (spec section 7, forgotPassword). The link is PUBLIC_URL + /reset-password?token=… */
export function passwordResetEmail(input: { token: string; expiresAt: string }, shop: Shop): EmailContent {
  const subject = `Reset your ${shop.name} password`;
  const link = `${shop.url}/reset-password?token=${encodeURIComponent(input.token)}`;
  const expires = formatIndiaTime(input.expiresAt);
  const text = [
    `Someone (we hope you) asked to reset the password of your ${shop.name} account.`,
    "",
    `Choose a new password here: ${link}`,
    "",
    `The link works once, until ${expires}. If you did not ask, ignore this email: your password stays as it is.`,
    "",
    `-- ${shop.name}`,
    "",
  ].join("\n");
  const bodyHtml = [
    heading("Reset your password"),
    paragraph(`Someone (we hope you) asked to reset the password of your ${escapeHtml(shop.name)} account.`),
    button(link, "Choose a new password"),
    paragraph(
      `The link works once, until ${escapeHtml(expires)}. If you did not ask, ignore this email: your password stays as it is.`,
    ),
    paragraph(
      `<span style="color:#4a5568;font-size:13px;">Or paste this into your browser: ${escapeHtml(link)}</span>`,
    ),
  ].join("\n");
  return {
    subject,
    text,
    html: brandedEmail({
      shopName: shop.name,
      title: escapeHtml(subject),
      preheader: "A link to choose a new password",
      bodyHtml,
    }),
  };
}
