import type { EventEnvelope } from "@storefront/contracts";
import { type OutboxFields, outboxForInsert } from "@storefront/messaging";
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
export function receiptStore(db: Db, options: { eventsWritten?: (orderId: string) => void } = {}) {
  const receipts = db.collection<ReceiptRecord>("receipts");
  return {
    // A find by `_id` (FerretDB answers it from the index; a count is an aggregation it scans for).
    exists: async (orderId: string) => (await receipts.findOne({ _id: orderId }, { projection: { _id: 1 } })) !== null,
    byOrder: (orderId: string) => receipts.findOne({ _id: orderId }),
    /** Stores the receipt and its event once; false when the order already has one (another delivery made it). */
    async insertOnce(
      receipt: Omit<ReceiptRecord, "pdf" | keyof OutboxFields> & { pdf: Buffer },
      event: EventEnvelope,
    ): Promise<boolean> {
      const stored = await insertOnce(receipts, {
        ...receipt,
        pdf: new Binary(receipt.pdf),
        ...outboxForInsert(event),
      });
      if (stored) options.eventsWritten?.(receipt._id);
      return stored;
    },
  };
}
export type ReceiptStore = ReturnType<typeof receiptStore>;
