import type { KitchenRepository } from "../persistence/kitchen.js";

/**
 * Gives an order's units back to the kitchen (docs/back-office.md, Production capacity): what it holds when it
 * fails or expires unpaid; what it holds and bought when it is cancelled. Each product's units move once however
 * often this runs (each move is guarded by the order's own entry on that day), and a payment that comes after an
 * expiry takes them again (kitchen/usecases/sell-kitchen-units.ts).
 */
export async function releaseKitchenUnits(
  kitchen: KitchenRepository,
  orderId: string,
  what: "held" | "held-and-sold",
): Promise<void> {
  const hold = await kitchen.holdOf(orderId);
  if (!hold?.day) return;
  for (const line of hold.lines) {
    await kitchen.giveBackHeld(line.productId, hold.day, orderId, line.units);
    if (what === "held-and-sold") await kitchen.giveBackSold(line.productId, hold.day, orderId, line.units);
  }
}
