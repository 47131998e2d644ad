import { brand, brandedEmail, type EmailContent, escapeHtml, escapeMultiline } from "./layout.js";
import { mailWords } from "./mail-words.js";

/** The template's name in the delivery log and in the email's Message-ID. */
export const ENQUIRY_TO_SHOP = "enquiry-to-shop";

/** What the shop needs to answer an enquiry (the data of `catalogue.enquiry.submitted`). */
export interface EnquiryForShop {
  name: string;
  email?: string | undefined;
  mobile: string;
  message: string;
  submittedAt: string;
}

const NOT_GIVEN = "not given";

/**
 * The email that tells the shop a visitor sent an enquiry from the site. Every visitor value is escaped: the form
 * is public, so anything typed there ends up in the shop's mail client.
 */
export function enquiryToShop(enquiry: EnquiryForShop, shop: { name: string }): EmailContent {
  // A header value must stay on one line, and a name pasted with a whole letter should not make the subject unreadable.
  const name = enquiry.name.replace(/\s+/g, " ").trim().slice(0, 100);
  const submitted = mailWords("en").time(enquiry.submittedAt);
  const subject = `New enquiry from ${name}`;

  const text = [
    subject,
    "",
    `Name: ${enquiry.name}`,
    `Email: ${enquiry.email ?? NOT_GIVEN}`,
    `Mobile: ${enquiry.mobile}`,
    `Submitted: ${submitted}`,
    "",
    "Message:",
    enquiry.message,
    "",
    enquiry.email
      ? `Reply to this email to answer ${name}.`
      : `${name} gave no email address: call or message them on ${enquiry.mobile}.`,
    "",
    `-- Sent by the ${shop.name} website.`,
    "",
  ].join("\n");

  const phone = enquiry.mobile.replace(/[^+\d]/g, "");
  const email = enquiry.email
    ? `<a href="mailto:${escapeHtml(enquiry.email)}" style="color:${brand.dark};">${escapeHtml(enquiry.email)}</a>`
    : `<span style="color:#718096;">${NOT_GIVEN}</span>`;
  const mobile = phone
    ? `<a href="tel:${escapeHtml(phone)}" style="color:${brand.dark};">${escapeHtml(enquiry.mobile)}</a>`
    : escapeHtml(enquiry.mobile);
  const row = (label: string, valueHtml: string) =>
    `<tr><td width="110" valign="top" style="padding:6px 12px 6px 0;font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#4a5568;">${label}</td>` +
    `<td valign="top" style="padding:6px 0;font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#1a202c;">${valueHtml}</td></tr>`;
  const answer = enquiry.email
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin-top:24px;"><tr>` +
      `<td bgcolor="${brand.light}" style="background-color:${brand.light};border-radius:4px;">` +
      `<a href="mailto:${escapeHtml(enquiry.email)}" style="display:inline-block;padding:10px 20px;font-family:Arial,Helvetica,sans-serif;font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none;">Reply to ${escapeHtml(name)}</a>` +
      `</td></tr></table>`
    : `<p style="margin:24px 0 0;color:#4a5568;">${escapeHtml(name)} gave no email address: call or message them on ${escapeHtml(enquiry.mobile)}.</p>`;

  const bodyHtml = [
    `<h1 style="margin:0 0 16px;font-size:20px;line-height:28px;color:${brand.dark};">New enquiry from ${escapeHtml(name)}</h1>`,
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%">`,
    row("Name", escapeHtml(enquiry.name)),
    row("Email", email),
    row("Mobile", mobile),
    row("Submitted", escapeHtml(submitted)),
    `</table>`,
    `<p style="margin:20px 0 8px;font-weight:bold;color:#1a202c;">Message</p>`,
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" width="100%"><tr>`,
    `<td bgcolor="#f0fafa" style="background-color:#f0fafa;border-left:4px solid ${brand.light};padding:12px 16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:22px;color:#1a202c;">${escapeMultiline(enquiry.message)}</td>`,
    `</tr></table>`,
    answer,
  ].join("\n");

  const html = brandedEmail({
    shopName: shop.name,
    title: escapeHtml(subject),
    preheader: enquiry.message.slice(0, 120),
    bodyHtml,
  });
  return { subject, html, text };
}
