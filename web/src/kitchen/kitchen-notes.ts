import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import type { ShopLanguage } from "../i18n/i18n";

/**
 * What the kitchen says about a product today (docs/back-office.md, Production capacity): units of 250 g left, and
 * when none are, the next day it has room. Empty until asked for (cards rendered by the server say nothing, so the
 * hydrating page matches them); asked when the phone is idle, and again on the cart.
 */
export interface KitchenNote {
  leftToday: number;
  nextDayWithRoom?: string | undefined;
}

const notes = createStore<{ byProduct: ReadonlyMap<string, KitchenNote> }>()(() => ({ byProduct: new Map() }));

/** Below this many units left, a card says how many. */
const FEW_LEFT = 10;

export const useKitchenNote = (productId: string) => useStore(notes, (state) => state.byProduct.get(productId));

/** Asks order-payment again (its answer is cached for a few seconds by the gateway). */
export async function loadKitchenNotes(): Promise<void> {
  const { kitchenAvailability } = await import("../api/kitchen");
  const availability = await kitchenAvailability();
  notes.setState({ byProduct: new Map(availability.products.map(({ productId, ...note }) => [productId, note])) });
}

/** "Only 4 left today", "Sold out today · next batch Wed, 25 Nov", or nothing worth saying. */
export function kitchenNoteText(
  note: KitchenNote | undefined,
  { say, dayLabel }: Pick<ShopLanguage, "say" | "dayLabel">,
): string | undefined {
  if (!note) return undefined;
  if (note.leftToday <= 0) {
    return note.nextDayWithRoom
      ? say("kitchen.soldOutNext", { day: dayLabel(note.nextDayWithRoom) })
      : say("kitchen.soldOut");
  }
  return note.leftToday <= FEW_LEFT ? say("kitchen.fewLeft", { count: note.leftToday }) : undefined;
}
