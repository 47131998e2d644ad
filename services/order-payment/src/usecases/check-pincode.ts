import type { PincodeCheck } from "@storefront/contracts";
import { deliveryOption, type KnownPincode, zonesServing } from "../domain/delivery.js";
import type { DeliveryZones } from "../persistence/delivery-zones.js";

/**
 * "Deliver to 412803?" (docs/delivery.md): the pincode's place and each way an order can get there, with the dates
 * and slots still open; undefined for a pincode the directory does not have. From memory only.
 */
export async function checkPincode(
  table: ReadonlyMap<string, KnownPincode>,
  zones: DeliveryZones,
  pincode: string,
  now: Date,
): Promise<PincodeCheck | undefined> {
  const known = table.get(pincode);
  if (!known) return undefined;
  const serving = zonesServing(pincode, known, (await zones.current()).zones);
  return { pincode, place: known.place, options: serving.map((zone) => deliveryOption(zone, now)) };
}
