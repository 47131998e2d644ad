import { type BookingFacts, formatRupees, type Language, type OrderDelivery } from "@storefront/contracts";
import { bookingLine, festivalNameIn, passBlock, windowIn } from "./booking-pass.js";
import { fulfilmentWords } from "./fulfilment-words.js";
import { button, type EmailContent, escapeHtml, heading, paragraph } from "./layout.js";
import { type MailLine, mailWords, pageIn } from "./mail-words.js";
import { orderPage, type Shop } from "./order-emails.js";
import { shopContact, shopNameIn } from "./shop-contact.js";
import { shopEmail } from "./shop-email.js";

/** Template names in the delivery log and in each email's Message-ID. */
export const ORDER_CANCELLED = "order-cancelled";
export const REFUND_CREDITED = "refund-credited";
export const ORDER_ACCESS_CODE = "order-access-code";
export const CASH_ON_DELIVERY_CONFIRMED = "cash-on-delivery-confirmed";
export const BOOKING_REMINDER = "booking-reminder";
export const BOOKING_MOVED = "booking-moved";

/**
 * One email of a few lines and a button to the order page: the shape of every mail of an order's later life, in the
 * order's language (docs/languages.md).
 */
function orderMail(
  shop: Shop,
  language: Language | undefined,
  subject: string,
  lines: string[],
  link: string,
  linkLabel = mailWords(language).seeMyOrder,
  // What a mail list shows beside the subject: the second line unless that line holds a secret.
  preheader = lines[1] ?? subject,
  /** A festival booking's pass block (booking-pass.ts), after the lines. */
  pass?: { text: string[]; html: string[] },
): EmailContent {
  const words = mailWords(language);
  const name = shopNameIn(shop.name, language);
  const { questions } = shopContact(language);
  return shopEmail({
    subject,
    shopName: name,
    language,
    preheader,
    text: [lines, ...(pass ? [pass.text] : []), [words.yourOrder(link), questions]],
    html: [
      heading(subject),
      ...lines.map((line) => paragraph(escapeHtml(line))),
      ...(pass?.html ?? []),
      button(link, linkLabel),
      paragraph(`<span style="color:#4a5568;">${escapeHtml(questions)}</span>`),
    ],
  });
}

/** The order was cancelled, by the shopper or the shop; what is refunded, and when it reaches them (policy: 5-8 days). */
export function orderCancelledEmail(
  input: { orderId: string; customerName: string; cancelledBy: "customer" | "admin"; refundPaise?: number | undefined },
  shop: Shop,
  language?: Language,
): EmailContent {
  const words = mailWords(language);
  const { cancelled } = words;
  return orderMail(
    shop,
    language,
    cancelled.subject(shopNameIn(shop.name, language), input.orderId),
    [
      words.namaste(input.customerName),
      input.cancelledBy === "customer" ? cancelled.asYouAsked(input.orderId) : cancelled.byShop(input.orderId),
      input.refundPaise ? cancelled.refund(formatRupees(input.refundPaise)) : cancelled.nothing,
    ],
    orderPage(shop, input.orderId, undefined, language),
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
  language?: Language,
): EmailContent {
  const words = mailWords(language);
  const { refund } = words;
  const amount = formatRupees(input.amountPaise);
  return orderMail(
    shop,
    language,
    refund.subject(amount, input.orderId),
    [
      words.namaste(input.customerName),
      refund.credited(amount, input.orderId),
      ...(input.bankReference ? [refund.bankReference(input.bankReference)] : []),
      refund.creditNote(input.creditNoteNumber, input.invoiceNumber),
    ],
    orderPage(shop, input.orderId, undefined, language),
  );
}

/** The tracking form's code: opens the order page of this one order for a short while. */
export function orderAccessCodeEmail(
  input: { orderId: string; code: string; expiresAt: string },
  shop: Shop,
  language?: Language,
): EmailContent {
  const words = mailWords(language);
  const { access } = words;
  // The code is in the body only, never in the subject or the preheader a locked phone may show (docs/security.md).
  const subject = access.subject(input.orderId);
  return orderMail(
    shop,
    language,
    subject,
    [words.namasteAlone, access.code(input.orderId, input.code, words.time(input.expiresAt)), access.ignore],
    pageIn(language, shop.url, "/track-order"),
    access.track,
    subject,
  );
}

/** A cash-on-delivery order confirmed by its email OTP: what to keep ready, and when it comes (docs/delivery.md). */
export function cashOnDeliveryConfirmedEmail(
  input: {
    orderId: string;
    customerName: string;
    amountPaise: number;
    lines: MailLine[];
    /** How it comes (docs/delivery.md); absent: the courier. */
    delivery?: OrderDelivery | undefined;
    /** A cash booking's festival, day, window and pass code (docs/festivals.md, The pass in the mails). */
    festival?: BookingFacts | undefined;
  },
  shop: Shop,
  language?: Language,
): EmailContent {
  const words = mailWords(language);
  const cash = words.cashOnDelivery;
  const fulfilment = fulfilmentWords(input.delivery, language);
  const subject = cash.subject(shopNameIn(shop.name, language), input.orderId);
  const lines = [
    words.namaste(input.customerName),
    cash.confirmed(input.orderId, input.lines.map((line) => words.line(line)).join(", ")),
    fulfilment.keepCashReady(formatRupees(input.amountPaise)),
    // A booking's pass block says where and when; another order's, the fulfilment's promise.
    ...(input.festival ? [] : fulfilment.promise),
    cash.invoiceLater,
  ];
  const link = orderPage(shop, input.orderId, undefined, language);
  const pass = input.festival ? passBlock(input.festival, language) : undefined;
  return orderMail(shop, language, subject, lines, link, undefined, undefined, pass);
}

/**
 * The evening before a festival day (docs/festivals.md, The reminder mail): the booking is tomorrow, its window, its
 * boxes, the pass with its QR code (attached inline by the handler) and the shop's address, in the order's language.
 */
export function bookingReminderEmail(
  input: { orderId: string; customerName: string; lines: MailLine[]; festival: BookingFacts },
  shop: Shop,
  language?: Language,
): EmailContent {
  const words = mailWords(language);
  const festivalName = festivalNameIn(input.festival, language);
  const subject = words.reminder.subject(shopNameIn(shop.name, language), festivalName);
  const lines = [
    words.namaste(input.customerName),
    words.reminder.tomorrow(bookingLine(input.festival, language)),
    words.reminder.boxes(input.lines.map((line) => words.line(line)).join(", ")),
  ];
  return orderMail(
    shop,
    language,
    subject,
    lines,
    orderPage(shop, input.orderId, undefined, language),
    undefined,
    words.reminder.preheader(windowIn(input.festival, language)),
    passBlock(input.festival, language),
  );
}

/**
 * A booking the owner moved from a window they closed (docs/festivals.md, The festival's day): which window closed,
 * the booking's new window, the same pass with its QR code (attached inline by the handler) and the shop's address,
 * and how to cancel instead, in the order's language.
 */
export function bookingMovedEmail(
  input: { orderId: string; customerName: string; festival: BookingFacts; fromWindow: string },
  shop: Shop,
  language?: Language,
): EmailContent {
  const words = mailWords(language);
  const festivalName = festivalNameIn(input.festival, language);
  const lines = [
    words.namaste(input.customerName),
    words.moved.closed(input.fromWindow),
    words.moved.now(bookingLine(input.festival, language)),
    words.moved.samePass,
    words.moved.cancelInstead,
  ];
  return orderMail(
    shop,
    language,
    words.moved.subject(shopNameIn(shop.name, language), festivalName),
    lines,
    orderPage(shop, input.orderId, undefined, language),
    undefined,
    words.moved.now(windowIn(input.festival, language)),
    passBlock(input.festival, language),
  );
}
