import { z } from "zod";
import { paiseSchema } from "../money-schema.js";
import { dayKeySchema } from "./kitchen.js";

/** A product's sales over some days, for the owner's top products. */
const productSales = z.object({
  productId: z.string(),
  name: z.string(),
  units: z.number().int(),
  revenuePaise: paiseSchema,
});

/** One product-day of the kitchen: what it must make (held: awaiting payment, sold: paid). */
const productionLine = z.object({
  productId: z.string(),
  day: dayKeySchema,
  held: z.number().int(),
  sold: z.number().int(),
  capacity: z.number().int().optional(),
});

/**
 * `GET /api/payment/admin/summary`: the owner's dashboard above the orders (docs/back-office.md). Days are India
 * days; revenue is what was paid, net of refunds the provider has paid back.
 */
export const shopSummarySchema = z.object({
  today: dayKeySchema,
  todays: z.object({ orders: z.number().int(), revenuePaise: z.number().int(), averagePaise: z.number().int() }),
  /**
   * Paid orders not cancelled, by fulfilment step; `New`: paid and not yet moved (still PAID), the orders list's New
   * view (docs/back-office.md, The orders list).
   */
  fulfilment: z.object({
    New: z.number().int(),
    Waiting: z.number().int(),
    Preparing: z.number().int(),
    Dispatched: z.number().int(),
  }),
  /** Today's and tomorrow's units per product: what the kitchen must make. */
  production: z.array(productionLine),
  /** Limited products with no units left today, and those nearly full. */
  soldOutToday: z.array(productionLine),
  nearlyFullToday: z.array(productionLine),
  /** The last 30 days, oldest first, every day present (0 on a day without sales). */
  revenueByDay: z.array(z.object({ day: dayKeySchema, revenuePaise: z.number().int(), orders: z.number().int() })),
  topProducts: z.object({ last7Days: z.array(productSales), last30Days: z.array(productSales) }),
  /**
   * The last 7 days' cash on delivery orders (docs/back-office.md, The week's cash orders): of those placed in them, how
   * many were confirmed and the share (null when none was placed; an expired or cancelled one counts as placed, not
   * confirmed); and how many the owner recorded refused at the door in them. Absent from an older server.
   */
  cashWeek: z
    .object({
      placed: z.number().int(),
      confirmed: z.number().int(),
      confirmationRate: z.number().min(0).max(1).nullable(),
      refused: z.number().int(),
    })
    .optional(),
  /**
   * The trailing 12 months' turnover (paid, net of refunds, India days) against e-invoicing's ₹5 crore
   * (docs/business-buyers.md, E-invoicing): `warn` from ₹4 crore. Absent from an older server.
   */
  eInvoicing: z
    .object({ trailing12MonthsPaise: z.number().int(), thresholdPaise: z.number().int(), warn: z.boolean() })
    .optional(),
});
export type ShopSummary = z.infer<typeof shopSummarySchema>;
