import { createHash } from "node:crypto";
import type { EventEnvelope } from "@storefront/contracts";
import { type OutboxFields, OutboxWriter, outboxForInsert } from "@storefront/messaging";
import { insertOnce } from "@storefront/stores";
import { Binary, type Db } from "mongodb";
import type { Invoice } from "../domain/invoice.js";

/**
 * A stored receipt: the invoice of one order, with who may read it. `_id` is the order id. Its PDF is a document of
 * its own ({@link ReceiptPdf}), so reading the receipt, and the outbox relay's claim of it (which returns the whole
 * document), never carry the PDF.
 */
export interface ReceiptRecord extends OutboxFields {
  _id: string;
  invoiceNumber: string;
  /** The order's customer: a user id for a signed-in customer, and the email (a guest reads by its proof). */
  customer: { userId?: string; email: string };
  /** SHA-256 of the PDF, hex: its ETag. */
  sha256: string;
  createdAt: Date;
  /**
   * How the order came (docs/delivery.md): its credit notes name the same place of delivery and delivery line as the
   * invoice (`order.refund.processed` does not carry it). Absent on receipts stored before it, and for the courier.
   */
  deliveryKind?: "local" | "pickup";
  /**
   * Whom the invoice was made out to, and where the goods went: its credit notes carry the same (docs/business-buyers.md,
   * The invoice for a registered buyer; `order.refund.processed` carries no bill-to). Absent on receipts stored before
   * November 2026's business buyers: their credit notes name the shopper at the delivery address, as their invoices did.
   */
  recipient?: Invoice["recipient"];
  shipTo?: Invoice["shipTo"];
  /** Receipts stored before November 2026 hold their PDF here; later ones in `receipt_pdfs`. */
  pdf?: Binary;
}

/** The invoice PDF of one order (`receipt_pdfs`, `_id` = the order id), written before its receipt. */
export interface ReceiptPdf {
  _id: string;
  pdf: Binary;
  sha256: string;
}

/** The `receipts` collection: one receipt per order, inserted once together with its event (the outbox). */
export function receiptStore(db: Db, options: { outbox?: OutboxWriter } = {}) {
  const receipts = db.collection<ReceiptRecord>("receipts");
  const outbox = options.outbox ?? new OutboxWriter(db);
  const pdfs = db.collection<ReceiptPdf>("receipt_pdfs");
  return {
    /** The receipt without its PDF (who may read it, its ETag). */
    byOrder: (orderId: string) =>
      receipts.findOne<Omit<ReceiptRecord, "pdf">>({ _id: orderId }, { projection: { pdf: 0, outbox: 0 } }),
    /** The receipt's PDF (from the receipt itself for one stored before the PDFs had their own documents). */
    async pdfOf(orderId: string): Promise<Buffer | undefined> {
      const stored =
        (await pdfs.findOne({ _id: orderId })) ??
        (await receipts.findOne({ _id: orderId }, { projection: { pdf: 1 } }));
      return stored?.pdf ? Buffer.from(stored.pdf.buffer) : undefined;
    },
    /**
     * Stores the order's PDF once, before its receipt (a receipt never names a PDF that is not stored), and answers
     * the PDF stored: this one, or the one an earlier delivery of the event stored, which the receipt must then carry.
     */
    async keepPdf(orderId: string, pdf: Buffer): Promise<Buffer> {
      const sha256 = createHash("sha256").update(pdf).digest("hex");
      if (await insertOnce(pdfs, { _id: orderId, pdf: new Binary(pdf), sha256 })) return pdf;
      const earlier = await pdfs.findOne({ _id: orderId });
      return earlier ? Buffer.from(earlier.pdf.buffer) : pdf;
    },
    /** Stores the receipt and its event once; false when the order already has one (another delivery made it). */
    async insertOnce(receipt: Omit<ReceiptRecord, "pdf" | keyof OutboxFields>, event: EventEnvelope): Promise<boolean> {
      return outbox.write("receipts", receipt._id, () =>
        insertOnce(receipts, { ...receipt, ...outboxForInsert(event) }),
      );
    },
  };
}
export type ReceiptStore = ReturnType<typeof receiptStore>;
