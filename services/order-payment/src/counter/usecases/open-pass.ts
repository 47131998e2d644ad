import { CounterMessages, normalisePassCode, OTHER_FESTIVAL_MESSAGE, otherDayMessage } from "@storefront/contracts";
import type { Order } from "../../orders/domain/order.js";
import { CounterError } from "../domain/counter-error.js";
import type { FestivalPass } from "../domain/pass.js";
import type { CounterContext, CounterStaff, CounterWhere } from "./counter-context.js";

/**
 * The pass a code typed at the counter names, with its order (docs/counter.md): the step every counter route begins
 * with. A malformed code is refused before anything is read (a typo, not a guess: not counted). An account past its
 * allowance of unknown codes is refused whatever the code, so the answer tells it nothing; each unknown code counts,
 * a known one never does. A pass of another festival or day than the screen's is refused in words the staff can say.
 */
export async function openPass(
  ctx: Pick<CounterContext, "passes" | "passGuesses" | "orders">,
  staff: CounterStaff,
  typed: string,
  where: CounterWhere,
): Promise<{ pass: FestivalPass; order: Order }> {
  const code = normalisePassCode(typed);
  if (!code) throw new CounterError("malformed", CounterMessages.MALFORMED_PASS);
  const wait = await ctx.passGuesses.waitFor(staff.userId);
  if (wait > 0) {
    throw new CounterError("too-many-guesses", CounterMessages.TOO_MANY_GUESSES, { retryAfterSeconds: wait });
  }
  const pass = await ctx.passes.byCode(code);
  // A pass counts only while its order's claim names it (issue-pass.ts): read both by `_id`.
  const order = pass && (await ctx.passes.codeOf(pass.orderId)) === code ? await ctx.orders.byId(pass.orderId) : null;
  if (!pass || !order) {
    await ctx.passGuesses.wrong(staff.userId);
    throw new CounterError("unknown", CounterMessages.UNKNOWN_PASS);
  }
  if (where.festivalId !== undefined && where.festivalId !== pass.festivalId) {
    throw new CounterError("other-festival", OTHER_FESTIVAL_MESSAGE);
  }
  if (where.day !== undefined && where.day !== pass.day) {
    throw new CounterError("other-day", otherDayMessage(pass.day, where.day));
  }
  return { pass, order };
}
