import type { Language } from "@storefront/contracts";
import { brandedEmail, type EmailContent, escapeHtml } from "./layout.js";
import { signature } from "./shop-contact.js";

/**
 * A mail of the shop from its parts, the one shape every template to a shopper ends in: the plain text as blocks (a
 * line, or lines kept together) with a blank line after each and the shop's signature last; the HTML body in the
 * branded frame, titled with the subject.
 */
export function shopEmail(parts: {
  subject: string;
  /** The shop's name in the mail's language. */
  shopName: string;
  language?: Language | undefined;
  /** What a mail list shows beside the subject. */
  preheader: string;
  text: readonly (string | readonly string[])[];
  /** HTML already (each piece escaped by the template), one piece a line. */
  html: readonly string[];
}): EmailContent {
  const { subject, shopName, language } = parts;
  const text = [
    ...parts.text.flatMap((block) => [...(typeof block === "string" ? [block] : block), ""]),
    ...signature(shopName, language),
    "",
  ].join("\n");
  const html = brandedEmail({
    shopName,
    title: escapeHtml(subject),
    preheader: parts.preheader,
    bodyHtml: parts.html.join("\n"),
    language,
  });
  return { subject, text, html };
}
