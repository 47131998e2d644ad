import { addDays, clockMinutes, FESTIVAL_REMINDER_FROM, indiaDayKey, indiaMinutesOfDay } from "@storefront/contracts";

/**
 * When a festival day's bookings are reminded (docs/festivals.md, The reminder mail): on its eve, India time, from
 * {@link FESTIVAL_REMINDER_FROM} until midnight. Never before (a shopper reads "tomorrow" the evening before), never
 * on the day or after it (the mail says "tomorrow", and the morning's queue is at the counter by then). A booking made
 * later that evening is reminded by the job's next run; one made on the day itself is not.
 */

/** The festival day a reminder is due for at `now`, of the festival's `days`: tomorrow's, from 18:00 India time. */
export function reminderDayAt(now: Date, days: readonly string[]): string | undefined {
  if (indiaMinutesOfDay(now) < clockMinutes(FESTIVAL_REMINDER_FROM)) return undefined;
  const tomorrow = addDays(indiaDayKey(now), 1);
  return days.includes(tomorrow) ? tomorrow : undefined;
}

/** A booking's reminder's `_id`, one per booking and day: its claim (docs/festivals.md). */
export const reminderId = (orderId: string, day: string) => `${orderId}#${day}`;
