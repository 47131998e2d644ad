import { type FulfilmentStatus, formatRupees, type Language } from "@storefront/contracts";
import { brandedEmail, button, type EmailContent, escapeHtml, heading, paragraph } from "./layout.js";
import { type MailLine, mailWords, pageIn } from "./mail-words.js";

/** Template names in the delivery log and in each email's Message-ID. */
export const ORDER_CONFIRMATION = "order-confirmation";
export const ORDER_STATUS = "order-status";

export interface Shop {
  name: string;
  /** PUBLIC_URL: the order page link is built on it. */
  url: string;
  email: string;
}

/**
 * The order page on PUBLIC_URL, in the order's language; with the order mail's link token it opens for a guest without
 * signing in (docs/order-lifecycle.md, The order page).
 */
export const orderPage = (shop: Shop, orderId: string, linkToken?: string, language?: Language) =>
  `${pageIn(language, shop.url, `/orders/${encodeURIComponent(orderId)}`)}${linkToken ? `?t=${encodeURIComponent(linkToken)}` : ""}`;

export interface ConfirmationInput {
  orderId: string;
  invoiceNumber: string;
  customerName: string;
  shippingAddress: string;
  lines: Array<MailLine & { lineTotalPaise: number }>;
  postalDeliveryPaise: number;
  /** A coupon applied to the items (docs/coupons.md): its code and what it took off. */
  coupon?: { code: string; discountPaise: number } | undefined;
  totalPaise: number;
  /** How it gets there, in words (docs/delivery.md), when the order names it. */
  delivery?: string | undefined;
  /** The order page's link token (opened from its seal), when the order has one. */
  linkToken?: string | undefined;
  /** The order's language (docs/languages.md); absent: English. */
  language?: Language | undefined;
}

/** The order confirmation, sent with the GST invoice attached once billing has made it, in the order's language. */
export function orderConfirmationEmail(input: ConfirmationInput, shop: Shop): EmailContent {
  const words = mailWords(input.language);
  const { confirmation } = words;
  const subject = confirmation.subject(shop.name, input.orderId);
  const link = orderPage(shop, input.orderId, input.linkToken, input.language);
  const text = [
    words.namaste(input.customerName),
    "",
    confirmation.received(input.orderId),
    "",
    ...input.lines.map((line) => `  ${words.line(line)}  ${formatRupees(line.lineTotalPaise)}`),
    ...(input.coupon
      ? [`  ${confirmation.coupon(input.coupon.code)}  -${formatRupees(input.coupon.discountPaise)}`]
      : []),
    `  ${confirmation.postal}  ${formatRupees(input.postalDeliveryPaise)}`,
    `  ${confirmation.totalPaid}  ${formatRupees(input.totalPaise)}`,
    "",
    `${confirmation.deliveryTo} ${input.shippingAddress}`,
    ...(input.delivery ? [`${confirmation.delivery} ${input.delivery}`] : []),
    "",
    confirmation.attachedText(input.invoiceNumber, link),
    "",
    `-- ${shop.name}`,
    "",
  ].join("\n");
  const cell = "padding:6px 8px;border-bottom:1px solid #d9e5e5;";
  const rows = input.lines
    .map(
      (line) =>
        `<tr><td style="${cell}">${escapeHtml(words.line(line)).replace(/^(\d+) x /, "$1 &times; ")}</td>` +
        `<td align="right" style="${cell}">${escapeHtml(formatRupees(line.lineTotalPaise))}</td></tr>`,
    )
    .join("");
  const couponRow = input.coupon
    ? `<tr><td style="${cell}">${escapeHtml(confirmation.coupon(input.coupon.code))}</td>` +
      `<td align="right" style="${cell}">-${escapeHtml(formatRupees(input.coupon.discountPaise))}</td></tr>`
    : "";
  const bodyHtml = [
    heading(confirmation.heading(input.customerName)),
    paragraph(confirmation.receivedHtml(escapeHtml(input.orderId))),
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;font-size:14px;">${rows}${couponRow}` +
      `<tr><td style="${cell}">${confirmation.postal}</td><td align="right" style="${cell}">${escapeHtml(formatRupees(input.postalDeliveryPaise))}</td></tr>` +
      `<tr><td style="padding:8px;font-weight:bold;">${confirmation.totalPaid}</td><td align="right" style="padding:8px;font-weight:bold;">${escapeHtml(formatRupees(input.totalPaise))}</td></tr></table>`,
    paragraph(`<strong>${confirmation.deliveryTo}</strong> ${escapeHtml(input.shippingAddress)}`),
    ...(input.delivery ? [paragraph(`<strong>${confirmation.delivery}</strong> ${escapeHtml(input.delivery)}`)] : []),
    paragraph(confirmation.attachedHtml(escapeHtml(input.invoiceNumber))),
    button(link, words.seeMyOrder),
  ].join("\n");
  return {
    subject,
    text,
    html: brandedEmail({
      shopName: shop.name,
      title: escapeHtml(subject),
      preheader: confirmation.preheader(input.orderId),
      bodyHtml,
    }),
  };
}

/** Whether a status change is worth an email to the customer (PAID sends nothing: the confirmation said it). */
export const statusHasEmail = (status: FulfilmentStatus) => mailWords("en").status.words[status] !== undefined;

/**
 * What each fulfilment status tells the customer, in the order's language. Delivery times are the shipping policy's
 * (spec section 9: processed in 1-2 business days, delivered in 5 to 15).
 */
export function orderStatusEmail(
  input: { orderId: string; customerName: string; status: FulfilmentStatus },
  shop: Shop,
  language?: Language,
): EmailContent {
  const all = mailWords(language);
  const words = all.status.words[input.status];
  if (!words) throw new Error(`no email for status ${input.status}`);
  const subject = all.status.subject(shop.name, input.orderId, words.subject);
  const link = orderPage(shop, input.orderId, undefined, language);
  const text = [
    all.namaste(input.customerName),
    "",
    ...words.lines,
    "",
    all.yourOrder(link),
    all.questions(shop.email),
    "",
    `-- ${shop.name}`,
    "",
  ].join("\n");
  const bodyHtml = [
    heading(all.status.heading(input.orderId, words.subject)),
    ...words.lines.map((line) => paragraph(escapeHtml(line))),
    button(link, all.seeMyOrder),
    paragraph(`<span style="color:#4a5568;">${escapeHtml(all.questions(shop.email))}</span>`),
  ].join("\n");
  return {
    subject,
    text,
    html: brandedEmail({ shopName: shop.name, title: escapeHtml(subject), preheader: words.lines[0]!, bodyHtml }),
  };
}
