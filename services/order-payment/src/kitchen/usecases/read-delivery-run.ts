import type { DeliveryRun } from "@storefront/contracts";
import { deliveryRun } from "../domain/day-sheets.js";
import { type DaySheetContext, readDayOrders } from "./read-day-orders.js";

/**
 * "Delivery run" (docs/back-office.md, Printouts): the local deliveries and pickups of `day`. A local order is made
 * on its delivery date (the checkout holds its units on that date), so the kitchen's day finds every one of them.
 */
export async function readDeliveryRun(ctx: DaySheetContext, day: string): Promise<DeliveryRun> {
  return deliveryRun(day, await readDayOrders(ctx, day));
}
