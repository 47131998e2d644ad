import { HTML_LANG, type Language } from "@storefront/contracts";
import { footer } from "./shop-contact.js";

/** What a template produces: one email's subject, HTML body and its plain-text alternative. */
export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

/** The teal of the storefront's theme (Chakra UI teal.600 / teal.500), for the emails to match the site. */
export const brand = { dark: "#2C7A7B", light: "#319795" } as const;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Makes any text safe inside HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** Escapes text and keeps its line breaks (as <br>: mail clients ignore `white-space: pre-wrap` unevenly). */
export function escapeMultiline(text: string): string {
  return escapeHtml(text).replace(/\r\n|\r|\n/g, "<br>\n");
}

/**
 * The branded frame around every email body: a 600 px table layout with inline styles only, because mail clients
 * (Outlook's Word engine, Gmail) drop <style> blocks, flexbox and most CSS. Every argument is HTML already
 * (escaped by the caller), except `shopName` and `preheader`, which are escaped here. The footer says who the shop
 * is and how to reach it (SHOP, docs/shop-details.md), in the mail's language.
 */
export function brandedEmail(parts: {
  shopName: string;
  title: string;
  preheader: string;
  bodyHtml: string;
  /** The mail's language (absent: English): its `lang` and its footer's words. */
  language?: Language | undefined;
}): string {
  const shop = escapeHtml(parts.shopName);
  return `<!DOCTYPE html>
<html lang="${HTML_LANG[parts.language ?? "en"]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${parts.title}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f7f7;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(parts.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f4f7f7" style="background-color:#f4f7f7;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="width:100%;max-width:600px;background-color:#ffffff;border:1px solid #d9e5e5;">
<tr><td bgcolor="${brand.dark}" style="background-color:${brand.dark};padding:20px 28px;font-family:Arial,Helvetica,sans-serif;font-size:22px;font-weight:bold;color:#ffffff;">${shop}</td></tr>
<tr><td style="padding:28px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:22px;color:#1a202c;">
${parts.bodyHtml}
</td></tr>
<tr><td bgcolor="#e6fffa" style="background-color:#e6fffa;padding:14px 28px;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:18px;color:#4a5568;">${escapeMultiline(footer(parts.shopName, parts.language))}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The building blocks of every email's body, inline-styled as mail clients need. */
export const paragraph = (html: string) => `<p style="margin:0 0 14px;">${html}</p>`;
export const heading = (text: string) =>
  `<h1 style="margin:0 0 16px;font-size:20px;line-height:28px;color:${brand.dark};">${escapeHtml(text)}</h1>`;
export const button = (href: string, label: string) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:20px 0;"><tr>` +
  `<td bgcolor="${brand.light}" style="background-color:${brand.light};border-radius:4px;">` +
  `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 22px;font-family:Arial,Helvetica,sans-serif;font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;">${escapeHtml(label)}</a>` +
  `</td></tr></table>`;
