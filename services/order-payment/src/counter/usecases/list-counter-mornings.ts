import type { CounterMorning } from "@storefront/contracts";
import type { FestivalsRepository } from "../../festivals/persistence/festivals.js";
import { counterMornings } from "../domain/counter-mornings.js";

/** The mornings a counter may serve (domain/counter-mornings.ts): the festivals are a handful, one small read. */
export async function listCounterMornings(
  festivals: Pick<FestivalsRepository, "all">,
  now: Date,
): Promise<CounterMorning[]> {
  return counterMornings(await festivals.all(), now);
}
