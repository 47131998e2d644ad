import { z } from "zod";
import { passPaymentSchema } from "./counter.js";
import { FESTIVAL_LIMITS, festivalIdSchema, festivalWindowIdSchema } from "./festivals.js";
import { dayKeySchema } from "./kitchen.js";
import { clientOrderIdSchema } from "./orders.js";

/**
 * The owner's festival morning (docs/festivals.md, The festival's day): one festival day's windows in window order,
 * each with its bookings' progress by the shop's clock and the kitchen's production list; closing or resizing one
 * window; the bookings of a closed window and what the owner does with them.
 */

export const festivalDayParamsSchema = z.object({ festivalId: festivalIdSchema, day: dayKeySchema });
export const festivalWindowParamsSchema = z.object({ festivalId: festivalIdSchema, windowId: festivalWindowIdSchema });
export const festivalBookingParamsSchema = z.object({ festivalId: festivalIdSchema, orderId: clientOrderIdSchema });

export const FestivalDayMessages = {
  NOT_A_DAY: "This festival has no such day.",
  NO_SUCH_WINDOW: "This festival has no such window.",
  NOTHING_TO_CHANGE: "Say whether the window is closed, or its new number of boxes.",
  WINDOW_SAVED: "Window saved.",
  MOVED: "Booking moved.",
  NOT_A_BOOKING: "This festival has no such booking.",
  NOT_MOVABLE: "Only a paid or cash-due booking of a closed window, not collected, can be moved.",
  TARGET_NOT_OPEN: "That window is closed or over. Please, choose another.",
  TARGET_FULL: "That window has no room left for this booking. Please, choose another.",
  MOVE_UNDER_WAY: "This booking is being moved. Please, reload in a moment.",
} as const;

/**
 * `PATCH .../windows/{windowId}`: the window closed or opened, or resized, at the version read; the rest of the
 * festival as it is. Saved as the whole festival is (version-guarded, the kitchen's totals written).
 */
export const festivalWindowChangeSchema = z
  .strictObject({
    version: z.number().int().min(1),
    closed: z.boolean().optional(),
    capacityBoxes: z.number().int().min(1).max(FESTIVAL_LIMITS.boxesPerWindow).optional(),
  })
  .refine((change) => change.closed !== undefined || change.capacityBoxes !== undefined, {
    message: FestivalDayMessages.NOTHING_TO_CHANGE,
    path: ["closed"],
  });
export type FestivalWindowChange = z.input<typeof festivalWindowChangeSchema>;

/** `POST .../bookings/{orderId}/move`: to which window of its day. */
export const bookingMoveSchema = z.strictObject({ toWindowId: festivalWindowIdSchema });

/** Bookings and their boxes: how many of each. */
const countSchema = z.object({ bookings: z.number().int(), boxes: z.number().int() });
export type BookingCount = z.infer<typeof countSchema>;

/**
 * A window's morning: `collected` (the pass marked), `waiting` (paid or cash due, not collected, the window not over
 * by the shop's clock), `notYetCome` (the window over, not collected).
 */
export const windowProgressSchema = z.object({
  booked: countSchema,
  collected: countSchema,
  waiting: countSchema,
  notYetCome: countSchema,
});
export type WindowProgress = z.infer<typeof windowProgressSchema>;

/** What the kitchen fills: boxes by kind, and the pieces of each festival product they take. */
export const productionListSchema = z.object({
  boxes: z.array(
    z.object({
      boxId: z.string(),
      name: z.string(),
      nameMr: z.string().optional(),
      pieces: z.number().int(),
      count: z.number().int(),
    }),
  ),
  products: z.array(
    z.object({ key: z.string(), name: z.string(), nameMr: z.string().optional(), pieces: z.number().int() }),
  ),
});
export type ProductionList = z.infer<typeof productionListSchema>;

/** A booking of a closed window, not collected nor cancelled, with the owner's two ways out. */
export const closedWindowBookingSchema = z.object({
  orderId: z.string(),
  customerName: z.string(),
  windowId: z.string(),
  windowLabel: z.string(),
  boxes: z.number().int(),
  payment: passPaymentSchema,
});
export type ClosedWindowBooking = z.infer<typeof closedWindowBookingSchema>;

export const festivalDayWindowSchema = z.object({
  windowId: z.string(),
  label: z.string(),
  labelMr: z.string().optional(),
  start: z.string(),
  end: z.string(),
  closed: z.boolean(),
  capacityBoxes: z.number().int(),
  /** Boxes a booking can still take, as the kitchen's counter has it (its whole capacity when not counted yet). */
  placesLeft: z.number().int(),
  /** Over by the shop's clock. */
  over: z.boolean(),
  /** Still in the festival (a window a save took out but with bookings is listed after the others). */
  inFestival: z.boolean(),
  progress: windowProgressSchema,
  production: productionListSchema,
});
export type FestivalDayWindow = z.infer<typeof festivalDayWindowSchema>;

/** `GET /api/payment/admin/festivals/{id}/days/{day}`. */
export const festivalDaySchema = z.object({
  festivalId: z.string(),
  festivalName: z.string(),
  nameMr: z.string().optional(),
  day: z.string(),
  /** The festival's days, for links to the others. */
  days: z.array(z.string()),
  version: z.number().int(),
  /** The shop's clock when read: the page says "as of" it. */
  at: z.string(),
  windows: z.array(festivalDayWindowSchema),
  totals: z.object({ progress: windowProgressSchema, production: productionListSchema }),
  closedWindowBookings: z.array(closedWindowBookingSchema),
});
export type FestivalDay = z.infer<typeof festivalDaySchema>;
