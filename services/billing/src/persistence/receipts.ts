import type { EventEnvelope } from "@storefront/contracts";
import { type OutboxFields, OutboxWriter, outboxForInsert } from "@storefront/messaging";
import { insertOnce } from "@storefront/stores";
import { Binary, type Db } from "mongodb";

/** A stored receipt: the invoice PDF of one order, with who may read it. `_id` is the order id. */
export interface ReceiptRecord extends OutboxFields {
  _id: string;
  invoiceNumber: string;
  /** The order's customer: a user id for a signed-in customer, and the email (a guest reads by its proof). */
  customer: { userId?: string; email: string };
  pdf: Binary;
  /** SHA-256 of the PDF, hex: its ETag. */
  sha256: string;
  createdAt: Date;
}

/** The `receipts` collection: one receipt per order, inserted once together with its event (the outbox). */
export function receiptStore(db: Db, options: { outbox?: OutboxWriter } = {}) {
  const receipts = db.collection<ReceiptRecord>("receipts");
  const outbox = options.outbox ?? new OutboxWriter(db);
  return {
    // A find by `_id` (FerretDB answers it from the index; a count is an aggregation it scans for).
    exists: async (orderId: string) => (await receipts.findOne({ _id: orderId }, { projection: { _id: 1 } })) !== null,
    byOrder: (orderId: string) => receipts.findOne({ _id: orderId }),
    /** Stores the receipt and its event once; false when the order already has one (another delivery made it). */
    async insertOnce(
      receipt: Omit<ReceiptRecord, "pdf" | keyof OutboxFields> & { pdf: Buffer },
      event: EventEnvelope,
    ): Promise<boolean> {
      return outbox.write("receipts", receipt._id, () =>
        insertOnce(receipts, { ...receipt, pdf: new Binary(receipt.pdf), ...outboxForInsert(event) }),
      );
    },
  };
}
export type ReceiptStore = ReturnType<typeof receiptStore>;
