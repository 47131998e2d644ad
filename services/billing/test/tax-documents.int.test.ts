import { orderPaidV3, orderRefundProcessedV1 } from "@storefront/contracts";
import { createLogger } from "@storefront/http";
import { freshDatabase, MODAK_LINE, samplePaidOrder, type TestDatabase } from "@storefront/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopSupplier } from "../src/domain/supplier.js";
import { creditNoteStore } from "../src/persistence/credit-notes.js";
import { creditNoteNumbers, invoiceNumbers } from "../src/persistence/invoice-numbers.js";
import { receiptStore } from "../src/persistence/receipts.js";
import { type TaxDocumentRecord, taxDocumentStore } from "../src/persistence/tax-documents.js";
import { issueCreditNote } from "../src/usecases/issue-credit-note.js";
import { issueReceipt } from "../src/usecases/issue-receipt.js";

/**
 * Every issued invoice and credit note is kept once for the month's return (docs/business-buyers.md, The invoice for
 * a registered buyer), however often its event comes, one after the other or at once on two billing instances (two
 * sets of stores on one database: each instance has its own number allocators). The registered buyer's credit note is
 * made out to the invoice's recipient, which the receipt keeps (the refund event has no bill-to).
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase("billing_tax_documents");
});
afterAll(() => database?.drop());

const CATERER_ADDRESS = "No. 14, 2nd Cross, Jayanagar 4th Block, Bengaluru, Bengaluru Urban, Karnataka-560011";
const logger = createLogger({ service: "billing-test", level: "warn" });

/** One billing instance: its own stores and number allocators on the shared database. */
function instance() {
  const db = database.db;
  const numbers = invoiceNumbers(db, "GM");
  return {
    numbers,
    invoiceNumbers: numbers,
    creditNoteNumbers: creditNoteNumbers(db),
    receipts: receiptStore(db),
    creditNotes: creditNoteStore(db),
    taxDocuments: taxDocumentStore(db),
    supplier: shopSupplier("27AAPFG1234K1Z8"),
    logger,
  };
}

const paidEvent = (orderId: string) =>
  orderPaidV3.create(
    samplePaidOrder(orderId, {
      shippingAddress: CATERER_ADDRESS,
      placeOfSupply: { state: "Karnataka", stateCode: "29" },
      lines: [MODAK_LINE],
      billTo: {
        legalName: "Bhandari Caterers Private Limited",
        address: CATERER_ADDRESS,
        state: "Karnataka",
        stateCode: "29",
        gstin: "29AAGCB7383J1Z4",
      },
    }),
    { correlationId: `tax-documents-${orderId}` },
  );

const refundEvent = (paid: ReturnType<typeof paidEvent>) => {
  const { orderId, lines, charges, placeOfSupply, shippingAddress, customer } = paid.data;
  return orderRefundProcessedV1.create(
    {
      orderId,
      refundId: `${orderId}-R1`,
      amountPaise: 10_000,
      scope: { kind: "goodwill" },
      customer: { name: customer.name, email: customer.email },
      processedAt: new Date().toISOString(),
      lines,
      charges,
      placeOfSupply,
      shippingAddress,
    },
    { correlationId: `tax-documents-${orderId}-R1` },
  );
};

const documents = () => database.db.collection<TaxDocumentRecord>("tax_documents");
const keptFor = (orderId: string, kind: TaxDocumentRecord["kind"]) =>
  documents().find({ "document.orderId": orderId, kind }).toArray();

describe("the documents kept for the month's return", () => {
  it("keeps one invoice and one credit note when their events come twice, one after the other", async () => {
    const billing = instance();
    await Promise.all([billing.numbers.ensureIndexes(), billing.creditNoteNumbers.ensureIndexes()]);
    const paid = paidEvent(`${Date.now()}seq`);
    expect(await issueReceipt(billing, paid)).toBe("issued");
    expect(await issueReceipt(billing, paid)).toBe("already-issued");
    const invoices = await keptFor(paid.data.orderId, "invoice");
    expect(invoices).toHaveLength(1);
    const [invoice] = invoices;
    expect(invoice!.document.recipient).toMatchObject({
      name: "Bhandari Caterers Private Limited",
      gstin: "29AAGCB7383J1Z4",
      state: "Karnataka",
      stateCode: "29",
    });
    expect(invoice!.document.eInvoice).toEqual({ irn: "", ackNo: "", signedQr: "" });
    expect(invoice!._id).toBe(`${invoice!.month}|${invoice!.document.number}`);

    const refund = refundEvent(paid);
    expect(await issueCreditNote(billing, refund)).toBe("issued");
    expect(await issueCreditNote(billing, refund)).toBe("already-issued");
    const notes = await keptFor(paid.data.orderId, "credit-note");
    expect(notes).toHaveLength(1);
    // Made out to the invoice's recipient, with its GSTIN, at the order's place of supply (IGST).
    expect(notes[0]!.document.recipient).toEqual(invoice!.document.recipient);
    expect(notes[0]!.document.shipTo).toEqual(invoice!.document.shipTo);
    expect(notes[0]!.document.placeOfSupply).toEqual({ state: "Karnataka", stateCode: "29" });
    expect(notes[0]!.document.intraState).toBe(false);
    expect(notes[0]!.document.totals.totalPaise).toBe(10_000);
  });

  it("keeps one invoice and one credit note when their events come twice at once, on two instances", async () => {
    const [one, two] = [instance(), instance()];
    const paid = paidEvent(`${Date.now()}race`);
    const outcomes = await Promise.all([issueReceipt(one, paid), issueReceipt(two, paid)]);
    expect(outcomes.sort()).toEqual(["already-issued", "issued"]);
    expect(await keptFor(paid.data.orderId, "invoice")).toHaveLength(1);
    expect(await database.db.collection("receipts").countDocuments({ _id: paid.data.orderId as never })).toBe(1);

    const refund = refundEvent(paid);
    const noted = await Promise.all([issueCreditNote(one, refund), issueCreditNote(two, refund)]);
    expect(noted.sort()).toEqual(["already-issued", "issued"]);
    expect(await keptFor(paid.data.orderId, "credit-note")).toHaveLength(1);
    expect(await database.db.collection("credit_notes").countDocuments({ orderId: paid.data.orderId })).toBe(1);
  });

  it("makes a credit note out to the shopper when the receipt was stored before it kept the recipient", async () => {
    const billing = instance();
    const paid = paidEvent(`${Date.now()}old`);
    await issueReceipt(billing, paid);
    // A receipt as stored before November 2026's business buyers: no recipient, no ship-to.
    await database.db
      .collection("receipts")
      .updateOne({ _id: paid.data.orderId as never }, { $unset: { recipient: "", shipTo: "" } });
    await issueCreditNote(billing, refundEvent(paid));
    const [note] = await keptFor(paid.data.orderId, "credit-note");
    expect(note!.document.recipient).toEqual({
      name: paid.data.customer.name,
      email: paid.data.customer.email,
      mobile: "-",
      address: CATERER_ADDRESS,
    });
  });
});
