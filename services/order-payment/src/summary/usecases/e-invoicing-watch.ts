import { addDays, E_INVOICING, type ShopSummary } from "@storefront/contracts";
import type { SalesDays } from "../persistence/sales-days.js";

/** The trailing 12 months, as India days: today and the 364 before it. */
const TRAILING_DAYS = 365;

/**
 * The owner's e-invoicing warning (docs/business-buyers.md, E-invoicing): the trailing 12 months' turnover, what was
 * paid net of what was refunded over the 365 India days ending `today`, read from the day rollups (`sales_days`, a
 * range of `_id`, two numbers each), against ₹5 crore, warning from ₹4 crore. The paid amounts include GST and
 * delivery: aggregate turnover excludes GST, so the figure runs ahead of the law's, a conservative reading.
 */
export async function eInvoicingWatch(
  sales: Pick<SalesDays, "turnoverBetween">,
  today: string,
): Promise<NonNullable<ShopSummary["eInvoicing"]>> {
  const days = await sales.turnoverBetween(addDays(today, -(TRAILING_DAYS - 1)), today);
  const trailing12MonthsPaise = days.reduce((sum, day) => sum + (day.revenuePaise ?? 0) - (day.refundedPaise ?? 0), 0);
  return {
    trailing12MonthsPaise,
    thresholdPaise: E_INVOICING.thresholdPaise,
    warn: trailing12MonthsPaise >= E_INVOICING.warnFromPaise,
  };
}
