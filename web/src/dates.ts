import { INDIA_TIME_ZONE } from "./contracts";

/** Times as the shop shows them: in India time whatever the device's zone, e.g. "23 Nov 2026, 3:21 pm". */
const inIndia = { dateStyle: "medium", timeZone: INDIA_TIME_ZONE } as const;

/** Date and time; with seconds where events a second apart must read apart (the on-call console). */
export const indiaDateTime = (iso: string, options: { seconds?: boolean } = {}) =>
  new Date(iso).toLocaleString("en-IN", { ...inIndia, timeStyle: options.seconds ? "medium" : "short" });

/** The day alone. */
export const indiaDay = (iso: string) => new Date(iso).toLocaleDateString("en-IN", inIndia);
