import { SAMPLE_MAIL_SHOP } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import { cashOnDeliveryConfirmedEmail, orderAccessCodeEmail } from "./order-lifecycle-emails.js";

const shop = SAMPLE_MAIL_SHOP;

describe("the cash-on-delivery confirmation", () => {
  it("says what to keep ready in cash, what comes and when, and that the invoice follows the cash", () => {
    const mail = cashOnDeliveryConfirmedEmail(
      {
        orderId: "1764000000070cashd",
        customerName: "Sunita <b>More</b>",
        amountPaise: 22_000,
        lines: [{ name: "Karanji", weight: "250 Gram", quantity: 1 }],
        delivery: { kind: "local", name: "Wai and nearby", date: "2026-11-26", slotLabel: "5 pm - 8 pm" },
      },
      shop,
    );
    expect(mail.subject).toBe("Your Gokul Mithai & Farsan order 1764000000070cashd is confirmed: cash on delivery");
    expect(mail.text).toContain("Please, keep ₹220.00 ready in cash for the delivery.");
    expect(mail.text).toContain("We deliver it ourselves on Thu, 26 Nov, 5 pm - 8 pm.");
    expect(mail.text).toContain("1 x Karanji (250 Gram)");
    expect(mail.text).toContain("GST invoice comes by mail once the cash is received");
    // What a shopper typed is text in the HTML, never markup.
    expect(mail.html).toContain("Sunita &lt;b&gt;More&lt;/b&gt;");
  });
});

describe("the tracking code's mail", () => {
  it.each([
    ["en", "Your code to open order 1764000000080track"],
    ["mr", "ऑर्डर 1764000000080track उघडण्यासाठी तुमचा कोड"],
  ] as const)(
    "in %s has the code in its body only, never in the subject or preheader a locked phone shows",
    (language, subject) => {
      const mail = orderAccessCodeEmail(
        { orderId: "1764000000080track", code: "482913", expiresAt: "2026-11-24T10:00:00.000Z" },
        shop,
        language,
      );
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain("482913");
      // Once in the HTML: the body's sentence, not the title or the hidden preheader.
      expect(mail.html.split("482913")).toHaveLength(2);
    },
  );
});
