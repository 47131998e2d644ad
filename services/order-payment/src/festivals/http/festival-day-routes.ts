import { requireAuth, type TokenKeys } from "@storefront/auth";
import { ApiPaths, FestivalDayMessages, FestivalMessages, festivalDayParamsSchema } from "@storefront/contracts";
import { HttpError, handle, notFound } from "@storefront/http";
import type { Express } from "express";
import type { FestivalPasses } from "../../counter/persistence/festival-passes.js";
import type { KitchenRepository } from "../../kitchen/persistence/kitchen.js";
import type { OrderRepository } from "../../orders/persistence/orders.js";
import type { FestivalsRepository } from "../persistence/festivals.js";
import { readFestivalDay } from "../usecases/read-festival-day.js";

/** The repositories whole (the service's route context extends every feature's, which must agree). */
export interface FestivalDayRouteContext {
  festivals: FestivalsRepository;
  kitchen: KitchenRepository;
  orders: OrderRepository;
  passes: FestivalPasses;
  tokenKeys: TokenKeys;
  now: () => Date;
}

/**
 * The owner's festival morning (docs/festivals.md, The festival's day), ADMIN only, checked here: a festival day's
 * windows with their progress and production list.
 */
export function registerFestivalDayRoutes(app: Express, ctx: FestivalDayRouteContext): void {
  const adminOnly = requireAuth({ ...ctx.tokenKeys, roles: ["ADMIN"] });

  app.get(
    ApiPaths.payment.adminFestivalDay,
    adminOnly,
    handle({ params: festivalDayParamsSchema }, async ({ params }, _req, res) => {
      const day = await readFestivalDay(ctx, params.festivalId, params.day);
      if (day === "not-found") throw notFound(FestivalMessages.NOT_FOUND);
      if (day === "not-a-day") {
        throw new HttpError(400, "NOT_A_FESTIVAL_DAY", FestivalDayMessages.NOT_A_DAY, {
          day: FestivalDayMessages.NOT_A_DAY,
        });
      }
      res.set("Cache-Control", "private, no-store").json(day);
    }),
  );
}
