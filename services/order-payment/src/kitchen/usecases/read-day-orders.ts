import type { OrderRepository } from "../../orders/persistence/orders.js";
import type { SheetOrder } from "../domain/day-sheets.js";
import type { KitchenRepository } from "../persistence/kitchen.js";

export interface DaySheetContext {
  kitchen: KitchenRepository;
  orders: Pick<OrderRepository, "byIds">;
}

/**
 * The orders the kitchen sold units to on `day` (docs/back-office.md, Printouts): their ids from the day's
 * product-days, then each order by `_id`. Never a query over `orders`, which the local database answers by reading
 * every order ever placed (docs/local-database.md).
 */
export async function readDayOrders(ctx: DaySheetContext, day: string): Promise<SheetOrder[]> {
  return ctx.orders.byIds(await ctx.kitchen.ordersSoldOn(day));
}
