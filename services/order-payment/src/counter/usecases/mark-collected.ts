import { alreadyCollectedMessage, CounterMessages, type CounterPass } from "@storefront/contracts";
import type { Order } from "../../orders/domain/order.js";
import { CounterError } from "../domain/counter-error.js";
import { counterView, type FestivalPass, passPayment } from "../domain/pass.js";
import type { CounterContext, CounterStaff, CounterWhere } from "./counter-context.js";
import { openPass } from "./open-pass.js";

/**
 * `POST /api/payment/counter/passes/:code/collected` (docs/counter.md): the boxes handed over, recorded once by one
 * guarded update on the pass's `_id`. Of two phones marking at once one records; the other, and any later mark, is
 * refused with the first collection ("Already collected at 07:42 by Counter 2"). The phone that made the mark,
 * retrying it with the same `markId` after a lost answer, is answered as the first time. Only a paid booking is
 * handed over: a cash booking's cash is taken first.
 */
export async function markCollected(
  ctx: CounterContext,
  staff: CounterStaff,
  typed: string,
  where: CounterWhere,
  markId: string,
): Promise<CounterPass> {
  const { pass, order } = await openPass(ctx, staff, typed, where);
  if (pass.collected) return collectedBefore(pass, order, staff, markId);
  const payment = passPayment(order, pass);
  if (payment === "cancelled") throw new CounterError("cancelled", CounterMessages.CANCELLED);
  if (payment === "cash-due") throw new CounterError("cash-first", CounterMessages.CASH_FIRST);
  if (payment === "not-paid") throw new CounterError("not-paid", CounterMessages.NOT_PAID);
  const collected = { at: ctx.now(), by: staff.name, byUserId: staff.userId, markId };
  if (await ctx.passes.markCollected(pass._id, collected)) return counterView({ ...pass, collected }, order);
  // Another phone's mark won: answer from the stored one.
  const now = await ctx.passes.byCode(pass._id);
  if (!now?.collected) throw new Error(`pass ${pass._id}: its guarded mark matched nothing, yet it is not collected`);
  return collectedBefore(now, order, staff, markId);
}

/** The same phone's mark again: its first answer. Anyone else's: 409 with who collected it, and when. */
function collectedBefore(pass: FestivalPass, order: Order, staff: CounterStaff, markId: string): CounterPass {
  const first = pass.collected!;
  if (first.markId === markId && first.byUserId === staff.userId) return counterView(pass, order);
  throw new CounterError("already-collected", alreadyCollectedMessage(first.at, first.by), {
    collected: { at: first.at, by: first.by },
  });
}
