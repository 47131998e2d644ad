import { addDays, indiaDayKey, type ShopSummary } from "@storefront/contracts";
import { isProductResource } from "../../kitchen/domain/kitchen.js";
import type { FulfilmentBoard } from "../../kitchen/persistence/fulfilment-board.js";
import { type KitchenRepository, productDayView } from "../../kitchen/persistence/kitchen.js";
import { cashWeek } from "../domain/cash-week.js";
import type { SalesDay, SalesDays } from "../persistence/sales-days.js";
import { eInvoicingWatch } from "./e-invoicing-watch.js";

/** Days of revenue on the chart. */
const CHART_DAYS = 30;
/** Products named in each top list. */
const TOP = 5;
/** A limited product is nearly full today when this share of its capacity (or fewer than 3 units) is left. */
const NEARLY_FULL_SHARE = 0.1;

export interface SummaryContext {
  board: FulfilmentBoard;
  kitchen: KitchenRepository;
  sales: SalesDays;
}

/**
 * The owner's dashboard (docs/back-office.md): read from the day rollups (`sales_days`, 30 small documents), the
 * kitchen's product-days for today and tomorrow, four counts on the board of orders in progress, the week's 7
 * cash days (`cash_days`), and the trailing year's day totals for e-invoicing, never a scan of every order.
 */
export async function readShopSummary(ctx: SummaryContext, now: Date): Promise<ShopSummary> {
  const today = indiaDayKey(now);
  const firstDay = addDays(today, -(CHART_DAYS - 1));
  const [days, kitchenDays, fulfilment, cashDays, eInvoicing] = await Promise.all([
    ctx.sales.between(firstDay, today),
    ctx.kitchen
      .daysBetween(today, addDays(today, 1))
      .then((days) => days.filter((day) => isProductResource(day.productId))),
    ctx.board.count(["PAID", "Waiting", "Preparing", "Dispatched"]),
    ctx.sales.cashBetween(addDays(today, -6), today),
    eInvoicingWatch(ctx.sales, today),
  ]);
  const byDay = new Map(days.map((day) => [day._id, day]));
  const net = (day: SalesDay | undefined) => (day ? day.revenuePaise - day.refundedPaise : 0);
  const todays = byDay.get(today);
  const production = kitchenDays.filter((day) => day.held + day.sold > 0 || day.limited).map(productDayView);
  const todaysLimited = kitchenDays.filter((day) => day.day === today && day.limited);
  return {
    today,
    todays: {
      orders: todays?.orders ?? 0,
      revenuePaise: net(todays),
      averagePaise: todays?.orders ? Math.round(net(todays) / todays.orders) : 0,
    },
    fulfilment: {
      // Paid and not moved yet: the orders list's New view, counted on the same board (a cancel takes it off).
      New: fulfilment.PAID ?? 0,
      Waiting: fulfilment.Waiting ?? 0,
      Preparing: fulfilment.Preparing ?? 0,
      Dispatched: fulfilment.Dispatched ?? 0,
    },
    production,
    soldOutToday: todaysLimited.filter((day) => day.free <= 0).map(productDayView),
    nearlyFullToday: todaysLimited
      .filter((day) => day.free > 0 && day.free <= Math.max(2, day.capacity * NEARLY_FULL_SHARE))
      .map(productDayView),
    revenueByDay: Array.from({ length: CHART_DAYS }, (_, offset) => {
      const day = addDays(firstDay, offset);
      return { day, revenuePaise: net(byDay.get(day)), orders: byDay.get(day)?.orders ?? 0 };
    }),
    topProducts: {
      last7Days: topProducts(days.filter((day) => day._id >= addDays(today, -6))),
      last30Days: topProducts(days),
    },
    cashWeek: cashWeek(cashDays),
    eInvoicing,
  };
}

/** The best sellers by revenue over the given days. */
function topProducts(days: readonly SalesDay[]): ShopSummary["topProducts"]["last7Days"] {
  const totals = new Map<string, { productId: string; name: string; units: number; revenuePaise: number }>();
  for (const day of days) {
    for (const [productId, sales] of Object.entries(day.products ?? {})) {
      const total = totals.get(productId) ?? { productId, name: sales.name, units: 0, revenuePaise: 0 };
      total.units += sales.units;
      total.revenuePaise += sales.revenuePaise;
      totals.set(productId, total);
    }
  }
  return [...totals.values()].sort((a, b) => b.revenuePaise - a.revenuePaise).slice(0, TOP);
}
