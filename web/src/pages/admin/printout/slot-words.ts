import type { ProductionSheet } from "../../../contracts";

type SheetSlot = Pick<ProductionSheet["slots"][number], "kind" | "zone" | "slotLabel">;

/**
 * A slot as the printouts head it: "Delivery, Wai and nearby, 5 pm - 8 pm"; a pickup by its zone's own name ("Pickup
 * at the shop, Wai, 11 am - 2 pm"); the courier's orders as one dispatch.
 */
export function slotWords(slot: SheetSlot): string {
  if (slot.kind === "courier") return "Postal dispatch";
  const where = slot.kind === "local" ? `Delivery, ${slot.zone}` : slot.zone;
  return [where, slot.slotLabel].filter(Boolean).join(", ");
}

/** Units of 250 g as kilograms, the way the kitchen weighs a batch: "2.75 kg". */
export const kilograms = (units: number) => `${(units / 4).toLocaleString("en-IN", { maximumFractionDigits: 2 })} kg`;
