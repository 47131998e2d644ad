import { type Gstr1Section, indiaCalendarDate, type PlaceOfSupply } from "@storefront/contracts";
import type { InvoiceLine } from "../../domain/invoice.js";
import type { TaxDocument, TaxDocumentRecord } from "../../persistence/tax-documents.js";
import { type Cell, count, rupees, text } from "./csv.js";

/**
 * A month's GSTR-1 in the sections of the GST portal's offline tool (docs/business-buyers.md, GSTR-1: the month for
 * the accountant), worked out from the invoices and credit notes billing issued in that India month. Pure: the
 * documents in, the sections' columns and rows out. Every amount is the sum of the documents' own integer paise,
 * so each section reconciles with the invoices minus the credit notes to the paisa.
 */

/** B2C Large: an inter-state invoice to an unregistered buyer above ₹1,00,000 (Notification 12/2024-CT, Aug 2024). */
export const B2CL_ABOVE_PAISE = 1_00_000_00;

export interface Gstr1Month {
  /** The month's documents, as `taxDocumentStore.inMonth` reads them. */
  documents: readonly TaxDocumentRecord[];
  /**
   * The invoices the month's credit notes reduce that were issued in an earlier month, by number: where a credit note
   * is reported depends on its invoice (B2CL or B2C small, registered buyer).
   */
  earlierInvoices: ReadonlyMap<string, TaxDocument>;
  /** The shop's state code (27): a B2C invoice to another state may be B2C Large. */
  supplierStateCode: string;
}

export interface SectionTable {
  columns: readonly string[];
  rows: Cell[][];
}

/** The offline tool's CSV templates' column names, exactly (the GSTR-1 Excel workbook's sheets and its CSV files). */
export const SECTION_COLUMNS: Readonly<Record<Gstr1Section, readonly string[]>> = {
  b2b: [
    "GSTIN/UIN of Recipient",
    "Receiver Name",
    "Invoice Number",
    "Invoice date",
    "Invoice Value",
    "Place Of Supply",
    "Reverse Charge",
    "Applicable % of Tax Rate",
    "Invoice Type",
    "E-Commerce GSTIN",
    "Rate",
    "Taxable Value",
    "Cess Amount",
  ],
  b2cl: [
    "Invoice Number",
    "Invoice date",
    "Invoice Value",
    "Place Of Supply",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
    "E-Commerce GSTIN",
  ],
  b2cs: [
    "Type",
    "Place Of Supply",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
    "E-Commerce GSTIN",
  ],
  cdnr: [
    "GSTIN/UIN of Recipient",
    "Receiver Name",
    "Note Number",
    "Note Date",
    "Note Type",
    "Place Of Supply",
    "Reverse Charge",
    "Note Supply Type",
    "Note Value",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
  ],
  cdnur: [
    "UR Type",
    "Note Number",
    "Note Date",
    "Note Type",
    "Place Of Supply",
    "Note Value",
    "Applicable % of Tax Rate",
    "Rate",
    "Taxable Value",
    "Cess Amount",
  ],
  "hsn-b2b": HSN_COLUMNS(),
  "hsn-b2c": HSN_COLUMNS(),
  docs: ["Nature of Document", "Sr. No. From", "Sr. No. To", "Total Number", "Cancelled"],
};

function HSN_COLUMNS(): readonly string[] {
  return [
    "HSN",
    "Description",
    "UQC",
    "Total Quantity",
    "Total Value",
    "Taxable Value",
    "Integrated Tax Amount",
    "Central Tax Amount",
    "State/UT Tax Amount",
    "Cess Amount",
    "Rate",
  ];
}

/** The tool's names of the states whose name differs from the India Post directory's (GST_STATE_CODES). */
const TOOL_STATE_NAMES: Readonly<Record<string, string>> = {
  "01": "Jammu & Kashmir",
  "26": "Dadra & Nagar Haveli & Daman & Diu",
  "35": "Andaman & Nicobar Islands",
};

/** The place of supply as the tool writes it: `27-Maharashtra`. */
export const placeOfSupplyCell = (place: PlaceOfSupply): Cell =>
  text(
    `${place.stateCode}-${Object.hasOwn(TOOL_STATE_NAMES, place.stateCode) ? TOOL_STATE_NAMES[place.stateCode] : place.state}`,
  );

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** A date as the tool writes it, `05-Nov-2026`, the calendar day in India. */
export function toolDate(at: Date): Cell {
  const { year, month, day } = indiaCalendarDate(at);
  return text(`${String(day).padStart(2, "0")}-${MONTHS[month - 1]}-${year}`);
}

const ZERO = rupees(0);
const NONE = text("");

interface Amounts {
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  value: number;
}
const noAmounts = (): Amounts => ({ taxable: 0, igst: 0, cgst: 0, sgst: 0, value: 0 });
function add(into: Amounts, line: InvoiceLine, sign: 1 | -1): void {
  into.taxable += sign * line.taxableValuePaise;
  into.igst += sign * line.igstPaise;
  into.cgst += sign * line.cgstPaise;
  into.sgst += sign * line.sgstPaise;
  into.value += sign * line.totalPaise;
}

/** A document's lines summed per GST rate, the rates in ascending order. */
function perRate(document: TaxDocument): Array<[number, Amounts]> {
  const rates = new Map<number, Amounts>();
  for (const line of document.lines) {
    const amounts = rates.get(line.gstRatePercent) ?? noAmounts();
    add(amounts, line, 1);
    rates.set(line.gstRatePercent, amounts);
  }
  return [...rates].sort(([a], [b]) => a - b);
}

type InvoiceClass = "b2b" | "b2cl" | "b2cs";

/** Where an invoice goes: a registered buyer's to B2B; else B2C Large when inter-state and above ₹1,00,000; else B2CS. */
export function invoiceClass(invoice: TaxDocument, supplierStateCode: string): InvoiceClass {
  if (invoice.recipient.gstin) return "b2b";
  const interState = invoice.placeOfSupply.stateCode !== supplierStateCode;
  return interState && invoice.totals.totalPaise > B2CL_ABOVE_PAISE ? "b2cl" : "b2cs";
}

/**
 * Goods are counted in packets; a service (SAC, chapter 99: delivery, the platform fee) has no quantity, "NA" as the
 * tool's unit list names it.
 */
const isService = (hsn: string) => hsn.startsWith("99");
const uqcOf = (hsn: string) => (isService(hsn) ? "NA" : "PAC-PACKS");
/**
 * The packets a line counts: an invoice line's quantity; a credit note's line takes them back only when it reverses
 * the whole line (its unit stays the packet: a part is one "Nos" of the amount, and returns no packet).
 */
function packets(line: InvoiceLine, sign: 1 | -1): number {
  if (isService(line.hsn)) return 0;
  return sign === 1 || line.unit === "Pkt" ? sign * line.quantity : 0;
}

interface HsnRow extends Amounts {
  hsn: string;
  rate: number;
  quantity: number;
}

function addHsn(table: Map<string, HsnRow>, document: TaxDocument, sign: 1 | -1): void {
  for (const line of document.lines) {
    const key = `${line.hsn}|${line.gstRatePercent}`;
    const row = table.get(key) ?? { hsn: line.hsn, rate: line.gstRatePercent, quantity: 0, ...noAmounts() };
    add(row, line, sign);
    row.quantity += packets(line, sign);
    table.set(key, row);
  }
}

function hsnRows(table: Map<string, HsnRow>): Cell[][] {
  return (
    [...table.values()]
      // A line wholly given back nets to nothing: no row for it.
      .filter((row) => row.value !== 0 || row.taxable !== 0 || row.quantity !== 0)
      .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rate - b.rate)
      .map((row) => [
        text(row.hsn),
        NONE,
        text(uqcOf(row.hsn)),
        count(row.quantity),
        rupees(row.value),
        rupees(row.taxable),
        rupees(row.igst),
        rupees(row.cgst),
        rupees(row.sgst),
        ZERO,
        count(row.rate),
      ])
  );
}

/** A series: the number without its sequence (`GM/26-27/`), and the documents of it issued in the month. */
function docsRows(nature: string, documents: readonly TaxDocument[]): Cell[][] {
  const series = new Map<string, string[]>();
  for (const { number } of documents) {
    const prefix = number.replace(/\d+$/, "");
    series.set(prefix, [...(series.get(prefix) ?? []), number]);
  }
  return [...series]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, numbers]) => {
      // Sequences are zero-padded to one width within a series: text order is number order.
      const sorted = [...numbers].sort();
      return [text(nature), text(sorted[0]!), text(sorted.at(-1)!), count(sorted.length), count(0)];
    });
}

/** Every section of the month, in the tool's order. */
export function gstr1Sections(month: Gstr1Month): Record<Gstr1Section, SectionTable> {
  const invoices = month.documents.filter((record) => record.kind === "invoice").map((record) => record.document);
  const notes = month.documents.filter((record) => record.kind === "credit-note").map((record) => record.document);
  const byNumber = new Map(month.earlierInvoices);
  for (const invoice of invoices) byNumber.set(invoice.number, invoice);
  const classOf = (invoice: TaxDocument) => invoiceClass(invoice, month.supplierStateCode);

  const b2b: Cell[][] = [];
  const b2cl: Cell[][] = [];
  const b2cs = new Map<string, { place: PlaceOfSupply; rate: number; taxable: number }>();
  const hsnB2b = new Map<string, HsnRow>();
  const hsnB2c = new Map<string, HsnRow>();
  const addB2cs = (document: TaxDocument, sign: 1 | -1) => {
    for (const [rate, amounts] of perRate(document)) {
      const key = `${document.placeOfSupply.stateCode}|${String(rate).padStart(3, "0")}`;
      const row = b2cs.get(key) ?? { place: document.placeOfSupply, rate, taxable: 0 };
      row.taxable += sign * amounts.taxable;
      b2cs.set(key, row);
    }
  };

  const sortedInvoices = [...invoices].sort(
    (a, b) => (a.recipient.gstin ?? "").localeCompare(b.recipient.gstin ?? "") || a.number.localeCompare(b.number),
  );
  for (const invoice of sortedInvoices) {
    const kind = classOf(invoice);
    if (kind === "b2b") addHsn(hsnB2b, invoice, 1);
    else addHsn(hsnB2c, invoice, 1);
    if (kind === "b2cs") {
      addB2cs(invoice, 1);
      continue;
    }
    for (const [rate, amounts] of perRate(invoice)) {
      const common = [
        text(invoice.number),
        toolDate(invoice.issuedAt),
        rupees(invoice.totals.totalPaise),
        placeOfSupplyCell(invoice.placeOfSupply),
      ];
      if (kind === "b2b") {
        b2b.push([
          text(invoice.recipient.gstin ?? ""),
          text(invoice.recipient.name),
          ...common,
          text("N"),
          NONE,
          text("Regular B2B"),
          NONE,
          count(rate),
          rupees(amounts.taxable),
          ZERO,
        ]);
      } else {
        b2cl.push([...common, NONE, count(rate), rupees(amounts.taxable), ZERO, NONE]);
      }
    }
  }

  const cdnr: Cell[][] = [];
  const cdnur: Cell[][] = [];
  for (const note of [...notes].sort((a, b) => a.number.localeCompare(b.number))) {
    const invoice = note.creditNote ? byNumber.get(note.creditNote.invoiceNumber) : undefined;
    // The registered buyer the note is made out to: its own recipient's, else its invoice's.
    const gstin = note.recipient.gstin ?? invoice?.recipient.gstin;
    const kind: InvoiceClass = gstin ? "b2b" : invoice ? classOf(invoice) : "b2cs";
    if (kind === "b2b") addHsn(hsnB2b, note, -1);
    else addHsn(hsnB2c, note, -1);
    if (kind === "b2cs") {
      addB2cs(note, -1);
      continue;
    }
    for (const [rate, amounts] of perRate(note)) {
      const common = [text(note.number), toolDate(note.issuedAt), text("C"), placeOfSupplyCell(note.placeOfSupply)];
      const value = rupees(note.totals.totalPaise);
      if (kind === "b2b") {
        const name = note.recipient.gstin ? note.recipient.name : (invoice?.recipient.name ?? note.recipient.name);
        cdnr.push([
          text(gstin ?? ""),
          text(name),
          ...common,
          text("N"),
          text("Regular B2B"),
          value,
          NONE,
          count(rate),
          rupees(amounts.taxable),
          ZERO,
        ]);
      } else {
        cdnur.push([text("B2CL"), ...common, value, NONE, count(rate), rupees(amounts.taxable), ZERO]);
      }
    }
  }

  const table = (section: Gstr1Section, rows: Cell[][]): SectionTable => ({ columns: SECTION_COLUMNS[section], rows });
  return {
    b2b: table("b2b", b2b),
    b2cl: table("b2cl", b2cl),
    b2cs: table(
      "b2cs",
      [...b2cs]
        .sort(([a], [b]) => a.localeCompare(b))
        .filter(([, row]) => row.taxable !== 0)
        .map(([, row]) => [
          text("OE"),
          placeOfSupplyCell(row.place),
          NONE,
          count(row.rate),
          rupees(row.taxable),
          ZERO,
          NONE,
        ]),
    ),
    cdnr: table("cdnr", cdnr),
    cdnur: table("cdnur", cdnur),
    "hsn-b2b": table("hsn-b2b", hsnRows(hsnB2b)),
    "hsn-b2c": table("hsn-b2c", hsnRows(hsnB2c)),
    docs: table("docs", [...docsRows("Invoices for outward supply", invoices), ...docsRows("Credit Note", notes)]),
  };
}
