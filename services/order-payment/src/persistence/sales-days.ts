import { linePaidPaise } from "@storefront/contracts";
import { type Database, isDuplicateKey } from "@storefront/stores";
import type { Order, Refund } from "../domain/order.js";

type Db = Database["db"];

/**
 * One India day of sales (`sales_days`, `_id` = the day the orders were paid): the owner's dashboard reads 30 of
 * these instead of scanning every order (docs/back-office.md, The owner's dashboard). Each order and each refund is
 * counted once: its id is written in the same guarded update that adds it (`counted`, `refundsCounted`). A day's
 * order marks are dropped two days on ({@link SalesDays.forgetOrderMarks}): no order is settled or swept that late,
 * and a day read for the chart stays a few hundred bytes instead of one key per order.
 */
export interface SalesDay {
  _id: string;
  orders: number;
  revenuePaise: number;
  /** Refunds paid back (processed by the provider) of orders paid that day. */
  refundedPaise: number;
  products: Record<string, { name: string; units: number; revenuePaise: number }>;
  counted: Record<string, true>;
  refundsCounted: Record<string, true>;
}

export function salesDays(db: Db) {
  const days = db.collection<SalesDay>("sales_days");

  /** `update` applied to `day` unless `mark` is set there already (the day is opened first if it is new). */
  async function addOnce(day: string, mark: string, update: Record<string, Record<string, unknown>>) {
    const empty = { orders: 0, revenuePaise: 0, refundedPaise: 0, products: {}, counted: {}, refundsCounted: {} };
    await days.updateOne({ _id: day }, { $setOnInsert: empty }, { upsert: true }).catch((error: unknown) => {
      // Two sales opening the same day at once: one inserts it, the other finds it.
      if (!isDuplicateKey(error)) throw error;
    });
    await days.updateOne({ _id: day, [mark]: { $exists: false } }, update);
  }

  return {
    /** A paid order's sale, on the India day it was paid. */
    countSale: (order: Pick<Order, "_id" | "lines" | "payment">, day: string) => {
      const inc: Record<string, number> = { orders: 1, revenuePaise: order.payment?.amountPaise ?? 0 };
      const set: Record<string, unknown> = { [`counted.${order._id}`]: true };
      for (const line of order.lines) {
        inc[`products.${line.productId}.units`] = (inc[`products.${line.productId}.units`] ?? 0) + line.quantity;
        inc[`products.${line.productId}.revenuePaise`] =
          (inc[`products.${line.productId}.revenuePaise`] ?? 0) + linePaidPaise(line);
        set[`products.${line.productId}.name`] = line.name;
      }
      return addOnce(day, `counted.${order._id}`, { $inc: inc, $set: set });
    },
    /** A refund the provider paid back, against the day its order was paid. */
    countRefund: (refund: Pick<Refund, "refundId" | "amountPaise">, day: string) =>
      addOnce(day, `refundsCounted.${refund.refundId}`, {
        $inc: { refundedPaise: refund.amountPaise },
        $set: { [`refundsCounted.${refund.refundId}`]: true },
      }),
    /** Drops the order marks of the days before `beforeDay` (reconciliation); refund marks stay (refunds come late). */
    forgetOrderMarks: (beforeDay: string) =>
      days.updateMany({ _id: { $lt: beforeDay }, counted: { $exists: true } }, { $unset: { counted: "" } }),
    isCounted: async (orderId: string, day: string) =>
      (await days.countDocuments({ _id: day, [`counted.${orderId}`]: true })) === 1,
    /** The days from `fromDay` to `toDay`, without their order and refund marks. */
    between: (fromDay: string, toDay: string) =>
      days.find({ _id: { $gte: fromDay, $lte: toDay } }, { projection: { counted: 0, refundsCounted: 0 } }).toArray(),
  };
}
export type SalesDays = ReturnType<typeof salesDays>;
