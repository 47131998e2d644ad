import { z } from "zod";
import { ApiPaths, apiPath, type Festival, festivalListingSchema, festivalSchema } from "../contracts";
import { request } from "./client";

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
