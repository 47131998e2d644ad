import { requireAuth, type TokenKeys } from "@storefront/auth";
import { ApiPaths, daySheetQuerySchema } from "@storefront/contracts";
import { handle } from "@storefront/http";
import type { Express } from "express";
import type { DaySheetContext } from "../usecases/read-day-orders.js";
import { readDeliveryRun } from "../usecases/read-delivery-run.js";
import { readProductionSheet } from "../usecases/read-production-sheet.js";

/** The owner's printouts of a day (docs/back-office.md, Printouts): ADMIN only, checked here; never cached. */
export function registerDaySheetRoutes(app: Express, ctx: DaySheetContext & { tokenKeys: TokenKeys }): void {
  const adminOnly = requireAuth({ ...ctx.tokenKeys, roles: ["ADMIN"] });
  app.get(
    ApiPaths.payment.adminProduction,
    adminOnly,
    handle({ query: daySheetQuerySchema }, async ({ query }, _req, res) => {
      res.set("Cache-Control", "private, no-store").json(await readProductionSheet(ctx, query.date));
    }),
  );
  app.get(
    ApiPaths.payment.adminDeliveryRun,
    adminOnly,
    handle({ query: daySheetQuerySchema }, async ({ query }, _req, res) => {
      res.set("Cache-Control", "private, no-store").json(await readDeliveryRun(ctx, query.date));
    }),
  );
}
