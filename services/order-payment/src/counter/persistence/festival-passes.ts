import { insertOnce } from "@storefront/stores";
import type { Db } from "mongodb";
import type { Collection, FestivalPass } from "../domain/pass.js";

/**
 * Which pass an order has (`festival_pass_orders`, `_id` = order id): written first and once (a unique insert decides,
 * which holds across processes on the local database too: docs/local-database.md, Concurrency), so two racing
 * issues of one order agree on one code before either writes a pass. A code found taken by another order's pass is
 * swapped here for a new one by a guarded update on `_id` and the old code.
 */
export interface PassOfOrder {
  _id: string;
  code: string;
  at: Date;
}

/** The passes (`festival_passes`, `_id` = code) and which pass each order has; every read and write is by `_id`. */
export function festivalPasses(db: Db) {
  const passes = db.collection<FestivalPass>("festival_passes");
  const ofOrders = db.collection<PassOfOrder>("festival_pass_orders");
  return {
    byCode: (code: string) => passes.findOne({ _id: code }),
    codeOf: async (orderId: string) => (await ofOrders.findOne({ _id: orderId }))?.code,
    /** Claims `code` for the order, once: false when the order has a code already (read it with `codeOf`). */
    claimCode: (orderId: string, code: string, at: Date) => insertOnce(ofOrders, { _id: orderId, code, at }),
    /** The order's code `from` becomes `to` (its pass could not take `from`); false when it is `from` no more. */
    async swapCode(orderId: string, from: string, to: string): Promise<boolean> {
      const result = await ofOrders.updateOne({ _id: orderId, code: from }, { $set: { code: to } });
      return result.modifiedCount === 1;
    },
    /** Writes the pass; false when its code is taken (by this order's pass, or another's). */
    insert: (pass: FestivalPass) => insertOnce(passes, pass),
    /** The pass's window, after its booking was moved to another (festivals/usecases/move-festival-booking.ts). */
    moveWindow: (code: string, windowId: string, windowLabel: string) =>
      passes.updateOne({ _id: code }, { $set: { windowId, windowLabel } }),
    /**
     * Marks the pass collected, once: one guarded update on `_id` (the local database's updates are atomic per
     * document with the project's patch: docs/local-database.md), so of two phones one records, the other is told.
     */
    async markCollected(code: string, collection: Collection): Promise<boolean> {
      const result = await passes.updateOne(
        { _id: code, collected: { $exists: false } },
        { $set: { collected: collection } },
      );
      return result.modifiedCount === 1;
    },
  };
}
export type FestivalPasses = ReturnType<typeof festivalPasses>;
