import { indiaDayKey } from "@storefront/contracts";
import { insertOnce } from "@storefront/stores";
import type { Db } from "mongodb";
import type { Invoice } from "../domain/invoice.js";

/**
 * Every GST document billing issued, as the month's GSTR-1 reads it (docs/business-buyers.md, GSTR-1): the invoice
 * or credit note's computed model without the supplier (always the shop) and without its PDF. `_id` is
 * `<India month>|<document number>`, so a month's documents are one range of `_id` (an index range on MongoDB; the
 * local database scans for it: docs/business-buyers.md, GSTR-1, Cost), and a document is stored once however often
 * its event comes (docs/decisions/0007-gstr1-from-stored-documents.md).
 */
export type TaxDocument = Omit<Invoice, "supplier">;

export interface TaxDocumentRecord {
  _id: string;
  /** The India month of issue, `YYYY-MM`: the return the document belongs to. */
  month: string;
  kind: "invoice" | "credit-note";
  document: TaxDocument;
}

/** The India month (`YYYY-MM`) of an instant. */
export const indiaMonthOf = (at: Date): string => indiaDayKey(at).slice(0, 7);

export function taxDocumentStore(db: Db) {
  const documents = db.collection<TaxDocumentRecord>("tax_documents");
  return {
    /**
     * Keeps an issued document once (before its receipt or credit note is stored: neither exists without it). A
     * repeat delivery computes the same document under the same number and its insert is refused.
     */
    async keep(kind: TaxDocumentRecord["kind"], invoice: Invoice): Promise<void> {
      const { supplier: _supplier, ...document } = invoice;
      const month = indiaMonthOf(invoice.issuedAt);
      await insertOnce(documents, { _id: `${month}|${invoice.number}`, month, kind, document });
    },
    /** Invoices by their `_id`s (`<India month of issue>|<number>`): those a month's credit notes reduce. */
    invoicesById: (ids: readonly string[]) => documents.find({ _id: { $in: [...ids] }, kind: "invoice" }).toArray(),
    /** A month's documents, by number within each kind. */
    async inMonth(month: string): Promise<TaxDocumentRecord[]> {
      // `|` is followed by `}` in ASCII: the range holds exactly the ids that start with `<month>|`.
      return documents
        .find({ _id: { $gte: `${month}|`, $lt: `${month}}` } })
        .sort({ _id: 1 })
        .toArray();
    },
  };
}
export type TaxDocumentStore = ReturnType<typeof taxDocumentStore>;
