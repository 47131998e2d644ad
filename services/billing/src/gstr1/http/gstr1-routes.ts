import { requireAuth, type TokenKeys } from "@storefront/auth";
import { ApiPaths, gstr1MonthSchema, gstr1SectionSchema, gstr1ZipName } from "@storefront/contracts";
import { handle } from "@storefront/http";
import type { Express } from "express";
import type { Db } from "mongodb";
import { z } from "zod";
import { taxDocumentStore } from "../../persistence/tax-documents.js";
import { readMonthSections, sectionCsv, sectionsZip } from "../usecases/export-month.js";

/**
 * The month's GSTR-1 for the accountant (docs/business-buyers.md, GSTR-1: the month for the accountant): every section
 * in one ZIP, or one section's CSV. ADMIN only, checked here; private and never stored by a cache (a month of
 * customers' names and GSTINs).
 */
export function registerGstr1Routes(
  app: Express,
  ctx: { db: Db; supplier: { gstin: string; stateCode: string }; tokenKeys: TokenKeys },
): void {
  const adminOnly = requireAuth({ ...ctx.tokenKeys, roles: ["ADMIN"] });
  const reading = { taxDocuments: taxDocumentStore(ctx.db), supplier: ctx.supplier };
  app.get(
    ApiPaths.bill.gstr1,
    adminOnly,
    handle({ params: z.object({ month: gstr1MonthSchema }) }, async ({ params }, _req, res) => {
      const zip = sectionsZip(await readMonthSections(reading, params.month));
      res
        .set("Cache-Control", "private, no-store")
        .type("application/zip")
        .attachment(gstr1ZipName(ctx.supplier.gstin, params.month))
        .send(zip);
    }),
  );
  app.get(
    ApiPaths.bill.gstr1Section,
    adminOnly,
    handle(
      { params: z.object({ month: gstr1MonthSchema, section: gstr1SectionSchema }) },
      async ({ params }, _req, res) => {
        const sections = await readMonthSections(reading, params.month);
        res
          .set("Cache-Control", "private, no-store")
          .type("text/csv; charset=utf-8")
          .attachment(`GSTR1_${params.section}_${params.month}.csv`)
          .send(sectionCsv(sections[params.section]));
      },
    ),
  );
}
