import { formatRupees } from "@storefront/contracts";
import { formatIndiaTime } from "./india-time.js";
import { brandedEmail, button, type EmailContent, escapeHtml, heading, paragraph } from "./layout.js";
import { lineWords, orderPage, type Shop } from "./order-emails.js";

/** Template names in the delivery log and in each email's Message-ID. */
export const ORDER_CANCELLED = "order-cancelled";
export const REFUND_CREDITED = "refund-credited";
export const ORDER_ACCESS_CODE = "order-access-code";
export const CASH_ON_DELIVERY_CONFIRMED = "cash-on-delivery-confirmed";

/** One email of a few lines and a button to the order page: the shape of every mail of an order's later life. */
function orderMail(
  shop: Shop,
  subject: string,
  lines: string[],
  link: string,
  linkLabel = "See my order",
): EmailContent {
  const text = [
    ...lines,
    "",
    `Your order: ${link}`,
    `Questions? Write to ${shop.email}.`,
    "",
    `-- ${shop.name}`,
    "",
  ].join("\n");
  const bodyHtml = [
    heading(subject),
    ...lines.map((line) => paragraph(escapeHtml(line))),
    button(link, linkLabel),
    paragraph(`<span style="color:#4a5568;">Questions? Write to ${escapeHtml(shop.email)}.</span>`),
  ].join("\n");
  return {
    subject,
    text,
    html: brandedEmail({ shopName: shop.name, title: escapeHtml(subject), preheader: lines[1] ?? subject, bodyHtml }),
  };
}

/** The order was cancelled, by the shopper or the shop; what is refunded, and when it reaches them (policy: 5-8 days). */
export function orderCancelledEmail(
  input: { orderId: string; customerName: string; cancelledBy: "customer" | "admin"; refundPaise?: number | undefined },
  shop: Shop,
): EmailContent {
  return orderMail(
    shop,
    `Your ${shop.name} order ${input.orderId} is cancelled`,
    [
      `Namaste ${input.customerName},`,
      input.cancelledBy === "customer"
        ? `As you asked, we have cancelled your order ${input.orderId}.`
        : `We are sorry: we had to cancel your order ${input.orderId}.`,
      input.refundPaise
        ? `Refund initiated: ${formatRupees(input.refundPaise)} goes back to the way you paid. Banks take 5-8 business days to credit it; we will write when it is credited, with the GST credit note.`
        : "Nothing was charged, so there is nothing to refund.",
    ],
    orderPage(shop, input.orderId),
  );
}

/** The provider credited a refund: the amount, the bank's reference, and the GST credit note attached. */
export function refundCreditedEmail(
  input: {
    orderId: string;
    customerName: string;
    amountPaise: number;
    creditNoteNumber: string;
    invoiceNumber: string;
    bankReference?: string | undefined;
  },
  shop: Shop,
): EmailContent {
  return orderMail(
    shop,
    `Refund of ${formatRupees(input.amountPaise)} credited for order ${input.orderId}`,
    [
      `Namaste ${input.customerName},`,
      `Refund credited: ${formatRupees(input.amountPaise)} for your order ${input.orderId} is on its way to your account.`,
      ...(input.bankReference ? [`Bank reference: ${input.bankReference}.`] : []),
      `The GST credit note ${input.creditNoteNumber} against invoice ${input.invoiceNumber} is attached.`,
    ],
    orderPage(shop, input.orderId),
  );
}

/** The tracking form's code: opens the order page of this one order for a short while. */
export function orderAccessCodeEmail(
  input: { orderId: string; code: string; expiresAt: string },
  shop: Shop,
): EmailContent {
  return orderMail(
    shop,
    `Your code to open order ${input.orderId}: ${input.code}`,
    [
      "Namaste,",
      `Your code to open order ${input.orderId} is ${input.code}. It is valid until ${formatIndiaTime(input.expiresAt)}.`,
      "If you did not ask for it, ignore this mail: nobody can open your order without it.",
    ],
    `${shop.url}/track-order`,
    "Track my order",
  );
}

/** A cash-on-delivery order confirmed by its email OTP: what to keep ready, and when it comes (docs/delivery.md). */
export function cashOnDeliveryConfirmedEmail(
  input: {
    orderId: string;
    customerName: string;
    amountPaise: number;
    lines: { name: string; weight: string; quantity: number }[];
    delivery?: string | undefined;
  },
  shop: Shop,
): EmailContent {
  return orderMail(
    shop,
    `Your ${shop.name} order ${input.orderId} is confirmed: cash on delivery`,
    [
      `Namaste ${input.customerName},`,
      `Your order ${input.orderId} is confirmed: ${input.lines.map(lineWords).join(", ")}.`,
      `Please, keep ${formatRupees(input.amountPaise)} ready in cash for the delivery.${input.delivery ? ` Delivery: ${input.delivery}.` : ""}`,
      "Your GST invoice comes by mail once the cash is received.",
    ],
    orderPage(shop, input.orderId),
  );
}
