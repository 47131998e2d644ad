import { z } from "zod";
import { weightSchema } from "../api/catalogue.js";
import { PASS_ALPHABET, PASS_CODE_LENGTH } from "../api/counter.js";
import { defineEvent } from "../envelope.js";
import { languageSchema } from "../language-schema.js";

/**
 * A festival booking as its mails say it (docs/festivals.md, The pass in the mails): the festival, the India day, the
 * window's label in both languages and, once issued, the pass code (stored form, without the dash). Carried on
 * `order.paid`, `billing.receipt.generated` and `order.cash-on-delivery.confirmed` (optional there: added without a
 * new version) and on the reminder the evening before.
 */
export const bookingFactsSchema = z.object({
  festivalId: z.string().min(1).max(40),
  festivalName: z.string().min(1).max(80),
  nameMr: z.string().min(1).max(80).optional(),
  /** The India day of the pickup, `YYYY-MM-DD`. */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  windowLabel: z.string().min(1).max(80),
  windowLabelMr: z.string().min(1).max(80).optional(),
  /** The booking's pass code (docs/counter.md, Passes), when it was issued before the event was written. */
  passCode: z
    .string()
    .length(PASS_CODE_LENGTH)
    .regex(new RegExp(`^[${PASS_ALPHABET}]+$`))
    .optional(),
});
export type BookingFacts = z.infer<typeof bookingFactsSchema>;

export const FestivalEvents = {
  BOOKING_REMINDER_REQUESTED: "order.booking-reminder.requested",
  BOOKING_MOVED: "order.booking-moved",
} as const;

/**
 * `order.booking-reminder.requested`: the evening before a festival day, one per booking and day (docs/festivals.md,
 * The reminder mail): notification mails the shopper their pass, window and the shop's address, in the order's
 * language. Its pass code is always there: the job issues a missing pass before it writes the event.
 */
export const bookingReminderRequestedV1 = defineEvent(
  FestivalEvents.BOOKING_REMINDER_REQUESTED,
  1,
  z.object({
    orderId: z.string().min(1),
    customer: z.object({ name: z.string().min(1), email: z.string().email() }),
    festival: bookingFactsSchema.required({ passCode: true }),
    lines: z
      .array(
        z.object({
          name: z.string().min(1),
          pieces: z.number().int().positive().optional(),
          weight: weightSchema.optional(),
          quantity: z.number().int().positive(),
          marathiName: z.string().min(1).max(60).optional(),
        }),
      )
      .min(1),
    /** The shopper's language (docs/languages.md): the mail goes out in it. */
    language: languageSchema.optional(),
  }),
);

/**
 * `order.booking-moved`: the owner moved a booking of a window they closed to another window of its day
 * (docs/festivals.md, The festival's day): notification mails the shopper the new window with their pass (its code is
 * unchanged), in the order's language. Once per move: written with the order's change of window, guarded by the
 * window it was moved from.
 */
export const bookingMovedV1 = defineEvent(
  FestivalEvents.BOOKING_MOVED,
  1,
  z.object({
    orderId: z.string().min(1),
    customer: z.object({ name: z.string().min(1), email: z.string().email() }),
    /** The booking as it is now: the new window, and the pass code when the booking has its pass. */
    festival: bookingFactsSchema,
    /** The window the booking had, which the owner closed. */
    fromWindowLabel: z.string().min(1).max(80),
    fromWindowLabelMr: z.string().min(1).max(80).optional(),
    /** The shopper's language (docs/languages.md): the mail goes out in it. */
    language: languageSchema.optional(),
  }),
);
