import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { renderInvoicePdf } from "../pdf/render-invoice.js";
import { computeCreditNote, type RefundedOrder } from "./credit-note.js";
import { computeInvoice, type PaidOrder } from "./invoice.js";
import { shopSupplier } from "./supplier.js";

/**
 * The GST invoice and credit note of an order with a coupon (docs/coupons.md): the worked example of the issue,
 * ₹1,000 of kaju katli at 5 % and ₹200 of paper plates at 18 % with DIWALI120's ₹120 off, shared ₹100 and ₹20.
 */
/** The shop's own details (SHOP) with a sample GSTIN of Maharashtra. */
const supplier = shopSupplier("27AAPFG1234K1Z8");
const lines = [
  {
    productId: "kaju-katli",
    name: "Kaju Katli",
    weight: "500 Gram" as const,
    quantity: 2,
    unitPricePaise: 50_000,
    lineTotalPaise: 100_000,
    discountPaise: 10_000,
    marathiName: "काजू कतली",
    tax: { hsn: "210690", gstRatePercent: 5 as const },
  },
  {
    productId: "paper-plates",
    name: "Paper Plates",
    weight: "250 Gram" as const,
    quantity: 1,
    unitPricePaise: 20_000,
    lineTotalPaise: 20_000,
    discountPaise: 2_000,
    tax: { hsn: "482369", gstRatePercent: 18 as const },
  },
];
const charges = {
  itemTotalPaise: 120_000,
  discountPaise: 12_000,
  postalDeliveryPaise: 3_000,
  platformFeePaise: 0,
  totalPaise: 111_000,
};
const paid: PaidOrder = {
  orderId: "1764000000200coupon",
  customer: { name: "Asha Patil", email: "asha@example.in", mobile: "9876543210" },
  shippingAddress: "Flat 4, Sai Krupa Society, Pune, Maharashtra-411001",
  placeOfSupply: { state: "Maharashtra", stateCode: "27" },
  lines,
  charges,
  coupon: { code: "DIWALI120" },
  amountPaise: 111_000,
  provider: "sandbox",
  paymentId: "5114910931391",
  paidAt: "2026-11-23T10:00:00.000Z",
};

describe("the GST invoice of an order with a coupon", () => {
  it("shows each line's gross and discount, works its taxable value back from what was paid, and adds up to the amount paid", async () => {
    const invoice = computeInvoice(paid, supplier, "GM/26-27/000099", new Date("2026-11-23T10:00:00Z"));
    const [sweets, plates, delivery] = invoice.lines;
    // ₹900 paid for the sweets at 5 %: ₹857.14 taxable, ₹42.86 GST (₹21.43 CGST + ₹21.43 SGST).
    expect(sweets).toMatchObject({
      grossPaise: 100_000,
      discountPaise: 10_000,
      totalPaise: 90_000,
      taxableValuePaise: 85_714,
      cgstPaise: 2_143,
      sgstPaise: 2_143,
    });
    // ₹180 paid for the plates at 18 %: ₹152.54 taxable, ₹27.46 GST.
    expect(plates).toMatchObject({
      grossPaise: 20_000,
      discountPaise: 2_000,
      totalPaise: 18_000,
      taxableValuePaise: 15_254,
      cgstPaise: 1_373,
      sgstPaise: 1_373,
    });
    // The delivery charge is not discounted.
    expect(delivery).toMatchObject({ totalPaise: 3_000 });
    expect(delivery?.discountPaise).toBeUndefined();
    expect(invoice.totals.totalPaise).toBe(111_000);
    expect(invoice.coupon).toEqual({ code: "DIWALI120", discountPaise: 12_000 });

    const document = await getDocumentProxy(new Uint8Array(await renderInvoicePdf(invoice)));
    const text = (await extractText(document, { mergePages: true })).text;
    expect(text).toContain("Coupon DIWALI120 applied: ₹120.00 off");
    // The Marathi name under the English one (docs/languages.md), in a font that has Devanagari.
    expect(text).toContain("Kaju Katli (500 g)");
    expect(text.replace(/\s/g, "")).toContain("काजूकतली");
    for (const shown of ["Gross", "Discount", "₹1,000.00", "₹100.00", "₹857.14", "₹21.43", "₹1,110.00"]) {
      expect(text).toContain(shown);
    }
  });

  it("reverses what was paid, not the list prices, in its credit notes", () => {
    const against = { invoiceNumber: "GM/26-27/000099", invoiceIssuedAt: new Date("2026-11-23T10:00:00Z") };
    const refund = (amountPaise: number, scope: RefundedOrder["scope"]): RefundedOrder => ({
      orderId: paid.orderId,
      refundId: `${paid.orderId}-R1`,
      amountPaise,
      scope,
      customer: { name: "Asha Patil", email: "asha@example.in" },
      processedAt: "2026-11-24T09:00:00.000Z",
      lines,
      charges,
      placeOfSupply: paid.placeOfSupply,
      shippingAddress: paid.shippingAddress,
    });
    const plates = computeCreditNote(
      refund(18_000, { kind: "line", lineIndex: 1 }),
      supplier,
      "CN/1",
      new Date(),
      against,
    );
    expect(plates.lines).toHaveLength(1);
    expect(plates.lines[0]).toMatchObject({ totalPaise: 18_000, taxableValuePaise: 15_254, cgstPaise: 1_373 });
    const whole = computeCreditNote(refund(111_000, { kind: "cancellation" }), supplier, "CN/2", new Date(), against);
    expect(whole.lines.map((line) => line.totalPaise)).toEqual([90_000, 18_000, 3_000]);
    expect(whole.totals.totalPaise).toBe(111_000);
  });
});
