import { kitchenUnitsOf, type Weight } from "@storefront/contracts";

/** An order line as the kitchen counts it. */
export interface KitchenNeed {
  productId: string;
  name: string;
  units: number;
  /** The product's default units per day (the catalogue's word at checkout); absent: no limit. */
  dailyUnits?: number | undefined;
}

/**
 * What an order asks of the kitchen, one entry per product: 250 g and 500 g of one sweet are one batch
 * (docs/back-office.md, Production capacity), so they add up in units of 250 g.
 */
export function kitchenNeeds(
  lines: readonly {
    productId: string;
    name: string;
    weight: Weight;
    quantity: number;
    dailyUnits?: number | undefined;
  }[],
): KitchenNeed[] {
  const needs = new Map<string, KitchenNeed>();
  for (const line of lines) {
    const need = needs.get(line.productId);
    const units = kitchenUnitsOf(line.weight, line.quantity);
    if (need) need.units += units;
    else needs.set(line.productId, { productId: line.productId, name: line.name, units, dailyUnits: line.dailyUnits });
  }
  return [...needs.values()];
}

/**
 * A delivery slot's places are counted like a product's units, on a resource of their own (docs/delivery.md). Its id
 * has a colon, which no product id can have, so the owner's production list and the shop's notes leave it out.
 */
const SLOT = "slot:";
export const slotResource = (zoneId: string, slotId: string) => `${SLOT}${zoneId}:${slotId}`;
export const isProductResource = (resource: string) => !resource.startsWith(SLOT);
