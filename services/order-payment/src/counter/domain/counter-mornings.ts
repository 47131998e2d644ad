import type { Festival } from "@storefront/contracts";
import { addDays, COUNTER_MORNINGS_AHEAD_DAYS, type CounterMorning, indiaDayKey } from "@storefront/contracts";

/**
 * The festival mornings a counter screen may serve (docs/counter.md, The counter's screen): every festival day from
 * today (India) to `COUNTER_MORNINGS_AHEAD_DAYS` ahead, soonest first. Names and days only: the counter sees no
 * prices.
 */
export function counterMornings(festivals: readonly Festival[], now: Date): CounterMorning[] {
  const today = indiaDayKey(now);
  const last = addDays(today, COUNTER_MORNINGS_AHEAD_DAYS);
  return festivals
    .flatMap((festival) =>
      festival.days
        .filter((day) => day >= today && day <= last)
        .map((day) => ({
          festivalId: festival._id,
          name: festival.name,
          ...(festival.nameMr ? { nameMr: festival.nameMr } : {}),
          day,
        })),
    )
    .sort((a, b) => a.day.localeCompare(b.day) || a.name.localeCompare(b.name));
}
