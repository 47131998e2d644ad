/**
 * India time, one home for the shop (a Maharashtra town): its people read every date and time in India Standard
 * Time whatever a server's or a device's zone, and its financial year and business days are India's.
 */
export const INDIA_TIME_ZONE = "Asia/Kolkata";

const INDIA_CALENDAR = new Intl.DateTimeFormat("en-CA", {
  timeZone: INDIA_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar date in India of an instant, as year, month (1-12) and day. */
export function indiaCalendarDate(at: Date): { year: number; month: number; day: number } {
  const [year = 0, month = 0, day = 0] = indiaDayKey(at).split("-").map(Number);
  return { year, month, day };
}

/** The calendar date in India of an instant as `YYYY-MM-DD` (a key for "today" that turns at India's midnight). */
export const indiaDayKey = (at: Date): string => INDIA_CALENDAR.format(at);
