import { readFileSync, writeFileSync } from "node:fs";
import { gstinRefusal, type Weight } from "@storefront/contracts";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { printable, renderInvoicePdf } from "../pdf/render-invoice.js";
import { computeCreditNote, type RefundedOrder } from "./credit-note.js";
import { computeInvoice, type Invoice, type PaidOrder } from "./invoice.js";
import { shopSupplier } from "./supplier.js";

/**
 * The invoice for a registered buyer, a shopper and a gift (docs/business-buyers.md, The invoice for a registered
 * buyer): whom it is made out to, where it ships, CGST + SGST or IGST by the place of supply the event carries, and the
 * PDF's whole text against a checked-in golden file (`UPDATE_GOLDEN=1` rewrites them; read them before committing).
 */
const supplier = shopSupplier("27AAPFG1234K1Z8");
const ISSUED = new Date("2026-11-23T06:30:00.000Z");
const CATERER_GSTIN = "29AAGCB7383J1Z4";
const CATERER_ADDRESS = "No. 14, 2nd Cross, Jayanagar 4th Block, Bengaluru, Bengaluru Urban, Karnataka-560011";
const SATARA = "House 9, Ganpati Ali, Wai, Satara, Maharashtra-412803";
const PUNE = "Flat 7, Shanti Kunj, Karve Road, Kothrud, Pune, Maharashtra-411038";
const NAGPUR = "12, Ramdaspeth, Nagpur, Maharashtra-440010";

type Line = PaidOrder["lines"][number];
const line = (name: string, weight: Weight, quantity: number, unitPricePaise: number, hsn = "210690"): Line => ({
  productId: name.toLowerCase().replaceAll(" ", "-"),
  name,
  weight,
  quantity,
  unitPricePaise,
  lineTotalPaise: quantity * unitPricePaise,
  tax: { hsn, gstRatePercent: 5 },
});

function paid(
  orderId: string,
  parts: Pick<PaidOrder, "customer" | "shippingAddress" | "placeOfSupply" | "lines" | "delivery" | "billTo">,
  postalDeliveryPaise: number,
): PaidOrder {
  const itemTotalPaise = parts.lines.reduce((sum, one) => sum + one.lineTotalPaise, 0);
  const totalPaise = itemTotalPaise + postalDeliveryPaise;
  return {
    orderId,
    ...parts,
    charges: { itemTotalPaise, postalDeliveryPaise, platformFeePaise: 0, totalPaise },
    amountPaise: totalPaise,
    provider: "sandbox",
    paymentId: `pay_${orderId.slice(-6)}`,
    transactionId: "443316773318",
    paidAt: "2026-11-23T06:00:00.000Z",
  };
}

/** A Bengaluru caterer, registered in Karnataka, delivered at its own address: B2B, IGST. */
const caterer = paid(
  "1764000000700caterer",
  {
    customer: { name: "Ravi Shetty", email: "accounts@bhandaricaterers.in", mobile: "9845012345" },
    shippingAddress: CATERER_ADDRESS,
    placeOfSupply: { state: "Karnataka", stateCode: "29" },
    lines: [
      line("Kaju Katli", "500 Gram", 20, 52_500),
      line("Bhakarwadi", "500 Gram", 20, 18_000),
      line("Motichoor Laddu", "500 Gram", 12, 32_000),
    ],
    delivery: { kind: "courier", name: "Courier" },
    billTo: {
      legalName: "Bhandari Caterers Private Limited",
      address: CATERER_ADDRESS,
      state: "Karnataka",
      stateCode: "29",
      gstin: CATERER_GSTIN,
    },
  },
  25_000,
);

/** A Satara shopper, delivered at home by the shop: B2C, CGST + SGST. */
const shopper = paid(
  "1764000000701satara",
  {
    customer: { name: "Sunita More", email: "sunita@example.in", mobile: "9876543210" },
    shippingAddress: SATARA,
    placeOfSupply: { state: "Maharashtra", stateCode: "27" },
    lines: [line("Ukadiche Modak", "500 Gram", 2, 42_000), line("Puran Poli", "250 Gram", 1, 17_000, "190590")],
    delivery: { kind: "local", name: "Wai and nearby", date: "2026-11-25", slotLabel: "5 pm - 8 pm" },
    billTo: undefined,
  },
  4_000,
);

/** A gift: paid and billed in Pune, delivered to a relative in Nagpur. B2C; the place of supply is Nagpur's state. */
const gift = paid(
  "1764000000702gift",
  {
    customer: { name: "Anil Deshpande", email: "anil.d@example.in", mobile: "9822098220" },
    shippingAddress: NAGPUR,
    placeOfSupply: { state: "Maharashtra", stateCode: "27" },
    lines: [line("Kaju Katli", "500 Gram", 2, 55_000)],
    delivery: { kind: "courier", name: "Courier" },
    billTo: { legalName: "Anil Deshpande", address: PUNE, state: "Maharashtra", stateCode: "27" },
  },
  6_000,
);

const pdfText = async (invoice: Invoice) =>
  (await extractText(await getDocumentProxy(new Uint8Array(await renderInvoicePdf(invoice))), { mergePages: true }))
    .text;

/** The PDF's text equals the golden file's; `UPDATE_GOLDEN=1` writes it instead. */
async function expectGolden(invoice: Invoice, file: string) {
  const text = `${await pdfText(invoice)}\n`;
  const golden = new URL(`./golden/${file}`, import.meta.url);
  if (process.env.UPDATE_GOLDEN === "1") writeFileSync(golden, text);
  expect(text).toBe(readFileSync(golden, "utf8"));
}

/** Each line's taxable value and tax add up to what was paid for it, and the lines to the amount paid. */
function expectAddsUp(invoice: Invoice, paidPaise: number) {
  for (const one of invoice.lines) {
    expect(one.taxableValuePaise + one.cgstPaise + one.sgstPaise + one.igstPaise).toBe(one.totalPaise);
  }
  const { taxableValuePaise, cgstPaise, sgstPaise, igstPaise, totalPaise } = invoice.totals;
  expect(taxableValuePaise + cgstPaise + sgstPaise + igstPaise).toBe(paidPaise);
  expect(totalPaise).toBe(paidPaise);
}

describe("the invoice for a registered buyer", () => {
  it("is made out to the caterer's legal name and GSTIN at its billing address, IGST to Karnataka", async () => {
    expect(gstinRefusal(CATERER_GSTIN)).toBeUndefined();
    const invoice = computeInvoice(caterer, supplier, "GM/26-27/000700", ISSUED);
    expect(invoice.recipient).toEqual({
      name: "Bhandari Caterers Private Limited",
      email: "accounts@bhandaricaterers.in",
      mobile: "9845012345",
      address: CATERER_ADDRESS,
      gstin: CATERER_GSTIN,
      state: "Karnataka",
      stateCode: "29",
    });
    expect(invoice.shipTo).toEqual({ atShop: false, address: CATERER_ADDRESS });
    expect(invoice.placeOfSupply).toEqual({ state: "Karnataka", stateCode: "29" });
    expect(invoice.intraState).toBe(false);
    expect(invoice.eInvoice).toEqual({ irn: "", ackNo: "", signedQr: "" });
    expectAddsUp(invoice, 18_19_000);
    expect(invoice.totals).toEqual({
      taxableValuePaise: 17_32_381,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 86_619,
      totalPaise: 18_19_000,
    });
    await expectGolden(invoice, "b2b-invoice.txt");
  });

  it("is made out to the shopper at the delivery address for a B2C order, CGST + SGST within Maharashtra", async () => {
    const invoice = computeInvoice(shopper, supplier, "GM/26-27/000701", ISSUED);
    expect(invoice.recipient).toEqual({
      name: "Sunita More",
      email: "sunita@example.in",
      mobile: "9876543210",
      address: SATARA,
      state: "Maharashtra",
      stateCode: "27",
    });
    expect(invoice.shipTo).toEqual({ atShop: false, address: SATARA });
    expect(invoice.intraState).toBe(true);
    expectAddsUp(invoice, 1_05_000);
    await expectGolden(invoice, "b2c-invoice.txt");
  });

  it("bills a gift's payer in Pune and ships to the relative in Nagpur, B2C without a GSTIN", async () => {
    const invoice = computeInvoice(gift, supplier, "GM/26-27/000702", ISSUED);
    expect(invoice.recipient).toEqual({
      name: "Anil Deshpande",
      email: "anil.d@example.in",
      mobile: "9822098220",
      address: PUNE,
      state: "Maharashtra",
      stateCode: "27",
    });
    expect(invoice.recipient.gstin).toBeUndefined();
    expect(invoice.shipTo).toEqual({ atShop: false, address: NAGPUR });
    expect(invoice.intraState).toBe(true);
    expectAddsUp(invoice, 1_16_000);
    await expectGolden(invoice, "gift-invoice.txt");
  });

  it("follows the place of supply the event carries: a Karnataka buyer's goods shipped to Pune are IGST if the event says Karnataka", () => {
    // Rule 2 of Place of supply (bill to, ship to) is order-payment's to decide; billing prints what it is given.
    const shippedToPune = { ...caterer, shippingAddress: PUNE };
    const invoice = computeInvoice(shippedToPune, supplier, "GM/26-27/000703", ISSUED);
    expect(invoice.intraState).toBe(false);
    expect(invoice.recipient.address).toBe(CATERER_ADDRESS);
    expect(invoice.shipTo.address).toBe(PUNE);
    const inMaharashtra = computeInvoice(
      { ...shippedToPune, placeOfSupply: { state: "Maharashtra", stateCode: "27" } },
      supplier,
      "GM/26-27/000704",
      ISSUED,
    );
    expect(inMaharashtra.intraState).toBe(true);
  });

  it("names the shop as the place of delivery for a registered buyer's pickup, billed at its own address", async () => {
    const pickup = {
      ...caterer,
      placeOfSupply: { state: "Maharashtra", stateCode: "27" },
      delivery: { kind: "pickup" as const, name: "Pickup at the shop", date: "2026-11-28", slotLabel: "10 am - 1 pm" },
    };
    const invoice = computeInvoice(pickup, supplier, "GM/26-27/000705", ISSUED);
    expect(invoice.shipTo).toEqual({ atShop: true, address: supplier.address });
    const text = (await pdfText(invoice)).replace(/\s+/g, " ");
    expect(text).toContain(`GSTIN: ${CATERER_GSTIN}`);
    expect(text).toContain(`Collected at the shop: ${supplier.address}`);
    expect(text).not.toContain("Ship to");
  });
});

describe("text from outside on the PDF", () => {
  it("drops control characters, line breaks and bidi overrides, and prints a formula-like name as it is", () => {
    expect(printable("Shree Ganesh Mandal\r\nGSTIN: 27AAAAA0000A1Z5")).toBe(
      "Shree Ganesh Mandal GSTIN: 27AAAAA0000A1Z5",
    );
    expect(printable("Kothrud\u202E5Z1J3837BCGAA92\u202C, Pune")).toBe("Kothrud 5Z1J3837BCGAA92 , Pune");
    expect(printable("a\u2066b\u2069c\u200Fd\u0000e\u007Ff\u2028g")).toBe("a b c d e f g");
    for (const name of ["=SUM(A1:A9)", "+91 Caterers", "-Mandal", "@Temple Trust"]) {
      expect(printable(name)).toBe(name);
    }
  });

  it("cannot print a line of the buyer's choosing, nor reorder the PDF's text", async () => {
    const forged = paid(
      "1764000000706forged",
      {
        ...caterer,
        billTo: {
          legalName: "Mandal\nTotal (paid) ₹0.00\u202E",
          address: `Jayanagar\u202E ,Bengaluru\u2066, Karnataka-560011`,
          state: "Karnataka",
          stateCode: "29",
          gstin: CATERER_GSTIN,
        },
      },
      25_000,
    );
    const text = await pdfText(computeInvoice(forged, supplier, "GM/26-27/000706", ISSUED));
    expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    // The would-be line stays on the name's line, after it.
    expect(text.split("\n")).toContain("Mandal Total (paid) ₹0.00");
    expect(text.split("\n")).not.toContain("Total (paid) ₹0.00");
    expect(text).toContain("Jayanagar ,Bengaluru , Karnataka-560011");
  });

  it.each(['=HYPERLINK("http://evil.example","pay")', "+91 Caterers", "-2+3 Mandal", "@SUM Temple Trust"])(
    "prints the legal name %s literally",
    async (legalName) => {
      const order = { ...caterer, billTo: { ...caterer.billTo!, legalName } };
      const text = await pdfText(computeInvoice(order, supplier, "GM/26-27/000707", ISSUED));
      expect(text.split("\n")).toContain(legalName);
    },
  );
});

describe("the credit note of a registered buyer's invoice", () => {
  const invoice = computeInvoice(caterer, supplier, "GM/26-27/000700", ISSUED);
  const refund: RefundedOrder = {
    orderId: caterer.orderId,
    refundId: `${caterer.orderId}-R1`,
    amountPaise: 3_600_00,
    scope: { kind: "line", lineIndex: 1 },
    customer: { name: caterer.customer.name, email: caterer.customer.email },
    processedAt: "2026-11-26T09:00:00.000Z",
    lines: caterer.lines,
    charges: caterer.charges,
    placeOfSupply: caterer.placeOfSupply,
    shippingAddress: caterer.shippingAddress,
  };
  const against = {
    invoiceNumber: invoice.number,
    invoiceIssuedAt: invoice.issuedAt,
    recipient: invoice.recipient,
    shipTo: invoice.shipTo,
  };

  it("carries the invoice's recipient and GSTIN, its ship-to and the order's place of supply (IGST)", async () => {
    const note = computeCreditNote(refund, supplier, "CN/26-27/000007", new Date("2026-11-26T09:00:00Z"), against);
    expect(note.recipient).toEqual(invoice.recipient);
    expect(note.shipTo).toEqual(invoice.shipTo);
    expect(note.placeOfSupply).toEqual(invoice.placeOfSupply);
    expect(note.intraState).toBe(false);
    expect(note.totals).toEqual({
      taxableValuePaise: 3_42_857,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 17_143,
      totalPaise: 3_60_000,
    });
    const text = (await pdfText(note)).replace(/\s+/g, " ");
    for (const expected of [
      "CREDIT NOTE",
      "Against invoice GM/26-27/000700",
      "Bhandari Caterers Private Limited",
      `GSTIN: ${CATERER_GSTIN}`,
      "State: Karnataka (29)",
      "Karnataka (29)",
      "IGST",
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("falls back to the shopper at the delivery address for a receipt kept before it stored the recipient", () => {
    const note = computeCreditNote(refund, supplier, "CN/26-27/000008", new Date(), {
      invoiceNumber: invoice.number,
      invoiceIssuedAt: invoice.issuedAt,
    });
    expect(note.recipient).toEqual({
      name: "Ravi Shetty",
      email: "accounts@bhandaricaterers.in",
      mobile: "-",
      address: CATERER_ADDRESS,
    });
  });
});
