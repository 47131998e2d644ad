import { z } from "zod";
import { ApiPaths, apiPath, type DeliveryZoneSettings, deliveryZonesSchema, pincodeCheckSchema } from "../contracts";
import { request } from "./client";

/** "Deliver to 412803?" (docs/delivery.md): the place and the ways an order gets there. Quiet: the form says why. */
export async function checkPincode(pincode: string) {
  return pincodeCheckSchema.parse(await request(apiPath(ApiPaths.delivery.pincode, { pincode }), { quiet: true }));
}

/** ADMIN: the owner's delivery zones with their version (docs/delivery.md, Zones). */
export async function deliveryZones() {
  return deliveryZonesSchema.parse(await request(ApiPaths.payment.adminDeliveryZones, { authorised: true }));
}

/** ADMIN: replaces the zones; refused (409) when they were changed since `version` was read. */
export async function saveDeliveryZones(settings: DeliveryZoneSettings) {
  return deliveryZonesSchema
    .and(z.object({ message: z.string() }))
    .parse(await request(ApiPaths.payment.adminDeliveryZones, { method: "PUT", body: settings, authorised: true }));
}
