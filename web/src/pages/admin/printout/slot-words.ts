import type { ProductionSheet } from "../../../contracts";

type SheetSlot = Pick<ProductionSheet["slots"][number], "kind" | "zone" | "slotLabel">;

const KIND_WORDS = { local: "Delivery", pickup: "Pickup at the shop", courier: "Postal dispatch" } as const;

/** A slot as the printouts head it: "Delivery, Wai, 5 pm - 8 pm"; the courier's orders as one dispatch. */
export const slotWords = (slot: SheetSlot) =>
  slot.kind === "courier"
    ? KIND_WORDS.courier
    : [KIND_WORDS[slot.kind], slot.zone, slot.slotLabel].filter(Boolean).join(", ");

/** Units of 250 g as kilograms, the way the kitchen weighs a batch: "2.75 kg". */
export const kilograms = (units: number) => `${(units / 4).toLocaleString("en-IN", { maximumFractionDigits: 2 })} kg`;
