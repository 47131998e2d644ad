import type { ProductionSheet } from "@storefront/contracts";
import { productionSheet } from "../domain/day-sheets.js";
import { type DaySheetContext, readDayOrders } from "./read-day-orders.js";

/** "Today's production" (docs/back-office.md, Printouts): what the kitchen makes on `day`, per product and slot. */
export async function readProductionSheet(ctx: DaySheetContext, day: string): Promise<ProductionSheet> {
  return productionSheet(day, await readDayOrders(ctx, day));
}
