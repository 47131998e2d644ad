import { describe, expect, it } from "vitest";
import { orderRequestSchema } from "./api/orders.js";
import {
  e164Digits,
  PHONE_UPDATES_NOTICE,
  phoneUpdatesConsentSchema,
  phoneUpdatesRecord,
  phoneUpdatesRecordSchema,
} from "./phone-updates.js";

const current = { channel: "whatsapp", noticeVersion: PHONE_UPDATES_NOTICE.version };

describe("the phone updates consent (docs/messaging.md, Consent)", () => {
  it("takes the current notice's version on WhatsApp, nothing else", () => {
    expect(phoneUpdatesConsentSchema.parse(current)).toEqual(current);
    expect(phoneUpdatesConsentSchema.safeParse({ ...current, noticeVersion: "2020-01-01" }).success).toBe(false);
    expect(phoneUpdatesConsentSchema.safeParse({ ...current, channel: "sms" }).success).toBe(false);
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
