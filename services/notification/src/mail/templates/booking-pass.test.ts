import { SHOP } from "@storefront/contracts";
import { SAMPLE_MAIL_SHOP } from "@storefront/testing/samples";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { passAttachments, passQrCid, passQrImage } from "./booking-pass.js";
import { orderConfirmationEmail } from "./order-emails.js";
import { bookingMovedEmail, bookingReminderEmail, cashOnDeliveryConfirmedEmail } from "./order-lifecycle-emails.js";

const shop = SAMPLE_MAIL_SHOP;

const festival = {
  festivalId: "ganeshotsav-2026",
  festivalName: "Ganeshotsav 2026",
  nameMr: "गणेशोत्सव 2026",
  day: "2026-09-14",
  windowLabel: "6:00 - 6:20 am",
  windowLabelMr: "सकाळी 6:00 ते 6:20",
  passCode: "ACDEFG",
};

const box = { name: "Ukadiche modak", marathiName: "उकडीचे मोदक", pieces: 11, quantity: 2, lineTotalPaise: 96_000 };

const confirmation = (language?: "mr", facts: typeof festival | Omit<typeof festival, "passCode"> = festival) =>
  orderConfirmationEmail(
    {
      orderId: "1764000000400festv",
      invoiceNumber: "GM/26-27/000400",
      customerName: "Asha Patil",
      shippingAddress: "Flat 4, Sai Krupa Society, Pune, Maharashtra-411001",
      lines: [box],
      postalDeliveryPaise: 0,
      totalPaise: 96_000,
      delivery: { kind: "pickup", name: "Collect at the shop", date: festival.day, slotLabel: festival.windowLabel },
      festival: facts,
      ...(language ? { language } : {}),
    },
    shop,
  );

describe("a booking's pass in the confirmation mail", () => {
  it("shows the festival, the day, the window, the grouped code, its inline QR image and the shop's address", () => {
    const mail = confirmation();
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Ganeshotsav 2026, Mon, 14 Sept, 6:00 - 6:20 am");
      expect(part).toContain("ACD-EFG");
      expect(part).toContain(SHOP.address);
    }
    expect(mail.text).toContain("Your pass code: ACD-EFG");
    expect(mail.html).toContain(`<img src="cid:${passQrCid("ACDEFG")}"`);
    // Mail clients block data: URLs and most drop SVG: the image is an attachment, never inline data.
    expect(mail.html).not.toMatch(/data:image|<svg/);
  });

  it("is in Marathi in a Marathi order: the festival's and the window's Marathi names, the Marathi address", () => {
    const mail = confirmation("mr");
    expect(mail.text).toContain("गणेशोत्सव 2026");
    expect(mail.text).toContain("सकाळी 6:00 ते 6:20");
    expect(mail.text).toContain("तुमचा पास कोड: ACD-EFG");
    expect(mail.text).toContain(SHOP.addressMr);
    expect(mail.text).not.toContain("6:00 - 6:20 am");
  });

  it("says the code is on the order page when the pass was not issued with the payment, and shows no image", () => {
    const { passCode: _none, ...uncoded } = festival;
    const mail = confirmation(undefined, uncoded);
    expect(mail.text).toContain("Your pass code is on your order page.");
    expect(mail.html).not.toContain("cid:");
  });

  it("is in a cash booking's confirmation too", () => {
    const mail = cashOnDeliveryConfirmedEmail(
      { orderId: "1764000000401festv", customerName: "Asha Patil", amountPaise: 96_000, lines: [box], festival },
      shop,
    );
    expect(mail.text).toContain("Your pass code: ACD-EFG");
    expect(mail.html).toContain(`cid:${passQrCid("ACDEFG")}`);
  });
});

describe("the reminder the evening before", () => {
  it("says tomorrow, the window, the boxes, the pass and the address, in the order's language", () => {
    const english = bookingReminderEmail(
      { orderId: "1764000000402festv", customerName: "Asha Patil", lines: [box], festival },
      shop,
    );
    expect(english.subject).toBe(`Tomorrow: your Ganeshotsav 2026 booking at ${shop.name}`);
    expect(english.text).toContain("Your booking is tomorrow: Ganeshotsav 2026, Mon, 14 Sept, 6:00 - 6:20 am.");
    expect(english.text).toContain("2 x Ukadiche modak (Box of 11)");
    expect(english.text).toContain("ACD-EFG");
    expect(english.text).toContain(SHOP.address);
    const marathi = bookingReminderEmail(
      { orderId: "1764000000402festv", customerName: "Asha Patil", lines: [box], festival },
      shop,
      "mr",
    );
    expect(marathi.text).toContain("तुमचे बुकिंग उद्या आहे: गणेशोत्सव 2026");
    expect(marathi.text).toContain("सकाळी 6:00 ते 6:20");
    expect(marathi.text).toContain(SHOP.addressMr);
  });

  it("tells a moved booking its closed window, its new one and the same pass, in the order's language", () => {
    const moved = (language?: "mr") =>
      bookingMovedEmail(
        {
          orderId: "1764000000403festv",
          customerName: "Asha Patil",
          festival,
          fromWindow: language ? "सकाळी 5:40 ते 6:00" : "5:40 - 6:00 am",
        },
        shop,
        language,
      );
    const english = moved();
    expect(english.subject).toBe(`Your Ganeshotsav 2026 booking at ${shop.name} has a new time`);
    expect(english.text).toContain("We had to close the 5:40 - 6:00 am window");
    expect(english.text).toContain("Your booking is now: Ganeshotsav 2026, Mon, 14 Sept, 6:00 - 6:20 am.");
    expect(english.text).toContain("ACD-EFG");
    const marathi = moved("mr");
    expect(marathi.subject).toContain("गणेशोत्सव 2026");
    expect(marathi.text).toContain("सकाळी 5:40 ते 6:00 ही वेळ बंद");
    expect(marathi.text).toContain("सकाळी 6:00 ते 6:20");
    expect(marathi.text).toContain(SHOP.addressMr);
  });
});

describe("the pass's QR image", () => {
  it("is a PNG the counter's decoder reads as the code alone", async () => {
    const image = await passQrImage("ACDEFG");
    expect(image.contentType).toBe("image/png");
    expect(image.cid).toBe(passQrCid("ACDEFG"));
    const png = PNG.sync.read(image.content);
    // jsQR, the counter screen's decoder (docs/counter.md); `.default` as Node resolves its CommonJS build.
    const read = jsQR.default(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(read?.data).toBe("ACDEFG");
  });

  it("is attached only when the pass has a code", async () => {
    expect(await passAttachments(undefined)).toEqual([]);
    const { passCode: _none, ...uncoded } = festival;
    expect(await passAttachments(uncoded)).toEqual([]);
    expect(await passAttachments(festival)).toHaveLength(1);
  });
});
