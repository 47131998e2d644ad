import { z } from "zod";
import { ApiPaths, apiPath, kitchenAvailabilitySchema, kitchenProductDaySchema, shopSummarySchema } from "../contracts";
import { request } from "./client";

/** The kitchen's room (docs/back-office.md, Production capacity), as order-payment answers it. */

/** Public: units left today and the next day with room, for the shop's cards. Quiet: a card simply says nothing. */
export async function kitchenAvailability() {
  return kitchenAvailabilitySchema.parse(await request(ApiPaths.payment.kitchen, { quiet: true }));
}

/** ADMIN: the owner's dashboard figures. */
export async function shopSummary() {
  return shopSummarySchema.parse(await request(ApiPaths.payment.adminSummary, { authorised: true }));
}

/** ADMIN: a product's capacity on one day (0 closes the day for it). */
export async function setKitchenCapacity(productId: string, day: string, capacity: number) {
  return z.object({ message: z.string(), day: kitchenProductDaySchema.optional() }).parse(
    await request(apiPath(ApiPaths.payment.adminKitchenDay, { productId, day }), {
      method: "PUT",
      body: { capacity },
      authorised: true,
    }),
  );
}
