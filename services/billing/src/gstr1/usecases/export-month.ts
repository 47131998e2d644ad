import { GSTR1_SECTIONS, type Gstr1Section } from "@storefront/contracts";
import { zipSync } from "fflate";
import type { TaxDocumentStore } from "../../persistence/tax-documents.js";
import { toCsv } from "../domain/csv.js";
import { gstr1Sections, type SectionTable } from "../domain/sections.js";
import { earlierInvoices } from "../persistence/earlier-invoices.js";

export interface Gstr1Context {
  taxDocuments: TaxDocumentStore;
  supplier: { gstin: string; stateCode: string };
}

/** A month's sections, from the documents billing kept (docs/business-buyers.md, GSTR-1). */
export async function readMonthSections(ctx: Gstr1Context, month: string): Promise<Record<Gstr1Section, SectionTable>> {
  const documents = await ctx.taxDocuments.inMonth(month);
  const notes = documents.filter((record) => record.kind === "credit-note").map((record) => record.document);
  return gstr1Sections({
    documents,
    earlierInvoices: await earlierInvoices(ctx.taxDocuments, month, notes),
    supplierStateCode: ctx.supplier.stateCode,
  });
}

export const sectionCsv = (table: SectionTable): string => toCsv(table.columns, table.rows);

/** Every section as `<section>.csv` in one ZIP, in the tool's order. */
export function sectionsZip(sections: Record<Gstr1Section, SectionTable>): Buffer {
  const files = Object.fromEntries(
    GSTR1_SECTIONS.map((section) => [`${section}.csv`, new TextEncoder().encode(sectionCsv(sections[section]))]),
  );
  return Buffer.from(zipSync(files, { level: 6 }));
}
