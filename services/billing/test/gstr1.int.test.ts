import { signAccessToken } from "@storefront/auth";
import { gstinCheckCharacter, gstr1ZipName, linePaidPaise } from "@storefront/contracts";
import { buildApp, createLogger, type RunningServer, startServer } from "@storefront/http";
import { freshDatabase, type SampleLine, sampleLine, samplePaidOrder, type TestDatabase } from "@storefront/testing";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { computeCreditNote, type RefundedOrder } from "../src/domain/credit-note.js";
import { computeInvoice, type Invoice, type PaidOrder } from "../src/domain/invoice.js";
import { shopSupplier } from "../src/domain/supplier.js";
import { registerGstr1Routes } from "../src/gstr1/http/gstr1-routes.js";
import { indiaMonthOf, type TaxDocumentRecord, taxDocumentStore } from "../src/persistence/tax-documents.js";

/**
 * The month for the accountant on the real database (docs/business-buyers.md, GSTR-1: the month for the accountant):
 * October 2026 of 5,000 paid orders (rates 0, 5, 18 and 40 %, several HSNs and states, registered buyers, coupons)
 * with line, goodwill and whole refunds, some on September's invoices, kept as billing keeps them; the ZIP is asked of
 * the route in-process, unzipped, and its CSVs reconcile with the invoices minus the credit notes to the paisa, per
 * rate and per HSN, and open in a spreadsheet parser (SheetJS) without a formula.
 */
const JWT = { secret: "gstr1-test-jwt-secret-0123456789abcdef", issuer: "storefront-identity" };
const supplier = shopSupplier("27AAPFG1234K1Z8");
const MONTH = "2026-10";
const ORDERS = 5_000;
const HOSTILE_NAMES = ['=HYPERLINK("http://x","y")', "+1+1", "-2", "@SUM(A1)"];

/** A seeded generator (mulberry32): the same month every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const next = random(45);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
const between = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));

const PRODUCTS = [
  ["ukadiche-modak", "Ukadiche Modak", { hsn: "210690", gstRatePercent: 5 }],
  ["kaju-katli", "Kaju Katli", { hsn: "170490", gstRatePercent: 5 }],
  ["bhajani-chakli", "Bhajani Chakli", { hsn: "190590", gstRatePercent: 18 }],
  ["fresh-paneer", "Fresh Paneer", { hsn: "040610", gstRatePercent: 0 }],
  ["aerated-sharbat", "Aerated Sharbat", { hsn: "220210", gstRatePercent: 40 }],
  ["catering-thali", "Catering Thali", { hsn: "732393", gstRatePercent: 18 }],
] as const;
const STATES = [
  { state: "Maharashtra", stateCode: "27" },
  { state: "Maharashtra", stateCode: "27" },
  { state: "Goa", stateCode: "30" },
  { state: "Karnataka", stateCode: "29" },
  { state: "Gujarat", stateCode: "24" },
  { state: "Jammu and Kashmir", stateCode: "01" },
];
const PAN_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ";
function gstinOf(stateCode: string, n: number): string {
  const pan = `${[0, 1, 2].map(() => pick([...PAN_LETTERS])).join("")}P${pick([...PAN_LETTERS])}${String(n % 10_000).padStart(4, "0")}${pick([...PAN_LETTERS])}`;
  const first14 = `${stateCode}${pan}1Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
}

type Doc = Omit<Invoice, "supplier">;
const strip = ({ supplier: _supplier, ...document }: Invoice): Doc => document;
const at = (day: number, minute: number, month = 10) =>
  // India time: 09:00 IST is 03:30 UTC.
  new Date(Date.UTC(2026, month - 1, day, 3, 30 + minute));

function paidOrder(index: number): { order: PaidOrder; gstin?: { gstin: string; name: string } } {
  // September's orders go to Ladakh alone: their credit notes leave October's B2C small a negative row there.
  const place = index > ORDERS ? { state: "Ladakh", stateCode: "38" } : pick(STATES);
  const large = index % 97 === 0;
  const lines: SampleLine[] = (large ? [0] : Array.from({ length: between(1, 3) }, () => 0)).map(() => {
    const [productId, name, tax] = pick(PRODUCTS);
    return sampleLine(
      productId,
      name,
      "500 Gram",
      large ? 100 : between(1, 6),
      between(50, 1_500) * 100 + between(0, 99),
      tax,
    );
  });
  const coupon = index % 7 === 0;
  const priced = coupon
    ? lines.map((line) => ({ ...line, discountPaise: Math.floor(line.lineTotalPaise / 10) }))
    : lines;
  const itemTotalPaise = priced.reduce((sum, line) => sum + line.lineTotalPaise, 0);
  const discountPaise = priced.reduce((sum, line) => sum + (line.discountPaise ?? 0), 0);
  const postalDeliveryPaise = pick([0, 3_000, 4_500]);
  const platformFeePaise = pick([0, 0, 500]);
  const totalPaise = itemTotalPaise - discountPaise + postalDeliveryPaise + platformFeePaise;
  const order = samplePaidOrder(`${1_759_000_000_000 + index}gstr${String(index).padStart(5, "0")}`.slice(0, 32), {
    lines: priced,
    placeOfSupply: place,
    charges: {
      itemTotalPaise,
      postalDeliveryPaise,
      platformFeePaise,
      totalPaise,
      ...(coupon ? { discountPaise } : {}),
    },
    amountPaise: totalPaise,
    ...(coupon ? { coupon: { code: "DIWALI10" } } : {}),
  });
  if (index % 6 !== 0) return { order };
  const hostile = index % 60 === 0 ? HOSTILE_NAMES[(index / 60) % HOSTILE_NAMES.length]! : undefined;
  return { order, gstin: { gstin: gstinOf(place.stateCode, index), name: hostile ?? `Caterer ${index}` } };
}

function refundOf(order: PaidOrder, index: number): RefundedOrder | undefined {
  const kind = index % 5;
  const base = {
    orderId: order.orderId,
    refundId: `${order.orderId}-R1`,
    customer: { name: order.customer.name, email: order.customer.email },
    processedAt: "2026-10-28T09:00:00.000Z",
    lines: order.lines,
    charges: order.charges,
    placeOfSupply: order.placeOfSupply,
    shippingAddress: order.shippingAddress,
  };
  if (kind === 1) {
    const lineIndex = index % order.lines.length;
    return { ...base, amountPaise: linePaidPaise(order.lines[lineIndex]!), scope: { kind: "line", lineIndex } };
  }
  if (kind === 2)
    return { ...base, amountPaise: between(1, Math.floor(order.amountPaise / 3)), scope: { kind: "goodwill" } };
  if (kind === 3) return { ...base, amountPaise: order.amountPaise, scope: { kind: "cancellation" } };
  return undefined;
}

/** The month as generated: its invoices and credit notes, and September's invoices some of its notes reduce. */
function generateMonth() {
  const invoices: Doc[] = [];
  const notes: Doc[] = [];
  const september: Doc[] = [];
  let noteSequence = 0;
  for (let index = 1; index <= ORDERS + 50; index += 1) {
    const { order, gstin } = paidOrder(index);
    const earlier = index > ORDERS;
    const number = `GM/26-27/${String(index).padStart(6, "0")}`;
    const issuedAt = earlier ? at(between(1, 30), index % 600, 9) : at(1 + (index % 31), index % 600);
    const computed = computeInvoice(order, supplier, number, issuedAt);
    const invoice = strip(gstin ? { ...computed, recipient: { ...computed.recipient, ...gstin } } : computed);
    (earlier ? september : invoices).push(invoice);
    const refund = earlier ? refundOf(order, 3) : refundOf(order, index);
    if (!refund) continue;
    noteSequence += 1;
    const note = computeCreditNote(
      refund,
      supplier,
      `CN/26-27/${String(noteSequence).padStart(6, "0")}`,
      at(28, index % 600),
      {
        invoiceNumber: invoice.number,
        invoiceIssuedAt: invoice.issuedAt,
        deliveryKind: order.delivery?.kind,
      },
    );
    // The credit note carries its invoice's recipient (docs/business-buyers.md): the GSTIN and legal name, if any.
    notes.push(strip(gstin && index % 12 === 0 ? { ...note, recipient: { ...note.recipient, ...gstin } } : note));
  }
  return { invoices, notes, september };
}

const logger = createLogger({ service: "gstr1-test", level: "silent" });
let database: TestDatabase;
let server: RunningServer;
const month = generateMonth();

beforeAll(async () => {
  database = await freshDatabase("billing_gstr1");
  const store = taxDocumentStore(database.db);
  // September's invoices (the earlier month some notes reduce) as billing keeps them, one by one; October's in bulk,
  // as `keep` writes them (`_id` `<India month>|<number>`): one insert per document costs minutes on the local database.
  for (const document of month.september) await store.keep("invoice", { ...document, supplier });
  const records = [
    ...month.invoices.map((document) => ({ kind: "invoice" as const, document })),
    ...month.notes.map((document) => ({ kind: "credit-note" as const, document })),
  ].map(({ kind, document }) => {
    const documentMonth = indiaMonthOf(document.issuedAt);
    return { _id: `${documentMonth}|${document.number}`, month: documentMonth, kind, document };
  });
  for (let start = 0; start < records.length; start += 1_000) {
    await database.db.collection<TaxDocumentRecord>("tax_documents").insertMany(records.slice(start, start + 1_000));
  }
  const app = buildApp({
    service: "billing",
    logger,
    routes: (routes) => registerGstr1Routes(routes, { db: database.db, supplier, tokenKeys: JWT }),
  });
  server = await startServer(app, { port: 0, host: "127.0.0.1", logger, shutdownGraceMs: 200 });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

const token = (role: "ADMIN" | "USER") =>
  signAccessToken({ sub: `u-${role}`, email: "owner@example.in", role }, { ...JWT, expiresInSeconds: 600 });
const get = (path: string, role: "ADMIN" | "USER" = "ADMIN") =>
  fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token(role)}` } });

/** `"1234.50"` -> 123450, read from the text without a float. */
function paise(written: string): number {
  const match = /^(-?)(\d+)\.(\d\d)$/.exec(written);
  if (!match) throw new Error(`${written} is not rupees to the paisa`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}
/** A CSV's rows as the spreadsheet parser reads them, every cell as written (no number or date conversion). */
function rowsOf(csv: string): { header: string[]; rows: Record<string, string>[]; sheet: XLSX.WorkSheet } {
  const sheet = XLSX.read(csv, { type: "string", raw: true }).Sheets.Sheet1!;
  const [header = [], ...body] = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: "" });
  return {
    header,
    rows: body.map((row) => Object.fromEntries(header.map((name, i) => [name, String(row[i] ?? "")]))),
    sheet,
  };
}

describe("the month's GSTR-1 export", () => {
  let files: Record<string, string>;
  it("answers the admin a ZIP of every section, privately, named for the GSTIN and the period", async () => {
    const response = await get(`/api/bill/admin/gstr1/${MONTH}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-disposition")).toContain(gstr1ZipName(supplier.gstin, MONTH));
    expect(gstr1ZipName(supplier.gstin, MONTH)).toBe("GSTR1_27AAPFG1234K1Z8_102026.zip");
    const zip = unzipSync(new Uint8Array(await response.arrayBuffer()));
    files = Object.fromEntries(Object.entries(zip).map(([name, bytes]) => [name, new TextDecoder().decode(bytes)]));
    expect(Object.keys(files).sort()).toEqual(
      ["b2b", "b2cl", "b2cs", "cdnr", "cdnur", "docs", "hsn-b2b", "hsn-b2c"].map((name) => `${name}.csv`),
    );
  }, 120_000);

  it("reconciles per rate and per HSN with the invoices minus the credit notes, to the paisa", () => {
    type Sums = { taxable: number; igst: number; cgst: number; sgst: number; value: number };
    const expected = { rate: new Map<string, Sums>(), hsn: new Map<string, Sums>() };
    const sum = (into: Map<string, Sums>, key: string, amounts: Sums) => {
      const row = into.get(key) ?? { taxable: 0, igst: 0, cgst: 0, sgst: 0, value: 0 };
      for (const field of Object.keys(row) as (keyof Sums)[]) row[field] += amounts[field];
      into.set(key, row);
    };
    for (const [documents, sign] of [
      [month.invoices, 1],
      [month.notes, -1],
    ] as const) {
      for (const line of documents.flatMap((document) => document.lines)) {
        const amounts = {
          taxable: sign * line.taxableValuePaise,
          igst: sign * line.igstPaise,
          cgst: sign * line.cgstPaise,
          sgst: sign * line.sgstPaise,
          value: sign * line.totalPaise,
        };
        sum(expected.rate, String(line.gstRatePercent), amounts);
        sum(expected.hsn, `${line.hsn}|${line.gstRatePercent}`, amounts);
      }
    }
    const exported = { rate: new Map<string, Sums>(), hsn: new Map<string, Sums>() };
    for (const name of ["hsn-b2b.csv", "hsn-b2c.csv"]) {
      for (const row of rowsOf(files[name]!).rows) {
        const amounts = {
          taxable: paise(row["Taxable Value"]!),
          igst: paise(row["Integrated Tax Amount"]!),
          cgst: paise(row["Central Tax Amount"]!),
          sgst: paise(row["State/UT Tax Amount"]!),
          value: paise(row["Total Value"]!),
        };
        sum(exported.rate, row.Rate!, amounts);
        sum(exported.hsn, `${row.HSN}|${row.Rate}`, amounts);
      }
    }
    expect(exported.rate).toEqual(expected.rate);
    expect([...exported.hsn.keys()].sort()).toEqual(
      [...expected.hsn.keys()].filter((key) => expected.hsn.get(key)!.value !== 0).sort(),
    );
    for (const [key, sums] of exported.hsn) expect([key, sums]).toEqual([key, expected.hsn.get(key)]);
    expect([...exported.rate.keys()].sort()).toEqual(["0", "18", "40", "5"]);

    // The invoice-wise sections too: B2B + B2CL + B2CS (net) - CDNR - CDNUR, per rate, is the month's taxable value.
    const taxableByRate = new Map<string, number>();
    for (const [name, sign] of [
      ["b2b", 1],
      ["b2cl", 1],
      ["b2cs", 1],
      ["cdnr", -1],
      ["cdnur", -1],
    ] as const) {
      for (const row of rowsOf(files[`${name}.csv`]!).rows) {
        taxableByRate.set(row.Rate!, (taxableByRate.get(row.Rate!) ?? 0) + sign * paise(row["Taxable Value"]!));
      }
    }
    for (const [rate, sums] of expected.rate) expect([rate, taxableByRate.get(rate)]).toEqual([rate, sums.taxable]);
    expect(rowsOf(files["b2cl.csv"]!).rows.length).toBeGreaterThan(0);
    expect(rowsOf(files["cdnur.csv"]!).rows.length).toBeGreaterThan(0);
    expect(rowsOf(files["cdnr.csv"]!).rows.length).toBeGreaterThan(0);
    const ladakh = rowsOf(files["b2cs.csv"]!).rows.filter((row) => row["Place Of Supply"] === "38-Ladakh");
    expect(ladakh.length).toBeGreaterThan(0);
    for (const row of ladakh) expect(row["Taxable Value"]).toMatch(/^-\d+\.\d\d$/);
  });

  it("counts the documents issued: every invoice and credit note of the month", () => {
    const rows = rowsOf(files["docs.csv"]!).rows;
    const total = (nature: string) =>
      rows
        .filter((row) => row["Nature of Document"] === nature)
        .reduce((sum, row) => sum + Number(row["Total Number"]), 0);
    expect(total("Invoices for outward supply")).toBe(ORDERS);
    expect(total("Credit Note")).toBe(month.notes.length);
    expect(rows.find((row) => row["Nature of Document"] === "Invoices for outward supply")).toMatchObject({
      "Sr. No. From": "GM/26-27/000001",
      "Sr. No. To": `GM/26-27/${String(ORDERS).padStart(6, "0")}`,
    });
  });

  it("opens in a spreadsheet without any formula: a hostile legal name comes back as text", () => {
    for (const [name, csv] of Object.entries(files)) {
      const { sheet } = rowsOf(csv);
      for (const [address, cell] of Object.entries(sheet)) {
        if (address.startsWith("!")) continue;
        expect({ name, address, formula: (cell as XLSX.CellObject).f }).toEqual({ name, address, formula: undefined });
      }
    }
    const names = new Set(
      [...rowsOf(files["b2b.csv"]!).rows, ...rowsOf(files["cdnr.csv"]!).rows].map((row) => row["Receiver Name"]),
    );
    for (const hostile of HOSTILE_NAMES) expect(names).toContain(`'${hostile}`);
    // The same name without the leading quote is a formula in the same parser: the check can fail.
    const unsafe = XLSX.read(`"Receiver Name"\r\n"${HOSTILE_NAMES[0]!.replaceAll('"', '""')}"\r\n`, { type: "string" });
    expect(unsafe.Sheets.Sheet1!.A2?.f).toBeDefined();
  });

  it("answers one section as a CSV download (September's: the month of 50 invoices)", async () => {
    const response = await get("/api/bill/admin/gstr1/2026-09/hsn-b2c");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-disposition")).toContain("GSTR1_hsn-b2c_2026-09.csv");
    const rows = rowsOf(await response.text()).rows;
    const taxable = rows.reduce((sum, row) => sum + paise(row["Taxable Value"]!), 0);
    expect(taxable).toBe(
      month.september
        .filter((invoice) => !invoice.recipient.gstin)
        .reduce((sum, invoice) => sum + invoice.totals.taxableValuePaise, 0),
    );
  });

  it("refuses a shopper, a missing token, a month not begun and a section that is not one", async () => {
    expect((await get(`/api/bill/admin/gstr1/${MONTH}`, "USER")).status).toBe(403);
    expect((await fetch(`${server.url}/api/bill/admin/gstr1/${MONTH}`)).status).toBe(401);
    for (const path of ["2999-01", "2026-13", "2017-06", "202610", "2026-10/__proto__", "2026-10/constructor"]) {
      const response = await get(`/api/bill/admin/gstr1/${path}`);
      expect([path, response.status]).toEqual([path, 400]);
      expect(await response.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    }
  });
});
