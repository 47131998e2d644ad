import { z } from "zod";
import { addDays, DAY_KEY, indiaDayLabel } from "../india-time.js";
import { dailyUnitsSchema, productIdSchema } from "./catalogue.js";
import type { Weight } from "./weights.js";

/**
 * The kitchen's daily capacity (docs/back-office.md, Production capacity): what it can make per dispatch day, counted
 * in units of 250 g, so 250 g and 500 g of one sweet draw on the same batch.
 */
export const KITCHEN_UNIT_GRAMS = 250;

const GRAMS: Record<Weight, number> = { "250 Gram": 250, "500 Gram": 500 };

/** The kitchen units a cart line takes: 2 x 500 g of modak is 4 units. */
export const kitchenUnitsOf = (weight: Weight, quantity: number) => (GRAMS[weight] / KITCHEN_UNIT_GRAMS) * quantity;

/** How far ahead a checkout looks for a day with room, today included. */
export const KITCHEN_DAYS_AHEAD = 7;

export const dayKeySchema = z.string().regex(DAY_KEY, "A day as YYYY-MM-DD.");

/** The days a checkout may hold on, from `today`: today and the next {@link KITCHEN_DAYS_AHEAD} - 1. */
export const dispatchDaysFrom = (today: string) =>
  Array.from({ length: KITCHEN_DAYS_AHEAD }, (_, offset) => addDays(today, offset));

/**
 * `GET /api/payment/kitchen`: what the shop's cards say about the kitchen, for products with a limit and orders
 * today: units left today, and the next day with room when today is full.
 */
export const kitchenAvailabilitySchema = z.object({
  today: dayKeySchema,
  products: z.array(
    z.object({ productId: z.string(), leftToday: z.number().int(), nextDayWithRoom: dayKeySchema.optional() }),
  ),
});
export type KitchenAvailability = z.infer<typeof kitchenAvailabilitySchema>;

/** `PUT /api/payment/admin/kitchen/{productId}/{day}`: the owner's capacity for one day; 0 closes it. */
export const kitchenDayCapacitySchema = z.object({ capacity: dailyUnitsSchema });
export const kitchenDayParamsSchema = z.object({ productId: productIdSchema, day: dayKeySchema });

/** One product on one day, as the owner's production list shows it. */
export const kitchenProductDaySchema = z.object({
  productId: z.string(),
  day: dayKeySchema,
  /** Units the kitchen can make that day; absent: no limit. */
  capacity: z.number().int().optional(),
  held: z.number().int(),
  sold: z.number().int(),
  /** The owner set this day's capacity (not the product's default). */
  setByOwner: z.boolean(),
});
export type KitchenProductDay = z.infer<typeof kitchenProductDaySchema>;

export const KitchenMessages = {
  /** A cart no day within reach can make, naming the product. */
  cannotMake: (name: string) =>
    `${name} cannot be made in this quantity in the next ${KITCHEN_DAYS_AHEAD} days. Please, order less or remove it from your cart.`,
  /** A cart the kitchen cannot make on the day the shopper chose for delivery or pickup. */
  cannotMakeOn: (name: string, day: string) =>
    `${name} cannot be made in this quantity for ${indiaDayLabel(day)}. Please, choose another day or order less.`,
  CAPACITY_SAVED: "Capacity saved.",
} as const;

/** The error code of a checkout the kitchen cannot make (409). */
export const KITCHEN_FULL = "KITCHEN_FULL";
