import { addDays, DELIVERY_DAYS_AHEAD, indiaDayKey, type PincodeCheck } from "@storefront/contracts";
import { slotResource } from "../../kitchen/domain/kitchen.js";
import { dayId, type KitchenRepository } from "../../kitchen/persistence/kitchen.js";
import { deliveryOption, type KnownPincode, zonesServing } from "../domain/delivery.js";
import type { DeliveryZones } from "../persistence/delivery-zones.js";

/**
 * "Deliver to 412803?" (docs/delivery.md): the pincode's place and each way an order can get there, with the dates
 * and slots still open and not full (a slot's places are counted with the kitchen's units); undefined for a pincode
 * the directory does not have.
 */
export async function checkPincode(
  table: ReadonlyMap<string, KnownPincode>,
  zones: DeliveryZones,
  kitchen: KitchenRepository,
  pincode: string,
  now: Date,
): Promise<PincodeCheck | undefined> {
  const known = table.get(pincode);
  if (!known) return undefined;
  const serving = zonesServing(pincode, known, (await zones.current()).zones);
  const slots = serving.flatMap((zone) =>
    zone.kind === "courier" ? [] : zone.slots.map((slot) => slotResource(zone.zoneId, slot.slotId)),
  );
  const today = indiaDayKey(now);
  const taken = slots.length ? await kitchen.daysBetween(today, addDays(today, DELIVERY_DAYS_AHEAD), slots) : [];
  const full = new Set(taken.filter((day) => day.free <= 0).map((day) => day._id));
  return {
    pincode,
    place: known.place,
    options: serving.map((zone) =>
      deliveryOption(zone, now, (zoneId, slotId, day) => full.has(dayId(slotResource(zoneId, slotId), day))),
    ),
  };
}
