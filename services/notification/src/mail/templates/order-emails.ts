import { type FulfilmentStatus, formatRupees } from "@storefront/contracts";
import { brandedEmail, button, type EmailContent, escapeHtml, heading, paragraph } from "./layout.js";

/** Template names in the delivery log and in each email's Message-ID. */
export const ORDER_CONFIRMATION = "order-confirmation";
export const ORDER_STATUS = "order-status";

export interface Shop {
  name: string;
  /** PUBLIC_URL: the order page link is built on it. */
  url: string;
  email: string;
}

/** An order line in a mail's text: "2 x Kaju Katli (500 Gram)". */
export const lineWords = (line: { quantity: number; name: string; weight: string }) =>
  `${line.quantity} x ${line.name} (${line.weight})`;

/**
 * The order page on PUBLIC_URL; with the order mail's link token it opens for a guest without signing in
 * (docs/order-lifecycle.md, The order page).
 */
export const orderPage = (shop: Shop, orderId: string, linkToken?: string) =>
  `${shop.url}/orders/${encodeURIComponent(orderId)}${linkToken ? `?t=${encodeURIComponent(linkToken)}` : ""}`;

/** The mail's words for a coupon's line: "Coupon DIWALI100 applied". */
const couponWords = (coupon: { code: string }) => `Coupon ${coupon.code} applied`;

export interface ConfirmationInput {
  orderId: string;
  invoiceNumber: string;
  customerName: string;
  shippingAddress: string;
  lines: Array<{ name: string; weight: string; quantity: number; lineTotalPaise: number }>;
  postalDeliveryPaise: number;
  /** A coupon applied to the items (docs/coupons.md): its code and what it took off. */
  coupon?: { code: string; discountPaise: number } | undefined;
  totalPaise: number;
  /** How it gets there, in words (docs/delivery.md), when the order names it. */
  delivery?: string | undefined;
  /** The order page's link token (opened from its seal), when the order has one. */
  linkToken?: string | undefined;
}

/** The order confirmation, sent with the GST invoice attached once billing has made it. */
export function orderConfirmationEmail(input: ConfirmationInput, shop: Shop): EmailContent {
  const subject = `Your ${shop.name} order ${input.orderId} is confirmed`;
  const link = orderPage(shop, input.orderId, input.linkToken);
  const text = [
    `Namaste ${input.customerName},`,
    "",
    `Thank you for your order ${input.orderId}. We have received your payment.`,
    "",
    ...input.lines.map((line) => `  ${lineWords(line)}  ${formatRupees(line.lineTotalPaise)}`),
    ...(input.coupon ? [`  ${couponWords(input.coupon)}  -${formatRupees(input.coupon.discountPaise)}`] : []),
    `  Postal delivery  ${formatRupees(input.postalDeliveryPaise)}`,
    `  Total paid  ${formatRupees(input.totalPaise)}`,
    "",
    `Delivery to: ${input.shippingAddress}`,
    ...(input.delivery ? [`Delivery: ${input.delivery}`] : []),
    "",
    `Your tax invoice ${input.invoiceNumber} is attached. Your order (track or cancel it): ${link}`,
    "",
    `-- ${shop.name}`,
    "",
  ].join("\n");
  const cell = "padding:6px 8px;border-bottom:1px solid #d9e5e5;";
  const rows = input.lines
    .map(
      (line) =>
        `<tr><td style="${cell}">${line.quantity} &times; ${escapeHtml(line.name)} (${escapeHtml(line.weight)})</td>` +
        `<td align="right" style="${cell}">${escapeHtml(formatRupees(line.lineTotalPaise))}</td></tr>`,
    )
    .join("");
  const couponRow = input.coupon
    ? `<tr><td style="${cell}">${escapeHtml(couponWords(input.coupon))}</td>` +
      `<td align="right" style="${cell}">-${escapeHtml(formatRupees(input.coupon.discountPaise))}</td></tr>`
    : "";
  const bodyHtml = [
    heading(`Thank you, ${input.customerName}!`),
    paragraph(`We have received your payment for order <strong>${escapeHtml(input.orderId)}</strong>.`),
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;font-size:14px;">${rows}${couponRow}` +
      `<tr><td style="${cell}">Postal delivery</td><td align="right" style="${cell}">${escapeHtml(formatRupees(input.postalDeliveryPaise))}</td></tr>` +
      `<tr><td style="padding:8px;font-weight:bold;">Total paid</td><td align="right" style="padding:8px;font-weight:bold;">${escapeHtml(formatRupees(input.totalPaise))}</td></tr></table>`,
    paragraph(`<strong>Delivery to:</strong> ${escapeHtml(input.shippingAddress)}`),
    ...(input.delivery ? [paragraph(`<strong>Delivery:</strong> ${escapeHtml(input.delivery)}`)] : []),
    paragraph(`Your GST tax invoice <strong>${escapeHtml(input.invoiceNumber)}</strong> is attached as a PDF.`),
    button(link, "See my order"),
  ].join("\n");
  return {
    subject,
    text,
    html: brandedEmail({
      shopName: shop.name,
      title: escapeHtml(subject),
      preheader: `Order ${input.orderId} confirmed`,
      bodyHtml,
    }),
  };
}

/**
 * What each fulfilment status tells the customer, in a shop's words. PAID sends nothing: the confirmation said it.
 * Delivery times are the shipping policy's (spec section 9: processed in 1-2 business days, delivered in 5 to 15).
 */
const STATUS_WORDS: Partial<Record<FulfilmentStatus, { subject: string; lines: string[] }>> = {
  Waiting: {
    subject: "is confirmed and in the queue",
    lines: [
      "Your order is confirmed and waiting for its turn in our kitchen. We will write again when we start on it.",
    ],
  },
  Preparing: {
    subject: "is being prepared",
    lines: [
      "We have started preparing your order. Everything is made fresh, so it takes us 1-2 business days.",
      "We will write again as soon as it is on its way.",
    ],
  },
  Dispatched: {
    subject: "is on its way",
    lines: [
      "Your order has left our shop in Wai and is with India Post.",
      "Orders usually arrive within 5 to 15 business days, depending on your pincode.",
    ],
  },
  Delivered: {
    subject: "has been delivered",
    lines: [
      "Your order has been delivered. We hope you enjoy every bite!",
      "If anything is not right, please tell us the same day: reply to this email or call us.",
    ],
  },
};

/** Whether a status change is worth an email to the customer. */
export const statusHasEmail = (status: FulfilmentStatus) => STATUS_WORDS[status] !== undefined;

export function orderStatusEmail(
  input: { orderId: string; customerName: string; status: FulfilmentStatus },
  shop: Shop,
): EmailContent {
  const words = STATUS_WORDS[input.status];
  if (!words) throw new Error(`no email for status ${input.status}`);
  const subject = `Your ${shop.name} order ${input.orderId} ${words.subject}`;
  const link = orderPage(shop, input.orderId);
  const text = [
    `Namaste ${input.customerName},`,
    "",
    ...words.lines,
    "",
    `Your order: ${link}`,
    `Questions? Write to ${shop.email}.`,
    "",
    `-- ${shop.name}`,
    "",
  ].join("\n");
  const bodyHtml = [
    heading(`Order ${input.orderId} ${words.subject}`),
    ...words.lines.map((line) => paragraph(escapeHtml(line))),
    button(link, "See my order"),
    paragraph(`<span style="color:#4a5568;">Questions? Write to ${escapeHtml(shop.email)}.</span>`),
  ].join("\n");
  return {
    subject,
    text,
    html: brandedEmail({ shopName: shop.name, title: escapeHtml(subject), preheader: words.lines[0]!, bodyHtml }),
  };
}
