import { MODAK_LINE, sampleLine, samplePaidOrder } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import { computeCreditNote, type RefundedOrder } from "../../domain/credit-note.js";
import { computeInvoice, type Invoice, type PaidOrder } from "../../domain/invoice.js";
import { shopSupplier } from "../../domain/supplier.js";
import type { TaxDocument, TaxDocumentRecord } from "../../persistence/tax-documents.js";
import { gstr1Sections } from "./sections.js";

/**
 * A small November 2026, worked out by hand: a caterer's B2B invoice (5 % and 18 %) with a goodwill credit note, a
 * B2C Large invoice to Goa with a line's credit note, a B2C small one in Maharashtra and one in Karnataka, a line
 * credit note on the Maharashtra one, and a credit note on a small Goa invoice of October.
 */
const supplier = shopSupplier("27AAPFG1234K1Z8");
const CATERER = { gstin: "27AAACR5055K1Z7", name: "Shree Ganesh Caterers", state: "Maharashtra", stateCode: "27" };
const GOA = { state: "Goa", stateCode: "30" };
const KARNATAKA = { state: "Karnataka", stateCode: "29" };
const chakli18 = sampleLine("bhajani-chakli", "Bhajani Chakli", "250 Gram", 1, 24_000, {
  hsn: "190590",
  gstRatePercent: 18,
});
const kaju = sampleLine("kaju-katli", "Kaju Katli", "500 Gram", 100, 110_000);

const at = (iso: string) => new Date(iso);
function invoice(order: PaidOrder, number: string, issuedAt: string, gstin?: typeof CATERER): TaxDocument {
  const { supplier: _s, ...document } = computeInvoice(order, supplier, number, at(issuedAt));
  return gstin ? { ...document, recipient: { ...document.recipient, ...gstin } } : document;
}
function note(order: PaidOrder, of: TaxDocument, amountPaise: number, scope: RefundedOrder["scope"], n: string) {
  const refund: RefundedOrder = {
    orderId: order.orderId,
    refundId: `${order.orderId}-R1`,
    amountPaise,
    scope,
    customer: { name: order.customer.name, email: order.customer.email },
    processedAt: "2026-11-25T09:00:00.000Z",
    lines: order.lines,
    charges: order.charges,
    placeOfSupply: order.placeOfSupply,
    shippingAddress: order.shippingAddress,
  };
  const made: Invoice = computeCreditNote(refund, supplier, n, at("2026-11-25T09:00:00Z"), {
    invoiceNumber: of.number,
    invoiceIssuedAt: of.issuedAt,
  });
  const { supplier: _s, ...document } = made;
  return document;
}
const record = (kind: TaxDocumentRecord["kind"], document: TaxDocument): TaxDocumentRecord => ({
  _id: `2026-11|${document.number}`,
  month: "2026-11",
  kind,
  document,
});

const cateringOrder = samplePaidOrder("1764000000001aaaaa", { lines: [MODAK_LINE, chakli18] });
const goaLargeOrder = samplePaidOrder("1764000000002aaaaa", { lines: [kaju], placeOfSupply: GOA });
const puneOrder = samplePaidOrder("1764000000003aaaaa");
const karnatakaOrder = samplePaidOrder("1764000000004aaaaa", { placeOfSupply: KARNATAKA });
const octoberGoaOrder = samplePaidOrder("1760000000005aaaaa", { placeOfSupply: GOA });

// 23 Nov 2026, 23:30 UTC is 24 Nov in India.
const catering = invoice(cateringOrder, "GM/26-27/000101", "2026-11-23T23:30:00Z", CATERER);
const goaLarge = invoice(goaLargeOrder, "GM/26-27/000102", "2026-11-24T06:00:00Z");
const pune = invoice(puneOrder, "GM/26-27/000103", "2026-11-24T07:00:00Z");
const karnataka = invoice(karnatakaOrder, "GM/26-27/000104", "2026-11-24T08:00:00Z");
const octoberGoa = invoice(octoberGoaOrder, "GM/26-27/000090", "2026-10-30T08:00:00Z");
const goodwill = note(cateringOrder, catering, 10_000, { kind: "goodwill" }, "CN/26-27/000011");
const goaLine = note(goaLargeOrder, goaLarge, 11_000_000, { kind: "line", lineIndex: 0 }, "CN/26-27/000012");
const puneChakli = note(puneOrder, pune, 12_000, { kind: "line", lineIndex: 1 }, "CN/26-27/000013");
const octoberNote = note(octoberGoaOrder, octoberGoa, 131_000, { kind: "cancellation" }, "CN/26-27/000014");

const sections = gstr1Sections({
  documents: [
    record("invoice", catering),
    record("invoice", goaLarge),
    record("invoice", pune),
    record("invoice", karnataka),
    record("credit-note", goodwill),
    record("credit-note", goaLine),
    record("credit-note", puneChakli),
    record("credit-note", octoberNote),
  ],
  earlierInvoices: new Map([[octoberGoa.number, octoberGoa]]),
  supplierStateCode: "27",
});
const values = (section: keyof typeof sections) => sections[section].rows.map((row) => row.map((cell) => cell.value));

describe("a month's GSTR-1 sections", () => {
  it("B2B: the caterer's invoice, one row per rate, dated in India", () => {
    // Modak ₹1,160 at 5 %: 1104.76 taxable; delivery ₹30 at the principal line's 5 %: 28.57; chakli ₹240 at 18 %: 203.39.
    expect(values("b2b")).toEqual([
      [
        CATERER.gstin,
        CATERER.name,
        "GM/26-27/000101",
        "24-Nov-2026",
        "1430.00",
        "27-Maharashtra",
        "N",
        "",
        "Regular B2B",
        "",
        "5",
        "1133.33",
        "0.00",
      ],
      [
        CATERER.gstin,
        CATERER.name,
        "GM/26-27/000101",
        "24-Nov-2026",
        "1430.00",
        "27-Maharashtra",
        "N",
        "",
        "Regular B2B",
        "",
        "18",
        "203.39",
        "0.00",
      ],
    ]);
  });

  it("B2CL: only the inter-state unregistered invoice above ₹1,00,000", () => {
    // ₹1,10,000 of kaju katli at 5 %: 104761.90; ₹30 delivery: 28.57.
    expect(values("b2cl")).toEqual([
      ["GM/26-27/000102", "24-Nov-2026", "110030.00", "30-Goa", "", "5", "104790.47", "0.00", ""],
    ]);
  });

  it("B2CS: per state and rate, net of the credit notes on small invoices (a negative net for October's Goa)", () => {
    // Each small invoice: modak 1104.76 + chakli 114.29 + delivery 28.57 = 1247.62. Pune gives its chakli back
    // (1247.62 - 114.29); October's Goa invoice is cancelled in November, with no Goa invoice this month.
    expect(values("b2cs")).toEqual([
      ["OE", "27-Maharashtra", "", "5", "1133.33", "0.00", ""],
      ["OE", "29-Karnataka", "", "5", "1247.62", "0.00", ""],
      ["OE", "30-Goa", "", "5", "-1247.62", "0.00", ""],
    ]);
  });

  it("CDNR: the caterer's goodwill credit note per rate, with the buyer's GSTIN taken from its invoice", () => {
    // ₹100 shared over 1160 / 240 / 30: 81.12 + 2.10 of delivery at 5 % (77.26 + 2.00 taxable), 16.78 at 18 % (14.22).
    const head = [
      CATERER.gstin,
      CATERER.name,
      "CN/26-27/000011",
      "25-Nov-2026",
      "C",
      "27-Maharashtra",
      "N",
      "Regular B2B",
    ];
    expect(values("cdnr")).toEqual([
      [...head, "100.00", "", "5", "79.26", "0.00"],
      [...head, "100.00", "", "18", "14.22", "0.00"],
    ]);
  });

  it("CDNUR: the credit note on the B2C Large invoice", () => {
    expect(values("cdnur")).toEqual([
      ["B2CL", "CN/26-27/000012", "25-Nov-2026", "C", "30-Goa", "110000.00", "", "5", "104761.90", "0.00"],
    ]);
  });

  it("HSN: B2B and B2C apart, net of credit notes, packets counted back only for whole lines", () => {
    // The caterer's lines less the goodwill's parts (which give back no packet): 190590 at 18 %: 240.00 - 16.78.
    expect(values("hsn-b2b")).toEqual([
      ["190590", "", "PAC-PACKS", "1", "223.22", "189.17", "0.00", "17.02", "17.03", "0.00", "18"],
      ["210690", "", "PAC-PACKS", "2", "1078.88", "1027.50", "0.00", "25.69", "25.69", "0.00", "5"],
      ["996812", "", "NA", "0", "27.90", "26.57", "0.00", "0.66", "0.67", "0.00", "5"],
    ]);
    // Goa's 100 packets of kaju katli given back whole; Pune's chakli back; Karnataka's lines less October's Goa
    // cancelled (the same lines, IGST both): Pune's modak is what is left. Deliveries: Goa (B2CL) and Pune.
    expect(values("hsn-b2c")).toEqual([
      ["210690", "", "PAC-PACKS", "2", "1160.00", "1104.76", "0.00", "27.62", "27.62", "0.00", "5"],
      ["996812", "", "NA", "0", "60.00", "57.14", "1.43", "0.71", "0.72", "0.00", "5"],
    ]);
  });

  it("Documents issued: the invoice series and the credit note series", () => {
    expect(values("docs")).toEqual([
      ["Invoices for outward supply", "GM/26-27/000101", "GM/26-27/000104", "4", "0"],
      ["Credit Note", "CN/26-27/000011", "CN/26-27/000014", "4", "0"],
    ]);
  });
});
