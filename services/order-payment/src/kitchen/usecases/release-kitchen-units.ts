import type { KitchenRepository } from "../persistence/kitchen.js";
import {
  awaitMove,
  type DayHold,
  finishReleasing,
  finishRetaking,
  finishReturning,
  finishSelling,
} from "./hold-moves.js";

/** Turns of the hold's states a release follows at most (each turn is another caller's move seen). */
const TURNS = 20;

/**
 * Gives an order's units back to the kitchen (docs/back-office.md, Production capacity), as its hold's state says:
 * "held" (failed or expired unpaid): `held` -> `releasing` -> `released`; an order being paid (`selling`, `sold`,
 * `retaking`) keeps its units. "held-and-sold" (cancelled): `held` is released so, `sold` -> `returning` ->
 * `returned`, a sell or retake under way is finished first. Each product's units move once however often this runs,
 * and a payment that comes after an expiry takes them again (kitchen/usecases/sell-kitchen-units.ts).
 */
export async function releaseKitchenUnits(
  kitchen: KitchenRepository,
  orderId: string,
  what: "held" | "held-and-sold",
): Promise<void> {
  const claimed = await kitchen.claimHold(orderId, "held", "releasing");
  let released: DayHold | undefined;
  if (claimed?.day) {
    released = { ...claimed, day: claimed.day };
    await finishReleasing(kitchen, released);
  } else {
    released = await follow(kitchen, orderId, what);
  }
  // Legacy: a day stored before the hold's states keeps what an order bought in `soldTo`, and its hold says `held`
  // (kitchen/persistence/kitchen.ts, KitchenDay.soldTo): a cancel gives those back too; a no-op on newer days.
  if (released && what === "held-and-sold") {
    const { day } = released;
    await Promise.all(released.lines.map((line) => kitchen.giveBackSold(line.productId, day, orderId, line.units)));
  }
}

/** The hold's states followed to the end of the release: the hold when its units are given back, else undefined. */
async function follow(
  kitchen: KitchenRepository,
  orderId: string,
  what: "held" | "held-and-sold",
): Promise<DayHold | undefined> {
  const cancel = what === "held-and-sold";
  for (let turn = 0; turn < TURNS; turn++) {
    const found = await kitchen.holdOf(orderId);
    if (!found?.day) return undefined;
    const hold: DayHold = { ...found, day: found.day };
    switch (hold.state) {
      case "held":
        if (await kitchen.moveHold(orderId, "held", "releasing")) {
          await finishReleasing(kitchen, hold);
          return hold;
        }
        break;
      case "releasing":
        await finishReleasing(kitchen, hold);
        return hold;
      case "released":
      case "returned":
        return hold;
      case "selling":
        // Being paid: an expiry leaves it; a cancel finishes the sale, then returns it.
        if (!cancel) return undefined;
        await finishSelling(kitchen, hold);
        break;
      case "sold":
        if (!cancel) return undefined;
        // At the lines as read: a festival booking's move may change them while it stays sold.
        if (await kitchen.moveHold(orderId, "sold", "returning", hold.moves ?? 0)) {
          await finishReturning(kitchen, hold);
          return hold;
        }
        break;
      case "retaking":
        if (!cancel) return undefined;
        if ((await awaitMove(kitchen, hold)) === "owned") await finishRetaking(kitchen, hold);
        break;
      case "returning":
        if (!cancel) return undefined;
        if ((await awaitMove(kitchen, hold)) === "owned") {
          await finishReturning(kitchen, hold);
          return hold;
        }
        break;
      default:
        return undefined;
    }
  }
  throw new Error(`the kitchen hold of order ${orderId} kept moving`);
}
