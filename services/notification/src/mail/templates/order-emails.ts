import {
  type BookingFacts,
  type FulfilmentStatus,
  formatRupees,
  type Language,
  type OrderDelivery,
} from "@storefront/contracts";
import { passBlock } from "./booking-pass.js";
import { fulfilmentWords } from "./fulfilment-words.js";
import { button, type EmailContent, escapeHtml, heading, paragraph } from "./layout.js";
import { type MailLine, mailWords, pageIn } from "./mail-words.js";
import { shopContact, shopNameIn } from "./shop-contact.js";
import { shopEmail } from "./shop-email.js";

/** Template names in the delivery log and in each email's Message-ID. */
export const ORDER_CONFIRMATION = "order-confirmation";
export const ORDER_STATUS = "order-status";

/** The shop as the mails need it from the service's settings; its address, phone and email are SHOP's. */
export interface Shop {
  /** SHOP_NAME (SHOP's name unless a test names another shop). */
  name: string;
  /** PUBLIC_URL: the order page link is built on it. */
  url: string;
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
  /** How it gets there (docs/delivery.md); absent: the courier, as the spec's orders. */
  delivery?: OrderDelivery | undefined;
  /** The order page's link token (opened from its seal), when the order has one. */
  linkToken?: string | undefined;
  /** The order's language (docs/languages.md); absent: English. */
  language?: Language | undefined;
  /** A festival booking's festival, day, window and pass code (docs/festivals.md, The pass in the mails). */
  festival?: BookingFacts | undefined;
}

/**
 * The order confirmation, sent with the GST invoice attached once billing has made it, in the order's language. A
 * festival booking's says its pass where another order says where and when it comes: the festival, day and window,
 * the code and its QR image (attached inline by the handler, booking-pass.ts) and the shop's address.
 */
export function orderConfirmationEmail(input: ConfirmationInput, shop: Shop): EmailContent {
  const words = mailWords(input.language);
  const { confirmation } = words;
  const fulfilment = fulfilmentWords(input.delivery, input.language);
  const name = shopNameIn(shop.name, input.language);
  const subject = confirmation.subject(name, input.orderId);
  const link = orderPage(shop, input.orderId, input.linkToken, input.language);
  const place = fulfilment.place(input.shippingAddress);
  const pass = input.festival ? passBlock(input.festival, input.language) : undefined;
  const whereText = pass ? pass.text : [`${fulfilment.placeLabel} ${place}`, ...fulfilment.promise];
  const whereHtml = pass
    ? pass.html
    : [
        paragraph(`<strong>${escapeHtml(fulfilment.placeLabel)}</strong> ${escapeHtml(place)}`),
        ...fulfilment.promise.map((line) => paragraph(escapeHtml(line))),
      ];
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
  return shopEmail({
    subject,
    shopName: name,
    language: input.language,
    preheader: confirmation.preheader(input.orderId),
    text: [
      words.namaste(input.customerName),
      confirmation.received(input.orderId),
      [
        ...input.lines.map((line) => `  ${words.line(line)}  ${formatRupees(line.lineTotalPaise)}`),
        ...(input.coupon
          ? [`  ${confirmation.coupon(input.coupon.code)}  -${formatRupees(input.coupon.discountPaise)}`]
          : []),
        `  ${fulfilment.chargeRow}  ${formatRupees(input.postalDeliveryPaise)}`,
        `  ${confirmation.totalPaid}  ${formatRupees(input.totalPaise)}`,
      ],
      whereText,
      [confirmation.attachedText(input.invoiceNumber, link), shopContact(input.language).questions],
    ],
    html: [
      heading(confirmation.heading(input.customerName)),
      paragraph(confirmation.receivedHtml(escapeHtml(input.orderId))),
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;font-size:14px;">${rows}${couponRow}` +
        `<tr><td style="${cell}">${escapeHtml(fulfilment.chargeRow)}</td><td align="right" style="${cell}">${escapeHtml(formatRupees(input.postalDeliveryPaise))}</td></tr>` +
        `<tr><td style="padding:8px;font-weight:bold;">${confirmation.totalPaid}</td><td align="right" style="padding:8px;font-weight:bold;">${escapeHtml(formatRupees(input.totalPaise))}</td></tr></table>`,
      ...whereHtml,
      paragraph(confirmation.attachedHtml(escapeHtml(input.invoiceNumber))),
      button(link, words.seeMyOrder),
      paragraph(`<span style="color:#4a5568;">${escapeHtml(shopContact(input.language).questions)}</span>`),
    ],
  });
}

export { statusHasEmail } from "./fulfilment-words.js";

/**
 * What each fulfilment status tells the customer, in the order's language and for how the order comes
 * (fulfilment-words.ts): a courier's times are the shipping policy's (spec section 9: processed in 1-2 business
 * days, delivered in 5 to 15); a local delivery is out for delivery in its slot; a pickup is ready at the shop.
 */
export function orderStatusEmail(
  input: { orderId: string; customerName: string; status: FulfilmentStatus; delivery?: OrderDelivery | undefined },
  shop: Shop,
  language?: Language,
): EmailContent {
  const all = mailWords(language);
  const words = fulfilmentWords(input.delivery, language).status[input.status];
  if (!words) throw new Error(`no email for status ${input.status}`);
  const name = shopNameIn(shop.name, language);
  const questions = shopContact(language).questions;
  const subject = all.status.subject(name, input.orderId, words.subject);
  const link = orderPage(shop, input.orderId, undefined, language);
  return shopEmail({
    subject,
    shopName: name,
    language,
    preheader: words.lines[0]!,
    text: [all.namaste(input.customerName), words.lines, [all.yourOrder(link), questions]],
    html: [
      heading(all.status.heading(input.orderId, words.subject)),
      ...words.lines.map((line) => paragraph(escapeHtml(line))),
      button(link, all.seeMyOrder),
      paragraph(`<span style="color:#4a5568;">${escapeHtml(questions)}</span>`),
    ],
  });
}
