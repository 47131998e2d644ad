import type { ProductionSheet } from "@storefront/contracts";
import { productionSheet } from "../domain/day-sheets.js";
import { type DaySheetContext, readDayOrders } from "./read-day-orders.js";

/**
 * "Today's production" (docs/back-office.md, Printouts): what the kitchen makes on `day`, per product and slot, from
 * the orders it sold units to; and apart, the cash orders whose units are only held while they wait for their
 * shopper's confirmation (each read by `_id`, as the sold ones).
 */
export async function readProductionSheet(ctx: DaySheetContext, day: string): Promise<ProductionSheet> {
  const [sold, held] = await Promise.all([
    readDayOrders(ctx, day),
    ctx.kitchen.ordersHeldOn(day).then((ids) => ctx.orders.byIds(ids)),
  ]);
  return productionSheet(day, sold, held);
}
