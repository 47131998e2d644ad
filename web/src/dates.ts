import { indiaDateFormat } from "./contracts";

/** Times as the shop shows them: in India time whatever the device's zone, e.g. "23 Nov 2026, 3:21 pm". */
const INDIA_DATE_TIME = indiaDateFormat("en-IN", { dateStyle: "medium", timeStyle: "short" });
const INDIA_DATE_TIME_SECONDS = indiaDateFormat("en-IN", { dateStyle: "medium", timeStyle: "medium" });

/** Date and time; with seconds where events a second apart must read apart (the on-call console). */
export const indiaDateTime = (iso: string, options: { seconds?: boolean } = {}) =>
  (options.seconds ? INDIA_DATE_TIME_SECONDS : INDIA_DATE_TIME).format(new Date(iso));

const INDIA_LOCAL_PARTS = indiaDateFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** An instant as a `datetime-local` field shows it, in India time whatever the device's zone: "2026-10-20T00:00". */
export function indiaLocalInput(iso: string): string {
  const parts = INDIA_LOCAL_PARTS.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((one) => one.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`;
}

/** What the owner typed in a `datetime-local` field, read as India time (the server checks it is an instant). */
export const fromIndiaLocalInput = (typed: string) => `${typed}:00+05:30`;
