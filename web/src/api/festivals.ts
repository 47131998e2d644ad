import { z } from "zod";
import {
  ApiPaths,
  apiPath,
  type Festival,
  type FestivalBookingRequest,
  festivalListingSchema,
  festivalSchema,
} from "../contracts";
import { request, shopperBearer } from "./client";
import { placedOrderSchema } from "./payment";

/** ADMIN: the owner's festivals as saved, each with its version (docs/festivals.md, The owner's API). */
export async function adminFestivals() {
  return z
    .object({ festivals: z.array(festivalSchema) })
    .parse(await request(ApiPaths.payment.adminFestivals, { authorised: true }));
}

/**
 * ADMIN: saves a festival whole at the version read (0 creates). Quiet: the form shows a refusal beside the button,
 * a 409 ("changed meanwhile", "exists already") above all.
 */
export async function saveFestival(festival: Festival) {
  return request(apiPath(ApiPaths.payment.adminFestival, { festivalId: festival._id }), {
    method: "PUT",
    body: festival,
    authorised: true,
    quiet: true,
  });
}

/** The shop's open and coming festivals (public), for home's banner and a festival's page. Quiet: a banner is extra. */
export async function shopFestivals(signal?: AbortSignal) {
  return festivalListingSchema.parse(await request(ApiPaths.payment.festivals, { quiet: true, signal }));
}

/**
 * A shopper books a festival's boxes (docs/festivals.md, The booking checkout), as create-order is called: the
 * shopper's token or a guest's email proof. Quiet: the booking form shows a refusal itself (a full window with its
 * next one). The answer is create-order's: a payment session, or a cash booking waiting for its email code.
 */
export async function placeBooking(festivalId: string, booking: FestivalBookingRequest) {
  const answer = await request(apiPath(ApiPaths.payment.festivalBookings, { festivalId }), {
    method: "POST",
    body: booking,
    bearer: shopperBearer(),
    quiet: true,
  });
  return placedOrderSchema.parse(answer);
}
