import { SAMPLE_MAIL_SHOP } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import { otpCodeEmail } from "./account-emails.js";
import { mailWords } from "./mail-words.js";
import { orderConfirmationEmail, orderStatusEmail } from "./order-emails.js";

const shop = SAMPLE_MAIL_SHOP;

describe("the order confirmation", () => {
  it("shows a coupon's discount between the lines and the delivery, and the total paid after it", () => {
    const mail = orderConfirmationEmail(
      {
        orderId: "1764000000080coupn",
        invoiceNumber: "GM/26-27/000099",
        customerName: "Asha Patil",
        shippingAddress: "Flat 4, Sai Krupa Society, Pune, Maharashtra-411001",
        lines: [{ name: "Kaju Katli", weight: "500 Gram", quantity: 2, lineTotalPaise: 100_000 }],
        postalDeliveryPaise: 3_000,
        coupon: { code: "DIWALI100", discountPaise: 10_000 },
        totalPaise: 93_000,
      },
      shop,
    );
    expect(mail.text).toMatch(
      /2 x Kaju Katli \(500 Gram\) {2}₹1,000\.00\n {2}Coupon DIWALI100 applied {2}-₹100\.00\n {2}Postal delivery/,
    );
    expect(mail.text).toContain("Total paid  ₹930.00");
    expect(mail.html).toContain("Coupon DIWALI100 applied");
    expect(mail.html).toContain("-₹100.00");
  });
});

describe("the mails in Marathi", () => {
  it("confirm a Marathi order in Marathi, with its Marathi names, the shop's prices and links to the Marathi pages", () => {
    const mail = orderConfirmationEmail(
      {
        orderId: "1764000000300marat",
        invoiceNumber: "GM/26-27/000300",
        customerName: "Sunita More",
        shippingAddress: "House 9, Ganpati Ali, Wai, Satara, Maharashtra-412803",
        lines: [
          { name: "Kaju Katli", marathiName: "काजू कतली", weight: "500 Gram", quantity: 2, lineTotalPaise: 100_000 },
        ],
        postalDeliveryPaise: 3_000,
        totalPaise: 1_03_000,
        linkToken: "tok",
        language: "mr",
      },
      shop,
    );
    expect(mail.subject).toBe("तुमची गोकुळ मिठाई आणि फरसाण ऑर्डर 1764000000300marat निश्चित झाली");
    expect(mail.text).toContain("नमस्कार Sunita More,");
    expect(mail.text).toContain("2 × काजू कतली (500 ग्रॅम)  ₹1,000.00");
    expect(mail.text).toContain("एकूण भरलेले  ₹1,030.00");
    expect(mail.text).toContain("https://shop.example/mr/orders/1764000000300marat?t=tok");
    expect(mail.html).toContain("2 × काजू कतली (500 ग्रॅम)");
  });

  it("send the code of a Marathi page in Marathi, and an order's status in its language", () => {
    const otp = otpCodeEmail(
      { code: "123456", purpose: "guest", expiresAt: "2026-11-24T10:00:00.000Z" },
      { name: shop.name, url: shop.url },
      "mr",
    );
    // The code in the body only: a locked phone shows the subject and the preheader (docs/security.md).
    expect(otp.subject).toBe("तुमचा गोकुळ मिठाई आणि फरसाण पडताळणी कोड");
    expect(otp.text).toContain("123456");
    expect(otp.text).toContain("पाहुणे म्हणून खरेदी करण्यासाठी");
    // The time in Marathi words on the 24-hour clock, Latin digits (the owner's setting), India time: no "PM".
    expect(otp.text).toContain("24 नोव्हें, 2026, 15:30 भा.प्र.वे.");
    expect(otp.text).not.toMatch(/\b(AM|PM|am|pm|IST)\b/);
    // The code is typed on the page it was asked on, in its language, on PUBLIC_URL.
    expect(otp.text).toContain("https://shop.example/mr/checkoutuser");
    expect(otp.html).toContain('href="https://shop.example/mr/checkoutuser"');
    const english = otpCodeEmail(
      { code: "123456", purpose: "guest", expiresAt: "2026-11-24T10:00:00.000Z" },
      { name: shop.name, url: shop.url },
    );
    expect(english.subject).toBe("Your Gokul Mithai & Farsan verification code");
    expect(english.text).toContain("Your verification code is 123456");
    expect(english.text).toContain("Enter it on https://shop.example/checkoutuser to check out as a guest.");
    expect(english.text).toContain("3:30 pm IST");
    for (const mail of [otp, english]) expect(mail.html.split("123456")).toHaveLength(2);
    const status = orderStatusEmail(
      { orderId: "1764000000300marat", customerName: "Sunita", status: "Dispatched" },
      shop,
      "mr",
    );
    expect(status.subject).toBe("तुमची गोकुळ मिठाई आणि फरसाण ऑर्डर 1764000000300marat रवाना झाली आहे");
    expect(status.text).toContain("https://shop.example/mr/orders/1764000000300marat");
  });
});

describe("a festival box line in the mails", () => {
  it("is a box of so many pieces in English and in Marathi, and a catalogue line keeps its weight", () => {
    const box = { name: "Ukadiche modak, 11", marathiName: "उकडीचे मोदक, 11", pieces: 11, quantity: 2 };
    expect(mailWords("en").line(box)).toBe("2 x Ukadiche modak, 11 (Box of 11)");
    expect(mailWords("mr").line(box)).toBe("2 × उकडीचे मोदक, 11 (11 नगांचा बॉक्स)");
    expect(mailWords("en").line({ name: "Modak", weight: "500 Gram", quantity: 1 })).toBe("1 x Modak (500 Gram)");
  });
});
