import { type FulfilmentStatus, fulfilmentStatusSchema, type OrderStatus } from "@storefront/contracts";
import { type Database, insertOnce, isDuplicateKey } from "@storefront/stores";

type Db = Database["db"];

/** The step of a cancelled order: above any fulfilment change, so nothing older moves it back. */
export const CANCELLED_STEP = 1_000_000;
/** Where a paid order can stand (the contracts' fulfilment steps, or cancelled): the recount writes each, 0 or more. */
const BOARD_STATUSES = [...fulfilmentStatusSchema.options, "Canceled"] as const;
/** Delivered and cancelled orders leave the board a day after they got there. */
const KEPT_AFTER_DONE_MS = 86_400_000;

interface BoardEntry {
  _id: string;
  status: OrderStatus;
  step: number;
  at: Date;
}

/**
 * Paid orders and where they stand (`fulfilment_board`, one small document per order), and how many stand at each
 * status (`fulfilment_counts`, one document): the owner's dashboard reads the counts in one lookup, where counting
 * across the orders would make the local database read every order placed (docs/back-office.md, The owner's
 * dashboard). Each move carries the order's step (its number of fulfilment changes), so a late word never moves an
 * order back, and the count follows the move that won. A count that drifted (a process died between the two writes)
 * is set right by {@link FulfilmentBoard.recount} on every reconciliation pass.
 */
export function fulfilmentBoard(db: Db) {
  const board = db.collection<BoardEntry>("fulfilment_board");
  // One document, `_id` "now", a count per status.
  const counts = db.collection<{ _id: string }>("fulfilment_counts");

  return {
    /** The order stands at `status` after `step` changes (0: just paid). */
    async place(orderId: string, status: OrderStatus, step: number, at = new Date()): Promise<void> {
      if (step === 0) {
        // The first placement (paid, or confirmed for cash) has no status before it, so its count is known before the
        // entry's answer: both writes go side by side, and the rare loser (the order was on the board already) takes
        // its count back. A process dying between them leaves a drift the next recount clears, as above.
        const [placed] = await Promise.all([
          insertOnce(board, { _id: orderId, status, step, at }),
          counts.updateOne({ _id: "now" }, { $inc: { [status]: 1 } }, { upsert: true }),
        ]);
        if (!placed) await counts.updateOne({ _id: "now" }, { $inc: { [status]: -1 } });
        return;
      }
      let before: BoardEntry | null;
      try {
        before = await board.findOneAndUpdate(
          { _id: orderId, step: { $lt: step } },
          { $set: { status, step, at } },
          { upsert: true, returnDocument: "before" },
        );
      } catch (error) {
        // The order is on the board at this step or a later one already: this word is old news.
        if (isDuplicateKey(error)) return;
        throw error;
      }
      if (before?.status === status) return;
      const inc: Record<string, number> = { [status]: 1 };
      if (before) inc[before.status] = -1;
      await counts.updateOne({ _id: "now" }, { $inc: inc }, { upsert: true });
    },

    /** How many orders stand at each of `statuses`. */
    async count(statuses: readonly FulfilmentStatus[]): Promise<Record<string, number>> {
      const now: Record<string, unknown> = (await counts.findOne({ _id: "now" })) ?? {};
      return Object.fromEntries(statuses.map((status) => [status, Math.max(0, Number(now[status] ?? 0))]));
    },

    /**
     * Takes delivered and cancelled orders off a day after they got there, and counts the board again (for
     * reconciliation: a few hundred small documents).
     */
    async recount(now: Date): Promise<void> {
      await board.deleteMany({
        status: { $in: ["Delivered", "Canceled"] },
        at: { $lt: new Date(now.getTime() - KEPT_AFTER_DONE_MS) },
      });
      const counted: Record<string, number> = {};
      for await (const entry of board.find({}, { projection: { status: 1 } })) {
        counted[entry.status] = (counted[entry.status] ?? 0) + 1;
      }
      await counts.replaceOne(
        { _id: "now" },
        Object.fromEntries(BOARD_STATUSES.map((status) => [status, counted[status] ?? 0])),
        { upsert: true },
      );
    },
  };
}
export type FulfilmentBoard = ReturnType<typeof fulfilmentBoard>;
