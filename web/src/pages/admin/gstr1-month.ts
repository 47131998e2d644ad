import { indiaCalendarDate } from "../../contracts";

/** A month as GSTR-1 and its path name it: `YYYY-MM`. */
export const MONTH_KEY = /^\d{4}-(?:0[1-9]|1[0-2])$/;

/**
 * The month the accountant files by default: the one before this India month (GSTR-1 is due on the 11th of the
 * next; docs/business-buyers.md). India time, whatever the browser's zone: at 23:00 UTC on the 31st, India is
 * already in the next month.
 */
export function lastIndiaMonth(now: Date): string {
  const { year, month } = indiaCalendarDate(now);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}

/** This India month, the latest the picker offers (a month not yet over may still be looked at). */
export function thisIndiaMonth(now: Date): string {
  const { year, month } = indiaCalendarDate(now);
  return `${year}-${String(month).padStart(2, "0")}`;
}
