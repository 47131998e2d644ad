import { requireAuth, type TokenKeys } from "@storefront/auth";
import { ApiPaths } from "@storefront/contracts";
import { handle } from "@storefront/http";
import type { Express } from "express";
import { readShopSummary, type SummaryContext } from "../usecases/read-shop-summary.js";

/** `GET /api/payment/admin/summary`: the owner's dashboard figures (docs/back-office.md). ADMIN only, checked here. */
export function registerSummaryRoute(app: Express, ctx: SummaryContext & { tokenKeys: TokenKeys; now: () => Date }) {
  app.get(
    ApiPaths.payment.adminSummary,
    requireAuth({ ...ctx.tokenKeys, roles: ["ADMIN"] }),
    handle({}, async (_input, _req, res) => {
      res.set("Cache-Control", "private, no-store").json(await readShopSummary(ctx, ctx.now()));
    }),
  );
}
