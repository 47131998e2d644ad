import type { KitchenRepository } from "../persistence/kitchen.js";
import { awaitMove, type DayHold, finishReleasing, finishRetaking, finishSelling } from "./hold-moves.js";

export type SellOutcome = { sold: true } | { sold: false; day: string };

/** Turns of the hold's states a sell follows at most (each turn is another caller's move seen). */
const TURNS = 20;

/**
 * A paid order's units become sold on its dispatch day (docs/back-office.md, Production capacity). Its hold's state
 * decides: `held` -> `selling` (each line's held units sold) -> `sold`; `released` (the payment came after the order
 * expired and gave its units back) -> `retaking`: taken again while there is room, else back to `released` and
 * "full": the order is overbooked, and settling cancels and refunds it (payments/usecases/settle-payment.ts). A move
 * found under way is finished (`selling`, `releasing`) or waited for (`retaking`). On the common path the first
 * command is the move `held` -> `selling`, which also reads the hold's lines. An order placed before the kitchen
 * counted, or cancelled since (`returning`, `returned`), has nothing to sell.
 */
export async function sellKitchenUnits(kitchen: KitchenRepository, orderId: string): Promise<SellOutcome> {
  const claimed = await kitchen.claimHold(orderId, "held", "selling");
  if (claimed?.day && !(await givenBackBeforeStates(kitchen, { ...claimed, day: claimed.day }))) {
    await finishSelling(kitchen, { ...claimed, day: claimed.day });
    return { sold: true };
  }
  for (let turn = 0; turn < TURNS; turn++) {
    const found = await kitchen.holdOf(orderId);
    if (!found?.day) return { sold: true };
    const hold: DayHold = { ...found, day: found.day };
    const full = { sold: false as const, day: hold.day };
    switch (hold.state) {
      case "held":
        if ((await kitchen.moveHold(orderId, "held", "selling")) && !(await givenBackBeforeStates(kitchen, hold))) {
          await finishSelling(kitchen, hold);
          return { sold: true };
        }
        break;
      case "selling":
        // A sell asked again, beside another or after a crash: the same writes, each made once.
        await finishSelling(kitchen, hold);
        return { sold: true };
      case "releasing":
        // Its expiry is giving its units back: that first, then they are taken again.
        await finishReleasing(kitchen, hold);
        break;
      case "released":
        if (await kitchen.moveHold(orderId, "released", "retaking")) {
          return (await finishRetaking(kitchen, hold)) ? { sold: true } : full;
        }
        break;
      case "retaking":
        if ((await awaitMove(kitchen, hold)) === "owned") {
          return (await finishRetaking(kitchen, hold)) ? { sold: true } : full;
        }
        break;
      default:
        // sold; or given back by a cancel (returning, returned): nothing to sell.
        return { sold: true };
    }
  }
  throw new Error(`the kitchen hold of order ${orderId} kept moving`);
}

/**
 * Legacy (kitchen/persistence/kitchen.ts, KitchenDay.soldTo): a hold stored before the holds' states (no `movedAt`)
 * stayed `held` when its order expired and the code of then gave its units back. Its sell, just moved to `selling`,
 * is turned into a retake (`released`, taken again on the next turn) when no line has units on its day any more.
 * Drop it with `soldTo`.
 */
async function givenBackBeforeStates(kitchen: KitchenRepository, hold: DayHold): Promise<boolean> {
  if (hold.movedAt) return false;
  const kept = await Promise.all(hold.lines.map((line) => kitchen.legacyHasUnits(line.productId, hold.day, hold._id)));
  if (kept.some(Boolean)) return false;
  await kitchen.moveHold(hold._id, "selling", "released");
  return true;
}
