import { requireAuth, type TokenKeys } from "@storefront/auth";
import {
  ApiPaths,
  addDays,
  dayKeySchema,
  indiaDayKey,
  KitchenMessages,
  kitchenDayCapacitySchema,
  kitchenDayParamsSchema,
} from "@storefront/contracts";
import { badRequest, handle } from "@storefront/http";
import type { Express } from "express";
import { z } from "zod";
import { type KitchenRepository, productDayView } from "../persistence/kitchen.js";
import { readKitchenAvailability, SETTABLE_DAYS, settableDay } from "../usecases/read-kitchen-availability.js";

export interface KitchenRouteContext {
  kitchen: KitchenRepository;
  tokenKeys: TokenKeys;
  now: () => Date;
}

const kitchenDaysQuery = z.object({
  from: dayKeySchema.optional(),
  days: z.coerce.number().int().min(1).max(31).default(2),
});

/**
 * The kitchen's room (docs/back-office.md, Production capacity): what the shop's cards read (public, a few seconds'
 * cache), and the owner's product-days and capacity per day (ADMIN only, checked here).
 */
export function registerKitchenRoutes(app: Express, ctx: KitchenRouteContext): void {
  const adminOnly = requireAuth({ ...ctx.tokenKeys, roles: ["ADMIN"] });

  app.get(
    ApiPaths.payment.kitchen,
    handle({}, async (_input, _req, res) => {
      res.set("Cache-Control", "public, max-age=5").json(await readKitchenAvailability(ctx.kitchen, ctx.now()));
    }),
  );

  app.get(
    ApiPaths.payment.adminKitchen,
    adminOnly,
    handle({ query: kitchenDaysQuery }, async ({ query }, _req, res) => {
      const from = query.from ?? indiaDayKey(ctx.now());
      const days = await ctx.kitchen.daysBetween(from, addDays(from, query.days - 1));
      res.set("Cache-Control", "private, no-store").json({ from, days: days.map(productDayView) });
    }),
  );

  app.put(
    ApiPaths.payment.adminKitchenDay,
    adminOnly,
    handle({ params: kitchenDayParamsSchema, body: kitchenDayCapacitySchema }, async ({ params, body }, _req, res) => {
      if (!settableDay(params.day, ctx.now())) {
        throw badRequest(`Choose a day from today up to ${SETTABLE_DAYS} days ahead.`);
      }
      await ctx.kitchen.setDayCapacity(params.productId, params.day, body.capacity);
      const [day] = await ctx.kitchen.daysBetween(params.day, params.day, [params.productId]);
      res.json({ message: KitchenMessages.CAPACITY_SAVED, day: day ? productDayView(day) : undefined });
    }),
  );
}
