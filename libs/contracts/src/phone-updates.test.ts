import { describe, expect, it } from "vitest";
import { orderRequestSchema } from "./api/orders.js";
import {
  e164Digits,
  PHONE_QUIET_HOURS,
  PHONE_UPDATES_NOTICE,
  phoneQuietUntil,
  phoneUpdatesConsentSchema,
  phoneUpdatesRecord,
  phoneUpdatesRecordSchema,
} from "./phone-updates.js";

const current = { channel: "whatsapp", noticeVersion: PHONE_UPDATES_NOTICE.version };

describe("the phone updates consent (docs/messaging.md, Consent)", () => {
  it("takes the current notice's version on WhatsApp or SMS only, nothing else", () => {
    expect(phoneUpdatesConsentSchema.parse(current)).toEqual(current);
    expect(phoneUpdatesConsentSchema.parse({ ...current, channel: "sms" })).toEqual({ ...current, channel: "sms" });
    expect(phoneUpdatesConsentSchema.safeParse({ ...current, noticeVersion: "2020-01-01" }).success).toBe(false);
    expect(phoneUpdatesConsentSchema.safeParse({ ...current, channel: "telegram" }).success).toBe(false);
    expect(phoneUpdatesConsentSchema.safeParse({ ...current, channel: "__proto__" }).success).toBe(false);
    expect(phoneUpdatesConsentSchema.safeParse({ ...current, extra: true }).success).toBe(false);
    expect(
      phoneUpdatesConsentSchema.safeParse(
        JSON.parse(`{"channel":"whatsapp","noticeVersion":"${current.noticeVersion}","__proto__":{"x":1}}`),
      ).success,
    ).toBe(false);
    expect(phoneUpdatesConsentSchema.safeParse(true).success).toBe(false);
  });

  it("records the version, the time and the number with its country code", () => {
    const at = new Date("2026-11-27T04:30:00.000Z");
    const record = phoneUpdatesRecord(phoneUpdatesConsentSchema.parse(current), "9812345678", at);
    expect(record).toEqual({
      channel: "whatsapp",
      noticeVersion: PHONE_UPDATES_NOTICE.version,
      mobile: "919812345678",
      consentedAt: "2026-11-27T04:30:00.000Z",
    });
    expect(phoneUpdatesRecordSchema.parse(record)).toEqual(record);
    expect(e164Digits("98123 45678")).toBe("919812345678");
  });

  it("has its notice in both languages, the Marathi one in Devanagari", () => {
    expect(PHONE_UPDATES_NOTICE.text.en).toMatch(/WhatsApp.*STOP/);
    expect(PHONE_UPDATES_NOTICE.text.mr).toMatch(/[\u0900-\u097F]/);
    expect(PHONE_UPDATES_NOTICE.text.mr).toContain("थांबवा");
    // No English word in the Marathi notice (the Marathi scan of the payment page reads it).
    expect(PHONE_UPDATES_NOTICE.text.mr).not.toMatch(/[A-Za-z]/);
  });

  it("is optional on the order request: absent is no consent", () => {
    const request = {
      orderId: "1732262400100AB12",
      customerName: "Asha",
      customerEmail: "asha@example.com",
      mobile: "9812345678",
      products: [{ productId: "p1", selectedWeight: "250 Gram", selectedQuantity: 1 }],
      shippingAddress: "12 Shivaji Road, Wai, Satara, Maharashtra 412803",
    };
    expect(orderRequestSchema.parse(request).phoneUpdates).toBeUndefined();
    expect(orderRequestSchema.parse({ ...request, phoneUpdates: current }).phoneUpdates).toEqual(current);
    expect(orderRequestSchema.safeParse({ ...request, phoneUpdates: { ...current, noticeVersion: "0" } }).success).toBe(
      false,
    );
  });
});

describe("quiet hours (docs/messaging.md, Quiet hours)", () => {
  const ist = (at: string) => new Date(`${at}+05:30`);

  it("are 21:00 to 08:00 India time", () => {
    expect(PHONE_QUIET_HOURS).toEqual({ from: "21:00", until: "08:00" });
  });

  it("let a message go at 20:59 and at 08:00, and hold it at 21:00 and at 07:59", () => {
    expect(phoneQuietUntil(ist("2026-11-27T20:59:59"))).toBeUndefined();
    expect(phoneQuietUntil(ist("2026-11-27T21:00:00"))).toEqual(ist("2026-11-28T08:00:00"));
    expect(phoneQuietUntil(ist("2026-11-28T07:59:59"))).toEqual(ist("2026-11-28T08:00:00"));
    expect(phoneQuietUntil(ist("2026-11-28T08:00:00"))).toBeUndefined();
    expect(phoneQuietUntil(ist("2026-11-28T12:00:00"))).toBeUndefined();
  });

  it("hold until the same morning after midnight, the next one before it, across a month's and a year's end", () => {
    expect(phoneQuietUntil(ist("2026-11-28T00:00:00"))).toEqual(ist("2026-11-28T08:00:00"));
    expect(phoneQuietUntil(ist("2026-11-30T23:30:00"))).toEqual(ist("2026-12-01T08:00:00"));
    expect(phoneQuietUntil(ist("2026-12-31T22:00:00"))).toEqual(ist("2027-01-01T08:00:00"));
  });

  it("read India's clock whatever the instant's zone: 15:30 UTC is 21:00 in India", () => {
    expect(phoneQuietUntil(new Date("2026-11-27T15:29:59Z"))).toBeUndefined();
    expect(phoneQuietUntil(new Date("2026-11-27T15:30:00Z"))).toEqual(new Date("2026-11-28T02:30:00Z"));
  });
});
