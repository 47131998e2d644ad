import type { CounterPass } from "@storefront/contracts";
import { counterView } from "../domain/pass.js";
import type { CounterContext, CounterStaff, CounterWhere } from "./counter-context.js";
import { openPass } from "./open-pass.js";

/** `GET /api/payment/counter/passes/:code`: the booking as the counter sees it (docs/counter.md). */
export async function lookUpPass(
  ctx: CounterContext,
  staff: CounterStaff,
  typed: string,
  where: CounterWhere,
): Promise<CounterPass> {
  const { pass, order } = await openPass(ctx, staff, typed, where);
  return counterView(pass, order);
}
