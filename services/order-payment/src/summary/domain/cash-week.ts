import type { CashDay } from "../persistence/cash-days.js";

/**
 * The week's cash orders as the dashboard shows them: of the orders placed in it, how many were confirmed, and the
 * share (null when none was placed); and how many were refused at the door in it. An order that expired unconfirmed,
 * or that its shopper cancelled by the button, counts as placed and not confirmed; so does one still waiting for its
 * code (minutes old, a few at most).
 */
export function cashWeek(days: readonly CashDay[]) {
  let placed = 0;
  let confirmed = 0;
  let refused = 0;
  for (const day of days) {
    const placedIds = new Set([...Object.keys(day.placed ?? {}), ...Object.keys(day.confirmed ?? {})]);
    placed += placedIds.size;
    confirmed += Object.keys(day.confirmed ?? {}).length;
    refused += Object.keys(day.refused ?? {}).length;
  }
  return { placed, confirmed, confirmationRate: placed ? confirmed / placed : null, refused };
}
