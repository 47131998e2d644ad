import type { OrderDelivery } from "@storefront/contracts";
import { SAMPLE_DELIVERIES, SAMPLE_MAIL_SHOP } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import { otpCodeEmail, passwordResetEmail, welcomeEmail } from "./account-emails.js";
import type { EmailContent } from "./layout.js";
import { orderConfirmationEmail, orderStatusEmail } from "./order-emails.js";
import {
  cashOnDeliveryConfirmedEmail,
  orderAccessCodeEmail,
  orderCancelledEmail,
  refundCreditedEmail,
} from "./order-lifecycle-emails.js";

/**
 * Marathi all the way: every mail a Marathi shopper gets (the code, welcome, reset, the order, each status per zone
 * kind, cash on delivery, cancellation, refund, the tracking code) has no Latin-letter word but what may stay Latin:
 * the shopper's own data, a product's name it has no Marathi for, codes (order, invoice and credit-note numbers, the
 * bank's reference, the OTP), URLs and emails, and the abbreviations people write in Latin letters in Marathi too
 * (GST, OTP, FSSAI, UPI, PDF). A "PM", "IST", "(INR)" or an English footer fails it.
 */
const shop = SAMPLE_MAIL_SHOP;
const ORDER = "1764000000600marat";
const SHOPPER = ["Sunita", "More", "sunita@example.in"];
const HOME = "House 9, Ganpati Ali, Wai, Satara, Maharashtra-412803";
const PRODUCT_WITHOUT_MARATHI = "Paper Plates";
const CODES = [ORDER, "DIWALI100", "GM/26-27/000600", "CN/26-27/000001", "UTR9988776655", "482913", "reset-token-1"];
const ABBREVIATIONS = ["GST", "OTP", "FSSAI", "UPI", "PDF"];

/** What is left of a mail once everything allowed to be Latin is taken out: the Latin words that should not be. */
function latinWords(content: EmailContent): string[] {
  const visibleHtml = content.html
    .replace(/<head>[\s\S]*?<\/head>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&[a-z]+;|&#\d+;/g, " ");
  let rest = [content.subject, content.text, visibleHtml].join("\n");
  rest = rest.replace(/https?:\/\/\S+/g, " ").replace(/[\w.+-]+@[\w.-]+/g, " ");
  for (const allowed of [HOME, PRODUCT_WITHOUT_MARATHI, ...CODES, ...SHOPPER, ...ABBREVIATIONS]) {
    rest = rest.split(allowed).join(" ");
  }
  return rest.match(/[A-Za-z]+/g) ?? [];
}

const lines = [
  { name: "Kaju Katli", marathiName: "काजू कतली", weight: "500 Gram" as const, quantity: 2, lineTotalPaise: 100_000 },
  { name: PRODUCT_WITHOUT_MARATHI, weight: "250 Gram" as const, quantity: 1, lineTotalPaise: 20_000 },
];
const DELIVERIES: Array<OrderDelivery | undefined> = [
  SAMPLE_DELIVERIES.local,
  SAMPLE_DELIVERIES.pickup,
  SAMPLE_DELIVERIES.courier,
  undefined,
];

const mails: Array<[string, EmailContent]> = [
  ...(["signup", "guest", "login", "cod"] as const).map((purpose): [string, EmailContent] => [
    `the ${purpose} code`,
    otpCodeEmail({ code: "482913", purpose, expiresAt: "2026-11-24T12:50:00.000Z" }, shop, "mr"),
  ]),
  ["welcome", welcomeEmail({ name: "Sunita More" }, shop, "mr")],
  ["reset", passwordResetEmail({ token: "reset-token-1", expiresAt: "2026-11-24T12:50:00.000Z" }, shop, "mr")],
  [
    "the tracking code",
    orderAccessCodeEmail({ orderId: ORDER, code: "482913", expiresAt: "2026-11-24T12:50:00.000Z" }, shop, "mr"),
  ],
  ...DELIVERIES.flatMap((delivery): Array<[string, EmailContent]> => {
    const kind = delivery?.kind ?? "no delivery";
    return [
      [
        `the ${kind} confirmation`,
        orderConfirmationEmail(
          {
            orderId: ORDER,
            invoiceNumber: "GM/26-27/000600",
            customerName: "Sunita More",
            shippingAddress: HOME,
            lines,
            postalDeliveryPaise: 3_000,
            coupon: { code: "DIWALI100", discountPaise: 10_000 },
            totalPaise: 1_13_000,
            delivery,
            linkToken: "tok",
            language: "mr",
          },
          shop,
        ),
      ],
      [
        `the ${kind} cash on delivery`,
        cashOnDeliveryConfirmedEmail(
          { orderId: ORDER, customerName: "Sunita More", amountPaise: 1_23_000, lines, delivery },
          shop,
          "mr",
        ),
      ],
      ...(["Waiting", "Preparing", "Dispatched", "Delivered"] as const).map((status): [string, EmailContent] => [
        `the ${kind} ${status}`,
        orderStatusEmail({ orderId: ORDER, customerName: "Sunita More", status, delivery }, shop, "mr"),
      ]),
    ];
  }),
  ...(["customer", "admin"] as const).map((cancelledBy): [string, EmailContent] => [
    `cancelled by ${cancelledBy}`,
    orderCancelledEmail(
      {
        orderId: ORDER,
        customerName: "Sunita More",
        cancelledBy,
        refundPaise: cancelledBy === "admin" ? 1_13_000 : undefined,
      },
      shop,
      "mr",
    ),
  ]),
  [
    "refund",
    refundCreditedEmail(
      {
        orderId: ORDER,
        customerName: "Sunita More",
        amountPaise: 1_13_000,
        creditNoteNumber: "CN/26-27/000001",
        invoiceNumber: "GM/26-27/000600",
        bankReference: "UTR9988776655",
      },
      shop,
      "mr",
    ),
  ],
];

describe("a Marathi shopper's mails", () => {
  it.each(mails)("%s has no Latin word outside names, codes and links", (_name, content) => {
    expect(latinWords(content)).toEqual([]);
    // Times on the 24-hour clock, and prices with ₹.
    expect(content.text).not.toMatch(/\b(AM|PM|IST|INR)\b/);
  });

  it("catches an English word (the scan can fail)", () => {
    const english = orderStatusEmail(
      { orderId: ORDER, customerName: "Sunita More", status: "Dispatched", delivery: DELIVERIES[0] },
      shop,
      "en",
    );
    expect(latinWords(english)).toContain("delivery");
  });

  it("writes the code's time on the 24-hour clock and links to the page it came from, in Marathi", () => {
    const otp = otpCodeEmail({ code: "482913", purpose: "signup", expiresAt: "2026-11-24T12:50:00.000Z" }, shop, "mr");
    expect(otp.text).toContain("24 नोव्हें, 2026, 18:20 भा.प्र.वे.");
    expect(otp.text).toContain("https://shop.example/mr/signup");
  });
});
