import type { Order } from "../../orders/domain/order.js";
import type { FestivalPass, PassFestival } from "../domain/pass.js";
import { newPassCode } from "../domain/pass-code.js";
import type { FestivalPasses } from "../persistence/festival-passes.js";

/** A new code found taken by other orders' passes this many times in a row means something else is wrong. */
const MOST_CODE_TRIES = 8;

/**
 * The booking pass of a festival order (docs/counter.md, Passes), made once however often and however concurrently
 * it is asked: the order's code is claimed first by a unique insert keyed by the order (one claim wins; every caller
 * then reads the same code), then the pass is written under that code. A call that finds the pass answers it; one
 * that finds the claim without a pass (a caller that died between the writes) writes it. A code taken by another
 * order's pass is swapped for a new one on the order's claim (a guarded update on `_id`), and the pass tried again.
 * The booking checkout calls it once the order is paid or confirmed.
 */
export async function issuePass(
  ctx: { passes: FestivalPasses; orders: { byId(orderId: string): Promise<Order | null> }; now(): Date },
  orderId: string,
  festival: PassFestival,
): Promise<FestivalPass> {
  if (!(await ctx.orders.byId(orderId))) throw new Error(`issuePass: no order ${orderId}`);
  for (let attempt = 0; attempt < MOST_CODE_TRIES; attempt++) {
    const code = await claimedCode(ctx.passes, orderId, ctx.now());
    const found = await ctx.passes.byCode(code);
    if (found?.orderId === orderId) return found;
    if (!found) {
      const pass: FestivalPass = { _id: code, orderId, ...festival, issuedAt: ctx.now() };
      if (await ctx.passes.insert(pass)) return pass;
      const winner = await ctx.passes.byCode(code);
      if (winner?.orderId === orderId) return winner;
    }
    // Another order's pass has this code: one racer swaps it, the others read the new one on the next turn.
    await ctx.passes.swapCode(orderId, code, newPassCode());
  }
  throw new Error(`issuePass: no free code for order ${orderId} after ${MOST_CODE_TRIES} tries`);
}

/** The order's code: the one claimed before, or a new one claimed now (of two claims, the first stands). */
async function claimedCode(passes: FestivalPasses, orderId: string, at: Date): Promise<string> {
  const claimed = await passes.codeOf(orderId);
  if (claimed) return claimed;
  const code = newPassCode();
  if (await passes.claimCode(orderId, code, at)) return code;
  const winner = await passes.codeOf(orderId);
  if (!winner) throw new Error(`issuePass: the claim of order ${orderId} is neither mine nor readable`);
  return winner;
}
