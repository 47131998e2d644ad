import type { CounterMorning } from "../../contracts";

/**
 * The festival morning a counter screen serves (docs/counter.md, The counter's screen). Chosen once at the top of the
 * screen and kept on the phone; every look-up and mark then names it, so a pass of another festival or day is
 * refused by the server in words the staff can say. "Any booking" names none (the owner checking a pass).
 */
export const ANY_MORNING = "any";
export const COUNTER_MORNING_KEY = "counterMorning";

/** The festival and day a look-up or mark names: both, or neither. */
export type CounterWhere = { festivalId: string; day: string } | Record<string, never>;

export const morningChoice = (morning: Pick<CounterMorning, "festivalId" | "day">) =>
  `${morning.festivalId}|${morning.day}`;

/** The choices of the screen's select: each morning offered, then "any booking". */
export const morningChoices = (mornings: readonly CounterMorning[]) => [...mornings.map(morningChoice), ANY_MORNING];

/**
 * What the screen serves when it opens: the choice kept on the phone if it is still offered, else today's one
 * festival morning (the morning itself needs no tap), else any booking.
 */
export function openingMorning(mornings: readonly CounterMorning[], kept: string | null, today: string): string {
  const choices = morningChoices(mornings);
  if (kept !== null && choices.includes(kept)) return kept;
  const todays = mornings.filter((morning) => morning.day === today);
  return todays.length === 1 && todays[0] ? morningChoice(todays[0]) : ANY_MORNING;
}

/** The festival and day a choice names, from the mornings offered (never parsed from the choice's text). */
export function whereOf(choice: string, mornings: readonly CounterMorning[]): CounterWhere {
  const morning = mornings.find((offered) => morningChoice(offered) === choice);
  return morning ? { festivalId: morning.festivalId, day: morning.day } : {};
}
