import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { CASH_PROVIDER, formatRupees, indiaCalendarDate } from "@storefront/contracts";
import { create as parseFont } from "fontkit";
import PDFDocument from "pdfkit";
import type { Invoice, InvoiceLine } from "../domain/invoice.js";

// DejaVu Sans has the rupee sign (U+20B9); pdfkit embeds the subset the invoice uses. From npm, not the system.
const require = createRequire(import.meta.url);
// Parsed once at start-up and shared by every invoice (pdfkit takes a fontkit font as a font source): given the
// file's bytes instead, pdfkit parses the 700 kB font again for each document, which made a render 50 ms, not 10.
const parsed = (file: string) =>
  parseFont(readFileSync(require.resolve(file))) as unknown as PDFKit.Mixins.PDFFontSource;
const FONT = parsed("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = parsed("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");
// A product's Marathi name beside its English one (docs/languages.md): DejaVu has no Devanagari, Noto Sans has.
const FONT_DEVANAGARI = parsed("@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf");

const TEAL = "#0f766e";
const TEAL_LIGHT = "#f0fdfa";
const INK = "#1f2937";
const MUTED = "#4b5563";
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The date of issue as India reads it (IST), e.g. 23 Nov 2026. */
export function issueDate(at: Date): string {
  const { year, month, day } = indiaCalendarDate(at);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

interface Column {
  title: string;
  width: number;
  align: "left" | "right" | "center";
  value: (line: InvoiceLine, index: number) => string;
}

/**
 * The table's columns, 515 pt wide in all. An invoice with a coupon's discount shows each line's gross and discount
 * before its taxable value (docs/coupons.md); the other columns narrow to make room.
 */
function columns(invoice: Invoice): Column[] {
  const discounted = invoice.lines.some((line) => line.discountPaise);
  const taxWidth = discounted ? 40 : 44;
  const tax: Column[] = invoice.intraState
    ? [
        { title: "CGST", width: taxWidth, align: "right", value: (l) => formatRupees(l.cgstPaise) },
        { title: "SGST", width: taxWidth, align: "right", value: (l) => formatRupees(l.sgstPaise) },
      ]
    : [{ title: "IGST", width: 2 * taxWidth, align: "right", value: (l) => formatRupees(l.igstPaise) }];
  const discount: Column[] = discounted
    ? [
        { title: "Gross", width: 48, align: "right", value: (l) => formatRupees(l.grossPaise ?? l.totalPaise) },
        { title: "Discount", width: 44, align: "right", value: (l) => formatRupees(l.discountPaise ?? 0) },
      ]
    : [];
  return [
    { title: "#", width: discounted ? 14 : 16, align: "left", value: (_l, i) => String(i + 1) },
    { title: "Description", width: discounted ? 100 : 148, align: "left", value: (l) => printable(l.description) },
    { title: "HSN/SAC", width: discounted ? 38 : 42, align: "left", value: (l) => l.hsn },
    { title: "Qty", width: 26, align: "right", value: (l) => `${l.quantity} ${l.unit}` },
    {
      title: "Rate (incl. GST)",
      width: discounted ? 46 : 56,
      align: "right",
      value: (l) => formatRupees(l.unitPricePaise),
    },
    ...discount,
    {
      title: "Taxable value",
      width: discounted ? 50 : 58,
      align: "right",
      value: (l) => formatRupees(l.taxableValuePaise),
    },
    { title: "GST", width: discounted ? 22 : 26, align: "right", value: (l) => `${l.gstRatePercent}%` },
    ...tax,
    { title: "Total", width: discounted ? 47 : 55, align: "right", value: (l) => formatRupees(l.totalPaise) },
  ];
}

/**
 * Characters that would let a name or an address typed by a shopper forge the document (docs/business-buyers.md,
 * The invoice for a registered buyer): control characters (a line break in a legal name would print a line of the
 * shopper's choosing, as if the shop had), the line and paragraph separators, and the bidirectional marks, embeddings,
 * overrides and isolates (U+202A-U+202E, U+2066-U+2069, and the marks U+200E, U+200F, U+061C) that reorder what is
 * printed after them: "GSTIN 29...‮4Z1" read backwards.
 */
const FORGING = /[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu;

/**
 * Text from outside the shop as it is printed: the forging characters become one space, spaces are collapsed. A name
 * starting with `=`, `+`, `-` or `@` prints as it is: nothing in a PDF evaluates it (the month's CSV guards its own).
 */
export function printable(text: string): string {
  return text
    .replace(FORGING, " ")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/**
 * Bill to and ship to, side by side (rule 46(d), (e), (n)): whom the invoice is made out to (the shopper, a gift's payer, a
 * registered buyer's legal name with its GSTIN printed large: its input tax credit rests on it) at the billing address
 * and its state with the code; and where the goods are delivered, or the shop for a pickup. Answers the y below both.
 */
function drawParties(doc: PDFKit.PDFDocument, invoice: Invoice, left: number, top: number, width: number): number {
  const { recipient, shipTo } = invoice;
  const column = (width - 20) / 2;
  const shipX = left + column + 20;
  const heading = (label: string, x: number) =>
    doc.font("bold").fontSize(9).fillColor(TEAL).text(label, x, top, { width: column });
  heading(recipient.gstin ? "Bill to (registered buyer)" : "Bill to", left);
  heading(shipTo.atShop ? "Place of delivery" : "Ship to", shipX);

  let y = top + 13;
  doc.font("bold").fontSize(9.5).fillColor(INK).text(printable(recipient.name), left, y, { width: column });
  if (recipient.gstin) {
    doc
      .font("bold")
      .fontSize(11)
      .fillColor(TEAL)
      .text(`GSTIN: ${printable(recipient.gstin)}`, left, doc.y + 2, { width: column });
  }
  doc
    .font("body")
    .fontSize(8.5)
    .fillColor(INK)
    .text(printable(recipient.address), left, doc.y + 2, { width: column });
  if (recipient.state && recipient.stateCode) {
    doc.text(`State: ${printable(recipient.state)} (${printable(recipient.stateCode)})`, left, doc.y + 2, {
      width: column,
    });
  }
  doc.fillColor(MUTED).text(`${printable(recipient.mobile)}   ·   ${printable(recipient.email)}`, left, doc.y + 2, {
    width: column,
  });
  const billBottom = doc.y;

  // A pickup is handed over at the shop: nothing is shipped to the shopper's home.
  y = top + 13;
  doc
    .font("body")
    .fontSize(8.5)
    .fillColor(INK)
    .text(shipTo.atShop ? `Collected at the shop: ${printable(shipTo.address)}` : printable(shipTo.address), shipX, y, {
      width: column,
    });
  return Math.max(billBottom, doc.y);
}

/**
 * The invoice as an A4 PDF in the shop's teal: supplier (name, address, GSTIN, FSSAI licence), invoice number and
 * date, recipient and place of supply, the lines with HSN, taxable value and tax, totals, amount in words and the
 * payment. Deterministic for one invoice (its creation date is the date of issue), so its ETag is stable.
 */
export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 40,
    info: {
      Title: `${invoice.creditNote ? "Credit note" : "Tax invoice"} ${invoice.number}`,
      Author: invoice.supplier.legalName,
      Subject: `Order ${invoice.orderId}`,
      CreationDate: invoice.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", FONT_BOLD);
  doc.registerFont("devanagari", FONT_DEVANAGARI);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  // Header band: who sells.
  doc.rect(0, 0, doc.page.width, 110).fill(TEAL);
  doc
    .fillColor("white")
    .font("bold")
    .fontSize(18)
    .text(invoice.supplier.legalName, left, 28, { width: width - 160 });
  doc
    .font("body")
    .fontSize(8.5)
    .text(invoice.supplier.address, left, 52, { width: width - 160 });
  doc.text(`GSTIN ${invoice.supplier.gstin}   ·   FSSAI Lic. No. ${invoice.supplier.fssai}`, left, 76);
  doc.text(`${invoice.supplier.email}   ·   ${invoice.supplier.phone}`, left, 88);
  doc
    .font("bold")
    .fontSize(15)
    .text(invoice.creditNote ? "CREDIT NOTE" : "TAX INVOICE", left + width - 150, 30, { width: 150, align: "right" });
  doc
    .font("body")
    .fontSize(8.5)
    .text("Original for recipient", left + width - 150, 50, { width: 150, align: "right" });

  // Invoice facts and parties.
  let y = 128;
  doc.fillColor(INK);
  const fact = (label: string, value: string, x: number, top: number) => {
    doc.font("body").fontSize(7.5).fillColor(MUTED).text(label, x, top);
    doc
      .font("bold")
      .fontSize(9)
      .fillColor(INK)
      .text(printable(value), x, top + 10, { width: 170 });
  };
  fact(invoice.creditNote ? "Credit note number" : "Invoice number", invoice.number, left, y);
  fact("Date of issue", issueDate(invoice.issuedAt), left + 175, y);
  fact("Order", invoice.orderId, left + 350, y);
  y += 34;
  if (invoice.creditNote) {
    // Rule 53(1A): a credit note names the invoice it reduces, with its date.
    const against = invoice.creditNote;
    fact("Against invoice", against.invoiceNumber, left, y);
    fact("Invoice date", issueDate(against.invoiceIssuedAt), left + 175, y);
    fact("Refund", against.refundId, left + 350, y);
    y += 34;
  }
  fact("Place of supply", `${invoice.placeOfSupply.state} (${invoice.placeOfSupply.stateCode})`, left, y);
  fact("Reverse charge", "No", left + 175, y);
  fact("Supplier's state", `${invoice.supplier.state} (${invoice.supplier.stateCode})`, left + 350, y);
  y += 34;
  if (invoice.delivery) {
    fact("Delivery", invoice.delivery, left, y);
    y += 34;
  }
  y += 2;
  y = drawParties(doc, invoice, left, y, width);
  y += 14;

  // The lines.
  const cols = columns(invoice);
  const description = cols.findIndex((col) => col.title === "Description");
  // `below`: a line's Marathi name, under its English description in the Devanagari font.
  const belowHeight = (below: string | undefined) =>
    below
      ? doc
          .font("devanagari")
          .fontSize(7.5)
          .heightOfString(below, { width: cols[description]!.width - 4 })
      : 0;
  const drawRow = (
    cells: string[],
    top: number,
    options: { header?: boolean; shade?: boolean; below?: string | undefined } = {},
  ) => {
    const heights = cells.map(
      (cell, i) =>
        doc
          .font(options.header ? "bold" : "body")
          .fontSize(7.5)
          .heightOfString(cell, { width: cols[i]!.width - 4 }) + (i === description ? belowHeight(options.below) : 0),
    );
    const height = Math.max(...heights) + 8;
    if (options.header) doc.rect(left, top, width, height).fill(TEAL);
    else if (options.shade) doc.rect(left, top, width, height).fill(TEAL_LIGHT);
    let x = left;
    cells.forEach((cell, i) => {
      const col = cols[i]!;
      doc
        .font(options.header ? "bold" : "body")
        .fontSize(7.5)
        .fillColor(options.header ? "white" : INK)
        .text(cell, x + 2, top + 4, { width: col.width - 4, align: col.align });
      if (i === description && options.below) {
        doc
          .font("devanagari")
          .fontSize(7.5)
          .text(options.below, x + 2, doc.y, { width: col.width - 4 });
      }
      x += col.width;
    });
    return top + height;
  };
  y = drawRow(
    cols.map((col) => col.title),
    y,
    { header: true },
  );
  invoice.lines.forEach((line, index) => {
    y = drawRow(
      cols.map((col) => col.value(line, index)),
      y,
      { shade: index % 2 === 1, below: line.marathiName && printable(line.marathiName) },
    );
  });
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor(TEAL)
    .lineWidth(1)
    .stroke();

  // Totals.
  y += 10;
  if (invoice.coupon) {
    doc
      .font("bold")
      .fontSize(8.5)
      .fillColor(TEAL)
      .text(
        `Coupon ${printable(invoice.coupon.code)} applied: ${formatRupees(invoice.coupon.discountPaise)} off`,
        left,
        y,
      );
  }
  const totals: Array<[string, number]> = [
    ["Taxable value", invoice.totals.taxableValuePaise],
    ...(invoice.intraState
      ? ([
          ["CGST", invoice.totals.cgstPaise],
          ["SGST", invoice.totals.sgstPaise],
        ] as Array<[string, number]>)
      : ([["IGST", invoice.totals.igstPaise]] as Array<[string, number]>)),
  ];
  const labelX = left + width - 230;
  for (const [label, amount] of totals) {
    doc.font("body").fontSize(9).fillColor(INK).text(label, labelX, y, { width: 120 });
    doc.text(formatRupees(amount), labelX + 120, y, { width: 110, align: "right" });
    y += 14;
  }
  doc.rect(labelX - 6, y - 2, 236, 20).fill(TEAL);
  doc
    .font("bold")
    .fontSize(10)
    .fillColor("white")
    .text("Total (paid)", labelX, y + 3, { width: 120 });
  doc.text(formatRupees(invoice.totals.totalPaise), labelX + 120, y + 3, { width: 110, align: "right" });
  y += 30;
  doc.font("bold").fontSize(8.5).fillColor(INK).text("Amount in words", left, y);
  doc.font("body").text(invoice.amountInWords, left, y + 12, { width });
  y = doc.y + 6;
  doc.font("body").fontSize(8.5).fillColor(MUTED).text("Prices include GST.", left, y);
  y = doc.y + 10;

  // Payment, or the refund a credit note records.
  const refund = invoice.creditNote;
  doc
    .font("bold")
    .fontSize(9)
    .fillColor(TEAL)
    .text(refund ? "Refund" : "Payment", left, y);
  y += 13;
  doc.font("body").fontSize(8.5).fillColor(INK);
  if (refund) {
    doc.text(`Refunded to the original payment method on ${issueDate(invoice.issuedAt)}`, left, y);
    doc.text(`Refund id: ${printable(refund.refundId)}`, left, doc.y + 2);
    doc.text(`Bank reference: ${printable(refund.bankReference ?? "-")}`, left, doc.y + 2);
  } else {
    const paidOn = issueDate(new Date(invoice.payment.paidAt));
    doc.text(
      invoice.payment.provider === CASH_PROVIDER
        ? `Paid in cash on delivery on ${paidOn}`
        : `Paid online (${printable(invoice.payment.provider)}) on ${paidOn}`,
      left,
      y,
    );
    doc.text(`Payment id: ${printable(invoice.payment.paymentId)}`, left, doc.y + 2);
    doc.text(`Transaction id: ${printable(invoice.payment.transactionId ?? "-")}`, left, doc.y + 2);
  }

  doc
    .font("body")
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(
      `This is a computer-generated ${refund ? "credit note" : "invoice"} and needs no signature. For ${invoice.supplier.legalName}.`,
      left,
      doc.page.height - doc.page.margins.bottom - 20,
      { width, align: "center", lineBreak: false },
    );
  doc.end();
  return done;
}
