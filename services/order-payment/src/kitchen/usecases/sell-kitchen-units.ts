import type { KitchenRepository } from "../persistence/kitchen.js";

export type SellOutcome = { sold: true } | { sold: false; day: string };

/**
 * A paid order's units become sold on its dispatch day (docs/back-office.md, Production capacity). Units given back
 * meanwhile (the payment came after the order expired) are taken again while there is room; when there is none the
 * order is overbooked, and settling cancels and refunds it (payments/usecases/settle-payment.ts). An order placed before the
 * kitchen counted has nothing to sell.
 */
export async function sellKitchenUnits(kitchen: KitchenRepository, orderId: string): Promise<SellOutcome> {
  const hold = await kitchen.holdOf(orderId);
  if (!hold?.day) return { sold: true };
  let full = false;
  for (const line of hold.lines) {
    if ((await kitchen.sell(line.productId, hold.day, orderId, line.units)) === "full") full = true;
  }
  return full ? { sold: false, day: hold.day } : { sold: true };
}
