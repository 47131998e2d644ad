import type { HoldState, KitchenHold, KitchenRepository } from "../persistence/kitchen.js";

/**
 * The day writes of each move of an order's units (docs/back-office.md, Production capacity), run once its hold is in
 * the move's `-ing` state (kitchen/persistence/kitchen.ts, HoldState). Each line's write is guarded by the order's own
 * entry on its product-day, so asking a move again (a retry, a crash continued) writes nothing twice.
 */

/** A hold with its dispatch day: one whose lines were all held. */
export type DayHold = KitchenHold & { day: string };

/**
 * `selling`: each line's held units become sold, then the hold is `sold`. Safe beside another caller doing the same:
 * nobody else removes the order's `heldFor` entries while its hold is `selling`.
 */
export async function finishSelling(kitchen: KitchenRepository, hold: DayHold): Promise<void> {
  await Promise.all(hold.lines.map((line) => kitchen.sellHeld(line.productId, hold.day, hold._id, line.units)));
  await kitchen.moveHold(hold._id, "selling", "sold");
}

/** `releasing`: each line's held units go back to the day, then the hold is `released`. Safe beside another. */
export async function finishReleasing(kitchen: KitchenRepository, hold: DayHold): Promise<void> {
  await Promise.all(hold.lines.map((line) => kitchen.giveBackHeld(line.productId, hold.day, hold._id, line.units)));
  await kitchen.moveHold(hold._id, "releasing", "released");
}

/**
 * `retaking`, by its one owner (see {@link awaitMove}): every line taken again while there is room, then `sold`; when
 * a line does not fit, the lines taken go back and the hold is `released` again. Answers whether it sold.
 */
export async function finishRetaking(kitchen: KitchenRepository, hold: DayHold): Promise<boolean> {
  let full = false;
  for (const line of hold.lines) {
    if (!(await kitchen.retake(line.productId, hold.day, hold._id, line.units))) {
      full = true;
      break;
    }
  }
  if (!full) {
    await kitchen.moveHold(hold._id, "retaking", "sold");
    await Promise.all(hold.lines.map((line) => kitchen.clearRetaking(line.productId, hold.day, hold._id)));
    return true;
  }
  // Every line, not only those before the full one: a dead owner continued here may have taken later ones.
  await Promise.all(hold.lines.map((line) => kitchen.untake(line.productId, hold.day, hold._id, line.units)));
  await kitchen.moveHold(hold._id, "retaking", "released");
  return false;
}

/** `returning`, by its one owner: each line's sold units go back to the day, then `returned`. */
export async function finishReturning(kitchen: KitchenRepository, hold: DayHold): Promise<void> {
  await Promise.all(hold.lines.map((line) => kitchen.returnSold(line.productId, hold.day, hold._id, line.units)));
  await kitchen.moveHold(hold._id, "returning", "returned");
  await Promise.all(hold.lines.map((line) => kitchen.clearReturning(line.productId, hold.day, hold._id)));
}

/** A move whose state has not changed for this long was left by a dead process: another caller continues it. */
export const MOVE_LEFT_MS = 60_000;
/** How long a caller waits for another's move under way (they take milliseconds). */
const WAIT_FOR_MOVE_MS = 3_000;

/** Whether the hold's move (`retaking`, `returning`) was left by a dead process. */
export const moveLeft = (hold: KitchenHold, now = Date.now()) => (hold.movedAt?.getTime() ?? 0) < now - MOVE_LEFT_MS;

/**
 * A hold found `retaking` or `returning`: those moves write a marker per line and remove it at the end, so a second
 * writer beside the first could take or give back a line again after the first removed its marker; only one caller
 * moves them. The others wait for the hold to leave that state ("moved": it is read again), and a move left by a dead
 * process ({@link moveLeft}) is taken over by one of them ("owned": continue it).
 */
export async function awaitMove(kitchen: KitchenRepository, hold: DayHold): Promise<"owned" | "moved"> {
  const state: HoldState = hold.state;
  const until = Date.now() + WAIT_FOR_MOVE_MS;
  let seen: KitchenHold | null = hold;
  while (seen?.state === state) {
    if (moveLeft(seen) && (await kitchen.takeOverMove(hold._id, state, seen.movedAt))) return "owned";
    if (Date.now() > until) throw new Error(`the kitchen hold of order ${hold._id} is still ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen = await kitchen.holdOf(hold._id);
  }
  return "moved";
}
