import { requireAuth, type TokenKeys } from "@storefront/auth";
import {
  ApiPaths,
  bookingMoveSchema,
  FestivalDayMessages,
  FestivalMessages,
  festivalBookingParamsSchema,
  festivalDayParamsSchema,
} from "@storefront/contracts";
import { conflict, HttpError, handle, notFound } from "@storefront/http";
import type { Express } from "express";
import type { FestivalPasses } from "../../counter/persistence/festival-passes.js";
import type { KitchenRepository } from "../../kitchen/persistence/kitchen.js";
import type { OrderRepository } from "../../orders/persistence/orders.js";
import type { FestivalsRepository } from "../persistence/festivals.js";
import { type MoveOutcome, moveFestivalBooking } from "../usecases/move-festival-booking.js";
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
 * windows with their progress and production list; a booking of a closed window moved to another window.
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

  app.post(
    ApiPaths.payment.adminFestivalBookingMove,
    adminOnly,
    handle({ params: festivalBookingParamsSchema, body: bookingMoveSchema }, async ({ params, body }, req, res) => {
      const outcome = await moveFestivalBooking(ctx, params.festivalId, params.orderId, body.toWindowId, req.id);
      if ("refused" in outcome) answerRefusedMove(outcome.refused);
      res.json({ message: FestivalDayMessages.MOVED, window: outcome.moved });
    }),
  );
}

/** A move that did not happen, in the spec's error shape. */
function answerRefusedMove(refused: Extract<MoveOutcome, { refused: string }>["refused"]): never {
  switch (refused) {
    case "not-found":
      throw notFound(FestivalMessages.NOT_FOUND);
    case "not-a-booking":
      throw notFound(FestivalDayMessages.NOT_A_BOOKING);
    case "not-movable":
      throw new HttpError(409, "NOT_MOVABLE", FestivalDayMessages.NOT_MOVABLE);
    case "target-not-open":
      throw new HttpError(409, "WINDOW_NOT_OFFERED", FestivalDayMessages.TARGET_NOT_OPEN);
    case "target-full":
      throw new HttpError(409, "WINDOW_FULL", FestivalDayMessages.TARGET_FULL);
    case "under-way":
      throw conflict(FestivalDayMessages.MOVE_UNDER_WAY);
  }
}
