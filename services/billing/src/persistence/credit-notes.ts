import type { EventEnvelope } from "@storefront/contracts";
import { type OutboxFields, OutboxWriter, outboxForInsert } from "@storefront/messaging";
import { insertOnce } from "@storefront/stores";
import { Binary, type Db } from "mongodb";

/** A stored credit note: the PDF of one refund, with who may read it. `_id` is the refund id. */
export interface CreditNoteRecord extends OutboxFields {
  _id: string;
  orderId: string;
  number: string;
  invoiceNumber: string;
  amountPaise: number;
  customer: { userId?: string; email: string };
  pdf: Binary;
  sha256: string;
  createdAt: Date;
}

/** The `credit_notes` collection: one per refund, inserted once with its event (the outbox). */
export function creditNoteStore(db: Db, options: { outbox?: OutboxWriter } = {}) {
  const notes = db.collection<CreditNoteRecord>("credit_notes");
  const outbox = options.outbox ?? new OutboxWriter(db);
  return {
    ensureIndexes: () => notes.createIndex({ orderId: 1 }),
    byRefund: (refundId: string) => notes.findOne({ _id: refundId }),
    async insertOnce(
      note: Omit<CreditNoteRecord, "pdf" | keyof OutboxFields> & { pdf: Buffer },
      event: EventEnvelope,
    ): Promise<boolean> {
      return outbox.write("credit_notes", note._id, () =>
        insertOnce(notes, { ...note, pdf: new Binary(note.pdf), ...outboxForInsert(event) }),
      );
    },
  };
}
export type CreditNoteStore = ReturnType<typeof creditNoteStore>;
