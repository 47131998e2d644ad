/**
 * India time, one home for the shop (a Maharashtra town): its people read every date and time in India Standard
 * Time whatever a server's or a device's zone, and its financial year and business days are India's.
 */
export const INDIA_TIME_ZONE = "Asia/Kolkata";

/**
 * A date format in India time, made the first time it formats: the first `Intl.DateTimeFormat` with a time zone loads
 * the zone data, 15-40 ms of a fast desktop's CPU and several times that on a phone, which a module's top level would
 * spend while the page is starting (in the browser, before it answers a tap) whether or not a date is ever shown.
 */
export function indiaDateFormat(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, "timeZone">,
): Pick<Intl.DateTimeFormat, "format" | "formatToParts"> {
  let made: Intl.DateTimeFormat | undefined;
  const format = () => {
    made ??= new Intl.DateTimeFormat(locale, {
      ...options,
      ...marathiClock(locale, options),
      timeZone: INDIA_TIME_ZONE,
    });
    return made;
  };
  return { format: (at) => format().format(at), formatToParts: (at) => format().formatToParts(at) };
}

/**
 * Marathi times on the 24-hour clock ("18:20"): CLDR's Marathi writes "6:20 PM" with the English letters, and the
 * 24-hour form is how Indian railway and bus timetables print times in Marathi (docs/languages.md). A format that
 * names its own hour cycle keeps it.
 */
const marathiClock = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatOptions =>
  locale.startsWith("mr") &&
  (options.timeStyle !== undefined || options.hour !== undefined) &&
  options.hourCycle === undefined &&
  options.hour12 === undefined
    ? { hourCycle: "h23" }
    : {};

const INDIA_CALENDAR = indiaDateFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit" });

/** The calendar date in India of an instant, as year, month (1-12) and day. */
export function indiaCalendarDate(at: Date): { year: number; month: number; day: number } {
  const [year = 0, month = 0, day = 0] = indiaDayKey(at).split("-").map(Number);
  return { year, month, day };
}

/** The calendar date in India of an instant as `YYYY-MM-DD` (a key for "today" that turns at India's midnight). */
export const indiaDayKey = (at: Date): string => INDIA_CALENDAR.format(at);

const INDIA_CLOCK = indiaDateFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** Minutes since midnight in India of an instant (18:00 is 1080): for the shop's daily cut-offs. */
export function indiaMinutesOfDay(at: Date): number {
  const [hours = 0, minutes = 0] = INDIA_CLOCK.format(at).split(":").map(Number);
  return hours * 60 + minutes;
}

/** A time of day as the shop's settings write it: `HH:MM` (24 h), or `24:00` for the day's end. */
export const CLOCK_TIME = /^(?:([01]\d|2[0-3]):([0-5]\d)|24:00)$/;

/** A {@link CLOCK_TIME} as minutes since midnight; throws on anything else. */
export function clockMinutes(hhmm: string): number {
  const match = CLOCK_TIME.exec(hhmm);
  if (!match) throw new Error(`${hhmm} is not a time of day as HH:MM`);
  return match[1] === undefined ? 24 * 60 : Number(match[1]) * 60 + Number(match[2]);
}

/** A day as {@link indiaDayKey} writes it: `YYYY-MM-DD`. */
export const DAY_KEY = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

/** The India day `days` after `day` (both {@link DAY_KEY}s): calendar arithmetic, no clock or zone involved. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

const DAY_LABELS = new Map<string, ReturnType<typeof indiaDateFormat>>();

/** An India day (`YYYY-MM-DD`) as a shopper reads it: "Wed, 25 Nov"; one format per locale, made once. */
export function indiaDayLabel(day: string, locale = "en-IN"): string {
  let label = DAY_LABELS.get(locale);
  if (!label) {
    label = indiaDateFormat(locale, { weekday: "short", day: "numeric", month: "short" });
    DAY_LABELS.set(locale, label);
  }
  return label.format(new Date(`${day}T12:00:00+05:30`));
}
