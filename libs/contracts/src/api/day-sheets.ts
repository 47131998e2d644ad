import { z } from "zod";
import { paiseSchema } from "../money-schema.js";
import { dayKeySchema } from "./kitchen.js";
import { WEIGHTS } from "./weights.js";

/**
 * The owner's printouts for one India day (docs/back-office.md, Printouts): what the kitchen makes ("Today's
 * production") and the rider's round ("Delivery run"). Both count the orders whose units the kitchen sold on that
 * day: paid and cash-on-delivery orders, never cancelled ones.
 */
export const daySheetQuerySchema = z.object({ date: dayKeySchema });

const deliveryKindSchema = z.enum(["local", "pickup", "courier"]);

/** A slot of the day as the sheets name it: its kind, zone and hours ("17-20"), or the courier's dispatch. */
const sheetSlotSchema = z.object({
  kind: deliveryKindSchema,
  zone: z.string(),
  slotId: z.string().optional(),
  slotLabel: z.string().optional(),
});

/** One product of the day's production: units of 250 g, and the packs of each weight behind them. */
const productionRowSchema = z.object({
  productId: z.string(),
  name: z.string(),
  units: z.number().int(),
  packs: z.record(z.enum(WEIGHTS), z.number().int()),
  /** Units to make for local delivery, for pickup at the shop, for the courier. */
  byKind: z.object({ local: z.number().int(), pickup: z.number().int(), courier: z.number().int() }),
});

/** `GET /api/payment/admin/production?date=`: what to make, per product, then per slot. */
export const productionSheetSchema = z.object({
  day: dayKeySchema,
  orders: z.number().int(),
  products: z.array(productionRowSchema),
  slots: z.array(
    sheetSlotSchema.extend({
      orders: z.number().int(),
      lines: z.array(
        z.object({ productId: z.string(), name: z.string(), weight: z.enum(WEIGHTS), packs: z.number().int() }),
      ),
    }),
  ),
  /**
   * Cash on delivery orders of the day still waiting for their shopper's confirmation (docs/back-office.md, Printouts):
   * listed apart, under "Not to be made yet", and counted in nothing above, until confirmed (then they are made like
   * any order) or expired (then they are gone). Absent from an older server.
   */
  awaitingConfirmation: z
    .array(
      sheetSlotSchema.extend({
        orderId: z.string(),
        customerName: z.string(),
        items: z.array(z.object({ name: z.string(), weight: z.enum(WEIGHTS), quantity: z.number().int() })),
      }),
    )
    .optional(),
});
export type ProductionSheet = z.infer<typeof productionSheetSchema>;

/** One order on the run: where, who, what, and the cash to collect at the door (0 when paid online). */
const runStopSchema = sheetSlotSchema.extend({
  orderId: z.string(),
  customerName: z.string(),
  mobile: z.string(),
  address: z.string(),
  items: z.array(
    z.object({
      name: z.string(),
      /** Absent on a festival box line, which has `pieces` (docs/festivals.md). */
      weight: z.enum(WEIGHTS).optional(),
      pieces: z.number().int().optional(),
      quantity: z.number().int(),
    }),
  ),
  totalPaise: paiseSchema,
  cashDuePaise: paiseSchema,
});
export type RunStop = z.infer<typeof runStopSchema>;

/** `GET /api/payment/admin/delivery-run?date=`: the day's local deliveries in slot order, and the pickups apart. */
export const deliveryRunSchema = z.object({
  day: dayKeySchema,
  stops: z.array(runStopSchema),
  pickups: z.array(runStopSchema),
});
export type DeliveryRun = z.infer<typeof deliveryRunSchema>;
