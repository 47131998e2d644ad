import { holdsUnpaid, isOpen, OPEN_PLACE } from "../domain/open-orders.js";
import type { Order } from "../domain/order.js";
import type { ShopperTallies } from "../persistence/shopper-tallies.js";

/**
 * Gives back what an order no longer holds, as its state says (docs/order-lifecycle.md, Open orders and holds): its
 * share of product-days once it is paid or confirmed for cash (sold is sold), and its places among open orders once
 * it is paid online, failed, expired, cancelled or delivered. Called after each of those transitions and by the
 * sweeper; every give-back is guarded by the order's own entry, so it happens once however often this runs. An
 * order that never got stored (its checkout was refused or died) gives back everything.
 */
export async function giveBackShopperTallies(
  tallies: ShopperTallies,
  orderId: string,
  order: Pick<Order, "paymentStatus" | "orderStatus" | "cancellation"> | null | undefined,
): Promise<void> {
  const record = await tallies.recordOf(orderId);
  if (!record) return;
  const open = order ? isOpen(order) : false;
  // Each key is its own tally, guarded by the order's part: they go back side by side. The record goes last (or
  // loses its shares last): it is what the sweeper reads should this stop half-way.
  if (!order || !holdsUnpaid(order)) {
    await Promise.all(record.unpaid.map((key) => tallies.giveBack(key, orderId)));
    if (open && record.unpaid.length) await tallies.forgetUnpaid(orderId);
  }
  if (open) return;
  // An open place is always 1 (orders/usecases/hold-shopper-tallies.ts): given back in one guarded update, with no read.
  await Promise.all(record.open.map((key) => tallies.giveBack(key, orderId, OPEN_PLACE)));
  await tallies.forget(orderId);
}
