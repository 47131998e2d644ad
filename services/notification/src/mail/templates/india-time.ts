import { INDIA_TIME_ZONE } from "@storefront/contracts";

// The shop's people read times in India Standard Time whatever the server's time zone.
const INDIA_TIME = new Intl.DateTimeFormat("en-IN", {
  timeZone: INDIA_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

/** An ISO instant as the shop reads it, e.g. `15 Jan 2025, 2:00 pm IST`. */
export function formatIndiaTime(iso: string): string {
  return `${INDIA_TIME.format(new Date(iso))} IST`;
}
