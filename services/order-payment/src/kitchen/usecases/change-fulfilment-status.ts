import type { FulfilmentStatus } from "@storefront/contracts";
import { isOpen } from "../../orders/domain/open-orders.js";
import { applied } from "../../orders/domain/order-change.js";
import { fulfilmentChange } from "../../orders/domain/order-lifecycle.js";
import type { OrderRepository } from "../../orders/persistence/orders.js";
import type { ShopperTallies } from "../../orders/persistence/shopper-tallies.js";
import { giveBackShopperTallies } from "../../orders/usecases/give-back-shopper-tallies.js";
import type { FulfilmentBoard } from "../persistence/fulfilment-board.js";

/** What a fulfilment change reads and writes. */
export interface FulfilmentContext {
  orders: OrderRepository;
  board: FulfilmentBoard;
  tallies: ShopperTallies;
}

/**
 * An admin moves a paid order through fulfilment (spec section 4); `order.status-changed` is written with the change.
 * Choosing the status it already has changes nothing and publishes nothing; of two admins changing it at once, the
 * second's change (decided from a status or a history that is no longer there) is refused. The history is part of
 * the guard because the event says whether the order was at `to` before (its mail goes once, docs/order-lifecycle.md,
 * Steps back): a change decided from an older history could say it wrong.
 */
export async function changeFulfilmentStatus(
  { orders, board, tallies }: FulfilmentContext,
  orderId: string,
  to: FulfilmentStatus,
  changedBy: string,
  correlationId: string,
): Promise<"changed" | "unchanged" | "not-paid" | "cancelled" | "unknown-order"> {
  const order = await orders.byId(orderId);
  if (!order) return "unknown-order";
  const changedAt = new Date();
  const decided = fulfilmentChange(order, to, changedBy, changedAt, correlationId);
  if (decided.outcome !== "change") return decided.outcome;
  if (!(await orders.apply(orderId, decided.change))) return "unchanged";
  // A move that ends the order's openness (a cash-on-delivery order delivered) gives its places back.
  const moved = applied(order, decided.change);
  if (isOpen(order) && !isOpen(moved)) await giveBackShopperTallies(tallies, orderId, moved);
  await board.place(orderId, to, (order.statusHistory?.length ?? 0) + 1, changedAt);
  return "changed";
}
