import { getShopper, requireShopper, type TokenKeys } from "@storefront/auth";
import { ApiPaths, festivalBookingRequestSchema, festivalIdSchema } from "@storefront/contracts";
import { handle, requestClientKey } from "@storefront/http";
import type { Express } from "express";
import { z } from "zod";
import { type BookingContext, placeBooking } from "../usecases/place-booking.js";

export interface BookingRouteContext extends BookingContext {
  tokenKeys: TokenKeys;
}

const festivalParams = z.object({ festivalId: festivalIdSchema });

/**
 * The booking checkout (docs/festivals.md): a signed-in customer or a guest with the email proof, exactly as
 * create-order (a counter's token is refused by requireShopper); the answer is create-order's.
 */
export function registerBookingRoutes(app: Express, ctx: BookingRouteContext): void {
  app.post(
    ApiPaths.payment.festivalBookings,
    requireShopper(ctx.tokenKeys),
    handle({ params: festivalParams, body: festivalBookingRequestSchema }, async ({ params, body }, req, res) => {
      res.json(await placeBooking(ctx, params.festivalId, body, getShopper(res), requestClientKey(req)));
    }),
  );
}
