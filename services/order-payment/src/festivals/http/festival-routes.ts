import { requireAuth, requirePrincipal, type TokenKeys } from "@storefront/auth";
import {
  ApiPaths,
  FestivalDayMessages,
  FestivalMessages,
  festivalIdSchema,
  festivalSchema,
  festivalWindowChangeSchema,
  festivalWindowParamsSchema,
} from "@storefront/contracts";
import { conflict, HttpError, handle, notFound } from "@storefront/http";
import type { Express } from "express";
import { z } from "zod";
import type { KitchenRepository } from "../../kitchen/persistence/kitchen.js";
import type { FestivalsRepository } from "../persistence/festivals.js";
import { changeFestivalWindow } from "../usecases/change-festival-window.js";
import { deleteFestival } from "../usecases/delete-festival.js";
import { listOpenFestivals } from "../usecases/list-open-festivals.js";
import { saveFestival } from "../usecases/save-festival.js";

export interface FestivalRouteContext {
  festivals: FestivalsRepository;
  kitchen: KitchenRepository;
  tokenKeys: TokenKeys;
  now: () => Date;
}

const festivalParams = z.object({ festivalId: festivalIdSchema });

/**
 * Festival bookings' set-up (docs/festivals.md): the shop's open and coming festivals (public, kept a minute), and
 * the owner's festivals (ADMIN only, checked here): list, read, save whole with the version read, close or resize one
 * window, delete before bookings open.
 */
export function registerFestivalRoutes(app: Express, ctx: FestivalRouteContext): void {
  const adminOnly = requireAuth({ ...ctx.tokenKeys, roles: ["ADMIN"] });
  // The answer as sent, for the current minute, as the pincode check keeps its own (docs/delivery.md): home asks it
  // on every visit, and its places left move by the minute at most. This instance's own saves and deletes drop it at
  // once; another instance's show within the minute.
  let answer = { key: "", body: "" };
  let changes = 0;

  app.get(
    ApiPaths.payment.festivals,
    handle({}, async (_input, _req, res) => {
      const now = ctx.now();
      const key = `${Math.floor(now.getTime() / 60_000)}:${changes}`;
      if (answer.key !== key) {
        answer = { key, body: JSON.stringify(await listOpenFestivals(ctx.festivals, ctx.kitchen, now)) };
      }
      res.set("Cache-Control", "public, max-age=60").type("json").send(answer.body);
    }),
  );

  app.get(
    ApiPaths.payment.adminFestivals,
    adminOnly,
    handle({}, async (_input, _req, res) => {
      res.set("Cache-Control", "private, no-store").json({ festivals: await ctx.festivals.all() });
    }),
  );

  app.get(
    ApiPaths.payment.adminFestival,
    adminOnly,
    handle({ params: festivalParams }, async ({ params }, _req, res) => {
      const festival = await ctx.festivals.byId(params.festivalId);
      if (!festival) throw notFound(FestivalMessages.NOT_FOUND);
      res.set("Cache-Control", "private, no-store").json(festival);
    }),
  );

  app.put(
    ApiPaths.payment.adminFestival,
    adminOnly,
    handle({ params: festivalParams, body: festivalSchema }, async ({ params, body }, _req, res) => {
      // Refused as the schema refuses a field: the owner's form shows it by the id.
      if (body._id !== params.festivalId) {
        throw new HttpError(400, "VALIDATION_FAILED", FestivalMessages.ID_MISMATCH, {
          _id: FestivalMessages.ID_MISMATCH,
        });
      }
      const result = await saveFestival(ctx, body, requirePrincipal(res).email);
      changes++;
      if ("refused" in result) {
        throw conflict(result.refused === "exists" ? FestivalMessages.EXISTS : FestivalMessages.CHANGED_MEANWHILE);
      }
      res.status(body.version === 0 ? 201 : 200).json({ message: FestivalMessages.SAVED, festival: result.saved });
    }),
  );

  // One window closed, opened or resized (docs/festivals.md, Closing and resizing a window): the one save, guarded.
  app.patch(
    ApiPaths.payment.adminFestivalWindow,
    adminOnly,
    handle(
      { params: festivalWindowParamsSchema, body: festivalWindowChangeSchema },
      async ({ params, body }, _req, res) => {
        const result = await changeFestivalWindow(
          ctx,
          params.festivalId,
          params.windowId,
          body,
          requirePrincipal(res).email,
        );
        changes++;
        if ("refused" in result) {
          if (result.refused === "not-found") throw notFound(FestivalMessages.NOT_FOUND);
          if (result.refused === "no-window") throw notFound(FestivalDayMessages.NO_SUCH_WINDOW);
          if (result.refused === "invalid") {
            throw new HttpError(400, "VALIDATION_FAILED", result.message ?? FestivalDayMessages.NOTHING_TO_CHANGE);
          }
          throw conflict(FestivalMessages.CHANGED_MEANWHILE);
        }
        res.json({ message: FestivalDayMessages.WINDOW_SAVED, festival: result.saved });
      },
    ),
  );

  app.delete(
    ApiPaths.payment.adminFestival,
    adminOnly,
    handle({ params: festivalParams }, async ({ params }, _req, res) => {
      const outcome = await deleteFestival(ctx, params.festivalId, ctx.now());
      changes++;
      if (outcome === "not-found") throw notFound(FestivalMessages.NOT_FOUND);
      if (outcome === "bookings-opened") throw conflict(FestivalMessages.BOOKINGS_OPENED);
      if (outcome === "changed") throw conflict(FestivalMessages.CHANGED_MEANWHILE);
      res.json({ message: FestivalMessages.DELETED });
    }),
  );
}
