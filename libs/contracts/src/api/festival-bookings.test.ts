import { describe, expect, it } from "vitest";
import { receiptGeneratedV2 } from "../events/billing.js";
import { festivalBookingRequestSchema } from "./festival-bookings.js";

const booking = {
  orderId: "1789000000001bk",
  day: "2027-09-14",
  windowId: "0800",
  boxes: [{ boxId: "modak-11", quantity: 2 }],
  customerName: "Asha Patil",
  customerEmail: "Asha@Example.in",
  mobile: "9876543210",
  shippingAddress: "Flat 4, Sai Krupa Society, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001",
};
const parses = (patch: Record<string, unknown>) =>
  festivalBookingRequestSchema.safeParse({ ...booking, ...patch }).success;

describe("a booking's request", () => {
  it("reads ids and counts only, online by default, the email lower-cased", () => {
    const parsed = festivalBookingRequestSchema.parse({ ...booking, amount: 1, pricePaise: 1 });
    expect(parsed).toMatchObject({ paymentMethod: "online", customerEmail: "asha@example.in" });
    expect(parsed.boxes).toEqual([{ boxId: "modak-11", quantity: 2 }]);
  });

  it("refuses prototype names, a price on a box, repeated boxes, and counts out of bounds", () => {
    expect(parses({ windowId: "__proto__" })).toBe(false);
    expect(parses({ windowId: "constructor" })).toBe(false);
    expect(parses({ boxes: [{ boxId: "__proto__", quantity: 1 }] })).toBe(false);
    expect(parses({ boxes: [{ boxId: "modak-11", quantity: 1, pricePaise: 1 }] })).toBe(false);
    expect(
      parses({
        boxes: [
          { boxId: "modak-11", quantity: 1 },
          { boxId: "modak-11", quantity: 1 },
        ],
      }),
    ).toBe(false);
    expect(parses({ boxes: [{ boxId: "modak-11", quantity: 51 }] })).toBe(false);
    expect(parses({ boxes: [] })).toBe(false);
    expect(parses({ paymentMethod: "cash-on-delivery" })).toBe(false);
    expect(parses({ paymentMethod: "cash-at-counter" })).toBe(true);
  });
});

describe("a box line on the receipt's event", () => {
  const receipt = (line: Record<string, unknown>) => ({
    orderId: "1789000000001bk",
    invoiceNumber: "GM/27-28/000001",
    customer: { name: "Asha Patil", email: "asha@example.in" },
    shippingAddress: booking.shippingAddress,
    lines: [{ name: "Ukadiche modak, 11", quantity: 2, lineTotalPaise: 66_000, ...line }],
    postalDeliveryPaise: 0,
    totalPaise: 66_000,
    pdfBase64: "JVBERi0=",
    fileName: "Receipt_1789000000001bk.pdf",
  });

  it("parses with pieces and no weight, and a weighed line as before", () => {
    expect(receiptGeneratedV2.dataSchema.safeParse(receipt({ pieces: 11 })).success).toBe(true);
    expect(receiptGeneratedV2.dataSchema.safeParse(receipt({ weight: "500 Gram" })).success).toBe(true);
    expect(receiptGeneratedV2.dataSchema.safeParse(receipt({ weight: "2 Kilo" })).success).toBe(false);
  });
});
