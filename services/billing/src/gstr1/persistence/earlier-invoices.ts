import type { Db } from "mongodb";
import { indiaMonthOf, type TaxDocument, type TaxDocumentRecord } from "../../persistence/tax-documents.js";

/**
 * The invoices a month's credit notes reduce that were issued in an earlier month, by number. Each is read by its
 * `_id` (`<India month of issue>|<number>`, from the note's `creditNote.invoiceIssuedAt`), the read the local database
 * serves from its index (docs/local-database.md).
 */
export async function earlierInvoices(db: Db, month: string, notes: readonly TaxDocument[]) {
  const ids = new Set<string>();
  for (const note of notes) {
    const against = note.creditNote;
    if (!against) continue;
    const issuedIn = indiaMonthOf(new Date(against.invoiceIssuedAt));
    if (issuedIn !== month) ids.add(`${issuedIn}|${against.invoiceNumber}`);
  }
  if (ids.size === 0) return new Map<string, TaxDocument>();
  const found = await db
    .collection<TaxDocumentRecord>("tax_documents")
    .find({ _id: { $in: [...ids] }, kind: "invoice" })
    .toArray();
  return new Map(found.map((record) => [record.document.number, record.document]));
}
