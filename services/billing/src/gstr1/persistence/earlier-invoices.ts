import { indiaMonthOf, type TaxDocument, type TaxDocumentStore } from "../../persistence/tax-documents.js";

/**
 * The invoices a month's credit notes reduce that were issued in an earlier month, by number. Each is named by its
 * `_id` (`<India month of issue>|<number>`, from the note's `creditNote.invoiceIssuedAt`).
 */
export async function earlierInvoices(
  taxDocuments: TaxDocumentStore,
  month: string,
  notes: readonly TaxDocument[],
): Promise<Map<string, TaxDocument>> {
  const ids = new Set<string>();
  for (const note of notes) {
    const against = note.creditNote;
    if (!against) continue;
    const issuedIn = indiaMonthOf(new Date(against.invoiceIssuedAt));
    if (issuedIn !== month) ids.add(`${issuedIn}|${against.invoiceNumber}`);
  }
  if (ids.size === 0) return new Map();
  const found = await taxDocuments.invoicesById([...ids]);
  return new Map(found.map((record) => [record.document.number, record.document]));
}
