import { type FulfilmentStatus, type Language, type OrderDelivery, SHOP } from "@storefront/contracts";
import { SAMPLE_DELIVERIES, SAMPLE_MAIL_SHOP } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import type { EmailContent } from "./layout.js";
import { orderConfirmationEmail, orderStatusEmail } from "./order-emails.js";
import { cashOnDeliveryConfirmedEmail, orderCancelledEmail, refundCreditedEmail } from "./order-lifecycle-emails.js";

/**
 * Zone kind x message x language: how an order comes decides every word a mail says about it (docs/delivery.md). Each
 * row names the words its mails must say and the words of the other kinds they must never say: no "India Post" for
 * the shop's own delivery or a pickup, the shop's address (not the shopper's) for a pickup, SHOP.email as the contact.
 */
const shop = SAMPLE_MAIL_SHOP;
const HOME = "House 9, Ganpati Ali, Wai, Satara, Maharashtra-412803";
const ORDER = "1764000000400kinds";

const { local: LOCAL, pickup: PICKUP, courier: COURIER } = SAMPLE_DELIVERIES;

type Message = "confirmation" | "cash on delivery" | FulfilmentStatus | "cancelled" | "refund";
const MESSAGES: Message[] = [
  "confirmation",
  "cash on delivery",
  "Waiting",
  "Preparing",
  "Dispatched",
  "Delivered",
  "cancelled",
  "refund",
];

function mail(message: Message, delivery: OrderDelivery | undefined, language: Language): EmailContent {
  const customerName = "Sunita More";
  switch (message) {
    case "confirmation":
      return orderConfirmationEmail(
        {
          orderId: ORDER,
          invoiceNumber: "GM/26-27/000400",
          customerName,
          shippingAddress: HOME,
          lines: [
            { name: "Kaju Katli", marathiName: "काजू कतली", weight: "500 Gram", quantity: 1, lineTotalPaise: 50_000 },
          ],
          postalDeliveryPaise: delivery?.kind === "pickup" ? 0 : 3_000,
          totalPaise: delivery?.kind === "pickup" ? 50_000 : 53_000,
          delivery,
          language,
        },
        shop,
      );
    case "cash on delivery":
      return cashOnDeliveryConfirmedEmail(
        {
          orderId: ORDER,
          customerName,
          amountPaise: 53_000,
          lines: [{ name: "Kaju Katli", marathiName: "काजू कतली", weight: "500 Gram", quantity: 1 }],
          delivery,
        },
        shop,
        language,
      );
    case "cancelled":
      return orderCancelledEmail(
        { orderId: ORDER, customerName, cancelledBy: "admin", refundPaise: 53_000 },
        shop,
        language,
      );
    case "refund":
      return refundCreditedEmail(
        {
          orderId: ORDER,
          customerName,
          amountPaise: 53_000,
          creditNoteNumber: "CN/26-27/000001",
          invoiceNumber: "GM/26-27/000400",
        },
        shop,
        language,
      );
    default:
      return orderStatusEmail({ orderId: ORDER, customerName, status: message, delivery }, shop, language);
  }
}

/** The words each kind's mails say (`says`), per message, and words that must appear in none of them (`never`). */
interface Row {
  says: Partial<Record<Message, string[]>>;
  never: string[];
}

const ENGLISH: Record<"local" | "pickup" | "courier" | "none", Row> = {
  local: {
    says: {
      confirmation: [
        "Delivery (Wai and nearby)  ₹30.00",
        `Delivery to: ${HOME}`,
        "We deliver it ourselves on Sat, 28 Nov, 5 pm - 8 pm.",
      ],
      "cash on delivery": [
        "Please, keep ₹530.00 ready in cash for the delivery.",
        "We deliver it ourselves on Sat, 28 Nov, 5 pm - 8 pm.",
      ],
      Preparing: ["We will write again as soon as it is out for delivery."],
      Dispatched: ["is out for delivery", "is out for delivery today, 5 pm - 8 pm."],
      Delivered: ["has been delivered"],
    },
    never: ["India Post", "Postal", "5 to 15", "pickup", "Collect", "collected"],
  },
  pickup: {
    says: {
      confirmation: [
        "Pickup at our shop  ₹0.00",
        `Collect it at: ${SHOP.address}`,
        `Collect it at our shop, ${SHOP.address}, on Sat, 28 Nov, 11 am - 2 pm.`,
        `We are open ${SHOP.hours}.`,
      ],
      "cash on delivery": [
        "Please, keep ₹530.00 ready in cash when you collect it.",
        `Collect it at our shop, ${SHOP.address}, on Sat, 28 Nov, 11 am - 2 pm.`,
      ],
      Preparing: ["We will write again as soon as it is ready for pickup."],
      Dispatched: [
        "is ready for pickup",
        `ready for pickup at our shop, ${SHOP.address}, on Sat, 28 Nov, 11 am - 2 pm.`,
        `We are open ${SHOP.hours}.`,
      ],
      Delivered: ["has been collected", "You have collected your order."],
    },
    // The shopper's own address is nowhere: a pickup is not delivered there.
    never: ["India Post", "Postal", "5 to 15", "Delivery to", "out for delivery", "has been delivered", HOME],
  },
  courier: {
    says: {
      confirmation: ["Postal delivery  ₹30.00", `Delivery to: ${HOME}`, "5 to 15 business days"],
      "cash on delivery": ["Please, keep ₹530.00 ready in cash for the delivery.", "5 to 15 business days"],
      Preparing: ["1-2 business days", "as soon as it is on its way."],
      Dispatched: ["is on its way", "is with India Post.", "5 to 15 business days"],
      Delivered: ["has been delivered"],
    },
    never: ["out for delivery", "pickup", "Collect", "We deliver it ourselves"],
  },
  none: { says: {}, never: [] },
};
ENGLISH.none = ENGLISH.courier;

const MARATHI: Record<"local" | "pickup" | "courier" | "none", Row> = {
  local: {
    says: {
      confirmation: [
        "डिलिव्हरी (वाई व परिसर)  ₹30.00",
        `डिलिव्हरीचा पत्ता: ${HOME}`,
        "आम्ही स्वतः तुमची ऑर्डर शनि, 28 नोव्हें, संध्या. 5 ते 8 या वेळेत पोहोचवू.",
      ],
      "cash on delivery": ["कृपया डिलिव्हरीसाठी ₹530.00 रोख तयार ठेवा."],
      Dispatched: ["डिलिव्हरीसाठी निघाली आहे", "आज संध्या. 5 ते 8 या वेळेत तुमच्यापर्यंत पोहोचेल."],
      Delivered: ["पोहोचली आहे"],
    },
    never: ["इंडिया पोस्ट", "टपाल", "5 ते 15", "पिकअप", "Wai and nearby", "5 pm - 8 pm"],
  },
  pickup: {
    says: {
      confirmation: [
        "दुकानातून पिकअप  ₹0.00",
        `येथून घेऊन जा: ${SHOP.addressMr}`,
        `तुमची ऑर्डर आमच्या दुकानातून घेऊन जा: ${SHOP.addressMr}, शनि, 28 नोव्हें, सकाळी 11 ते दुपारी 2.`,
        `आमची वेळ: ${SHOP.hoursMr}.`,
      ],
      "cash on delivery": ["कृपया ऑर्डर घ्यायला येताना ₹530.00 रोख तयार ठेवा."],
      Preparing: ["ऑर्डर पिकअपसाठी तयार होताच आम्ही पुन्हा कळवू."],
      Dispatched: ["पिकअपसाठी तयार आहे", SHOP.addressMr, `आमची वेळ: ${SHOP.hoursMr}.`],
      Delivered: ["तुम्ही दुकानातून घेतली आहे"],
    },
    never: ["इंडिया पोस्ट", "टपाल", "5 ते 15", "डिलिव्हरीचा पत्ता", "डिलिव्हरीसाठी निघाली", HOME, "11 am - 2 pm"],
  },
  courier: {
    says: {
      confirmation: ["टपाल डिलिव्हरी  ₹30.00", `डिलिव्हरीचा पत्ता: ${HOME}`, "5 ते 15 कामकाजाच्या दिवसांत"],
      Dispatched: ["रवाना झाली आहे", "इंडिया पोस्टकडे आहे", "5 ते 15 कामकाजाच्या दिवसांत"],
      Delivered: ["पोहोचली आहे"],
    },
    never: ["डिलिव्हरीसाठी निघाली", "पिकअप", "आम्ही स्वतः"],
  },
  none: { says: {}, never: [] },
};
MARATHI.none = MARATHI.courier;

const KINDS = [
  ["local", LOCAL],
  ["pickup", PICKUP],
  ["courier", COURIER],
  ["none", undefined],
] as const;

describe.each([
  ["en", ENGLISH],
  ["mr", MARATHI],
] as const)("the mails in %s, per zone kind", (language, table) => {
  describe.each(KINDS)("for %s", (kind, delivery) => {
    const row = table[kind];
    it.each(MESSAGES)("%s says what is true for the kind, and nothing of the other kinds", (message) => {
      const content = mail(message, delivery, language);
      for (const words of row.says[message] ?? []) expect(`${content.subject}\n${content.text}`).toContain(words);
      for (const part of [content.subject, content.text, content.html]) {
        for (const wrong of row.never) expect(part).not.toContain(wrong);
        // The development address the shop once wrote in every mail.
        expect(part).not.toContain("storefront.local");
      }
      // The shop's contact details, from SHOP: the questions line, the signature and the footer.
      expect(content.text).toContain(SHOP.email);
      expect(content.text).toContain(SHOP.phone);
      expect(content.html).toContain(SHOP.fssaiLicence);
      expect(content.html).toContain(`lang="${language === "mr" ? "mr-IN" : "en-IN"}"`);
      expect(content.html).toContain(language === "mr" ? "वेबसाइटवरून पाठवले" : "Sent by the Gokul Mithai");
    });
  });
});
