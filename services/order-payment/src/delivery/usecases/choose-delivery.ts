import {
  type DeliveryChoice,
  DeliveryMessages,
  type DeliverySlot,
  type DeliveryZone,
  KitchenMessages,
  mayTravel,
  pincodeOfAddress,
} from "@storefront/contracts";
import { type KitchenNeed, slotResource } from "../../kitchen/domain/kitchen.js";
import { type KnownPincode, slotOpen, zonesServing } from "../domain/delivery.js";
import type { DeliveryZones } from "../persistence/delivery-zones.js";

/** A delivery the shop cannot make as chosen, in words the shopper reads (409 DELIVERY_REFUSED). */
export class DeliveryRefusedError extends Error {
  override name = "DeliveryRefusedError";
}

/** How an order will get there: the zone, and for local delivery and pickup the date and slot. */
export interface DeliveryPlan {
  zone: DeliveryZone;
  pincode: string;
  place: string;
  date?: string;
  slot?: DeliverySlot;
}

export interface DeliveryContext {
  pincodes: ReadonlyMap<string, KnownPincode>;
  deliveryZones: DeliveryZones;
}

/**
 * Checks a shopper's delivery choice against the zones now (docs/delivery.md): the zone must serve the address's
 * pincode (pickup serves every address; a pincode our table lacks is served by the courier, never locally); no
 * choice is the courier, the spec's postal delivery; what the courier
 * would spoil is refused by name; local delivery and pickup need a date and slot still open (the cut-off, closed
 * dates and the 14 days ahead checked at `now`, India time). The slot's room is held with the kitchen's units.
 */
export async function chooseDelivery(
  ctx: DeliveryContext,
  shippingAddress: string,
  choice: DeliveryChoice | undefined,
  lines: readonly { name: string; shelfLifeDays?: number | undefined }[],
  now: Date,
): Promise<DeliveryPlan> {
  const pincode = pincodeOfAddress(shippingAddress) ?? "";
  // A pincode newer than our table still gets the courier (the spec's postal delivery goes anywhere) and pickup.
  const known = ctx.pincodes.get(pincode) ?? { place: "", km: null };
  const { zones } = await ctx.deliveryZones.current();
  const zone = choice
    ? zonesServing(pincode, known, zones).find((served) => served.zoneId === choice.zoneId)
    : zones.find((candidate) => candidate.kind === "courier");
  if (!zone) throw new DeliveryRefusedError(DeliveryMessages.NO_SUCH_ZONE);
  // The spec's request names no delivery: its postal delivery, as the spec has it. The shelf-life rule applies to a
  // delivery chosen, which the shop's own payment page always sends, the courier included (docs/delivery.md).
  if (!choice) return { zone, pincode, place: known.place };
  const spoilt = [...new Set(lines.filter((line) => !mayTravel(zone, line.shelfLifeDays)).map((line) => line.name))];
  if (spoilt.length) throw new DeliveryRefusedError(DeliveryMessages.notFresh(spoilt.join(", "), pincode));
  if (zone.kind === "courier") return { zone, pincode, place: known.place };
  const slot = zone.slots.find((candidate) => candidate.slotId === choice?.slotId);
  if (!slot || !choice?.date || !slotOpen(zone, slot, choice.date, now)) {
    throw new DeliveryRefusedError(DeliveryMessages.SLOT_NOT_OPEN);
  }
  return { zone, pincode, place: known.place, date: choice.date, slot };
}

/** The slot's place in the kitchen's count: one order takes one of its `capacity` places on its date. */
export const slotNeed = (plan: DeliveryPlan): KitchenNeed | undefined =>
  plan.slot
    ? {
        productId: slotResource(plan.zone.zoneId, plan.slot.slotId),
        name: plan.slot.label,
        units: 1,
        dailyUnits: plan.slot.capacity,
      }
    : undefined;

/** Why a hold on a chosen date failed: the slot is full, or the kitchen cannot make a product that day. */
export const refusalOfHold = (plan: DeliveryPlan, resource: string, name: string) =>
  resource === slotNeed(plan)?.productId
    ? DeliveryMessages.SLOT_FULL
    : plan.date
      ? KitchenMessages.cannotMakeOn(name, plan.date)
      : KitchenMessages.cannotMake(name);
