import { MODAK_LINE, sampleLine, samplePaidOrder } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import { renderInvoicePdf } from "../pdf/render-invoice.js";
import { computeInvoice, financialYear, invoiceNumber, type PaidOrder, splitInclusive } from "./invoice.js";
import { shopSupplier } from "./supplier.js";

/** The shop's own details (SHOP) with a sample GSTIN of Maharashtra. */
const supplier = shopSupplier("27AAPFG1234K1Z8");
/** The sample order with three chakli at an odd price (₹120.33), so that every rounding shows. */
function paid(placeOfSupply: { state: string; stateCode: string }): PaidOrder {
  return samplePaidOrder("1732262400000abcdef", {
    placeOfSupply,
    lines: [MODAK_LINE, sampleLine("bhajani-chakli", "Bhajani Chakli", "250 Gram", 3, 12033)],
    paymentId: "5114910931391",
    transactionId: "1234567890",
  });
}

describe("the GST invoice of a paid order", () => {
  it("works the taxable value back from prices that include GST", () => {
    expect(splitInclusive(3000, 5)).toEqual({ taxable: 2857, tax: 143 });
    expect(splitInclusive(116000, 5)).toEqual({ taxable: 110476, tax: 5524 });
    expect(splitInclusive(10000, 0)).toEqual({ taxable: 10000, tax: 0 });
  });

  it("splits the tax into CGST and SGST within Maharashtra, delivery included, adding up to the paisa", () => {
    const invoice = computeInvoice(
      paid({ state: "Maharashtra", stateCode: "27" }),
      supplier,
      "GM/26-27/000001",
      new Date(),
    );
    expect(invoice.intraState).toBe(true);
    expect(invoice.lines.map((line) => line.hsn)).toEqual(["210690", "210690", "996812"]);
    for (const line of invoice.lines) {
      expect(line.igstPaise).toBe(0);
      expect(Math.abs(line.cgstPaise - line.sgstPaise)).toBeLessThanOrEqual(1);
      expect(line.taxableValuePaise + line.cgstPaise + line.sgstPaise).toBe(line.totalPaise);
    }
    const { totals } = invoice;
    expect(totals.totalPaise).toBe(155099);
    expect(totals.taxableValuePaise + totals.cgstPaise + totals.sgstPaise).toBe(155099);
    expect(invoice.amountInWords).toBe("Rupees One Thousand Five Hundred Fifty and Ninety Nine Paise Only");
  });

  it("names a local delivery's date and slot, and none for the spec's postal delivery", async () => {
    const local = {
      ...paid({ state: "Maharashtra", stateCode: "27" }),
      delivery: { kind: "local" as const, name: "Wai and nearby", date: "2026-11-25", slotLabel: "5 pm - 8 pm" },
    };
    const invoice = computeInvoice(local, supplier, "GM/26-27/000002", new Date());
    expect(invoice.delivery).toBe("Wai and nearby, Wed, 25 Nov, 5 pm - 8 pm");
    expect(invoice.lines.at(-1)?.hsn).toBe("996812");
    const pdf = await renderInvoicePdf(invoice);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(
      computeInvoice(paid({ state: "Maharashtra", stateCode: "27" }), supplier, "X", new Date()).delivery,
    ).toBeUndefined();
  });

  it("describes a festival box line by its pieces, not a weight", () => {
    const order = samplePaidOrder("1789000000001boxes", {
      lines: [
        {
          productId: "festival:ganeshotsav-2027:modak-11",
          name: "Ukadiche modak, 11",
          pieces: 11,
          quantity: 2,
          unitPricePaise: 33_000,
          lineTotalPaise: 66_000,
          tax: { hsn: "2106", gstRatePercent: 5 },
        },
        MODAK_LINE,
      ],
    });
    const invoice = computeInvoice(order, supplier, "GM/27-28/000001", new Date());
    expect(invoice.lines.map((line) => line.description).slice(0, 2)).toEqual([
      "Ukadiche modak, 11 (Box of 11)",
      `${MODAK_LINE.name} (${MODAK_LINE.weight?.replace(" Gram", " g")})`,
    ]);
    expect(invoice.lines[0]).toMatchObject({ hsn: "2106", quantity: 2 });
  });

  it("charges IGST to another state", () => {
    const invoice = computeInvoice(
      paid({ state: "Karnataka", stateCode: "29" }),
      supplier,
      "GM/26-27/000002",
      new Date(),
    );
    expect(invoice.intraState).toBe(false);
    expect(invoice.totals.cgstPaise + invoice.totals.sgstPaise).toBe(0);
    expect(invoice.totals.taxableValuePaise + invoice.totals.igstPaise).toBe(155099);
  });

  it("numbers invoices within the financial year in India time, at most 16 characters", () => {
    expect(financialYear(new Date("2026-11-23T10:00:00Z"))).toBe("26-27");
    expect(financialYear(new Date("2027-03-31T18:29:00Z"))).toBe("26-27"); // 23:59 IST on 31 March
    expect(financialYear(new Date("2027-03-31T18:31:00Z"))).toBe("27-28"); // 00:01 IST on 1 April
    expect(invoiceNumber("GM", "26-27", 123)).toBe("GM/26-27/000123");
    expect(invoiceNumber("GM", "26-27", 123).length).toBeLessThanOrEqual(16);
    expect(() => invoiceNumber("GOKULMITHAI", "26-27", 1)).toThrow("rule 46");
  });
});
