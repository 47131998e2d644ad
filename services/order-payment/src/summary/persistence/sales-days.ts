import { linePaidPaise } from "@storefront/contracts";
import { type Database, insertOnce, isDuplicateKey } from "@storefront/stores";
import type { Order, Refund } from "../../orders/domain/order.js";
import { cashDays } from "./cash-days.js";

type Db = Database["db"];

/**
 * One India day of sales (`sales_days`, `_id` = the day the orders were paid): the owner's dashboard reads 30 of
 * these instead of scanning every order (docs/back-office.md, The owner's dashboard). Each order is counted once by
 * its own small mark (`sales_day_orders`, below); each refund by its id in `refundsCounted` (refunds are few).
 */
export interface SalesDay {
  _id: string;
  orders: number;
  revenuePaise: number;
  /** Refunds paid back (processed by the provider) of orders paid that day. */
  refundedPaise: number;
  products: Record<string, { name: string; units: number; revenuePaise: number }>;
  refundsCounted?: Record<string, true>;
  /**
   * The orders whose increment is in the figures but whose mark does not say so yet: pushed by the increment itself,
   * taken off by {@link SalesDays.forgetOrderMarks} once their marks say "applied" (a minute's orders at most).
   */
  inFlight?: string[];
  /** A mark written before this instant is finished by the sweep, never by its own (stalled) process. */
  finishedBefore?: Date;
  /** The sweep's lease on the day while it finishes its marks (two overlapping passes take turns). */
  finishing?: Date;
}

/** What one paid order adds to its day. */
interface SaleFigures {
  revenuePaise: number;
  lines: { productId: string; name: string; units: number; revenuePaise: number }[];
}

/**
 * One counted order (`_id` = the order id), inserted once before its day's figures are increased: the insert decides
 * who counts an order (a live settlement, the sweeper, a duplicate), and `applied` says whether its increment is
 * known to be in the day's figures. Kept two days like the order marks it replaces, then dropped.
 */
interface SaleMark {
  _id: string;
  day: string;
  figures: SaleFigures;
  at: Date;
  applied: boolean;
}

/** A mark this young may be between its insert and its increment in a live process: the sweep leaves it. */
const SETTLING_MS = 60_000;
/** A sweep that holds a day longer than this died or stalled: the next one takes the day over. */
const FINISHING_LEASE_MS = 5 * 60_000;

function figuresOf(order: Pick<Order, "lines" | "payment">): SaleFigures {
  const lines = new Map<string, SaleFigures["lines"][number]>();
  for (const line of order.lines) {
    const sold = lines.get(line.productId) ?? { productId: line.productId, name: line.name, units: 0, revenuePaise: 0 };
    sold.units += line.quantity;
    sold.revenuePaise += linePaidPaise(line);
    lines.set(line.productId, sold);
  }
  return { revenuePaise: order.payment?.amountPaise ?? 0, lines: [...lines.values()] };
}

/** The day's update adding `figures`, and `orderId` to the day's in-flight list in the same atomic write. */
function increment(orderId: string, figures: SaleFigures) {
  const inc: Record<string, number> = { orders: 1, revenuePaise: figures.revenuePaise, refundedPaise: 0 };
  const set: Record<string, string> = {};
  for (const line of figures.lines) {
    inc[`products.${line.productId}.units`] = line.units;
    inc[`products.${line.productId}.revenuePaise`] = line.revenuePaise;
    set[`products.${line.productId}.name`] = line.name;
  }
  return { $inc: inc, $set: set, $push: { inFlight: orderId } };
}

/**
 * Counting an order: its mark is inserted (once: a duplicate stops there), then one upsert by `_id` adds its figures
 * and its id to the day's `inFlight`, refused if the id is there already. A crash between the two leaves a mark not
 * applied and not in flight: {@link SalesDays.forgetOrderMarks} applies it, after it moved the day's
 * `finishedBefore` past the mark, so the stalled process's own increment, should it arrive later, is refused (no
 * double). A mark whose id is in flight was applied (the id and the figures went in one write): the sweep says so
 * on the mark, then takes the id off, so the day holds a minute's ids at most, not one per order of the day.
 */
export function salesDays(db: Db) {
  const days = db.collection<SalesDay>("sales_days");
  const marks = db.collection<SaleMark>("sales_day_orders");
  /** The last `beforeDay` whose marks this process dropped. */
  let forgottenBefore: string | undefined;

  /** Adds the mark's figures unless its id is in flight already (and, for a live process, unless the sweep took over). */
  async function apply(mark: Pick<SaleMark, "_id" | "day" | "figures" | "at">, live: boolean): Promise<void> {
    const notFinished = { $or: [{ finishedBefore: { $exists: false } }, { finishedBefore: { $lte: mark.at } }] };
    const filter = { _id: mark.day, inFlight: { $ne: mark._id }, ...(live ? notFinished : {}) };
    await days.updateOne(filter, increment(mark._id, mark.figures), { upsert: true }).catch((error: unknown) => {
      // The day exists and refused: the order is in flight already, or the sweep finishes its mark.
      if (!isDuplicateKey(error)) throw error;
    });
  }

  /** Finishes the marks of one day (see {@link salesDays}); skips the day while another sweep holds it. */
  async function finishDay(day: string, pending: readonly SaleMark[], now: number): Promise<void> {
    const cutoff = new Date(now - SETTLING_MS);
    const opened = { orders: 0, revenuePaise: 0, refundedPaise: 0, products: {} };
    const lease = {
      $or: [{ finishing: { $exists: false } }, { finishing: { $lt: new Date(now - FINISHING_LEASE_MS) } }],
    };
    const held = await days
      .updateOne(
        { _id: day, ...lease },
        { $set: { finishing: new Date(now) }, $max: { finishedBefore: cutoff }, $setOnInsert: opened },
        { upsert: true },
      )
      .then(() => true)
      .catch((error: unknown) => {
        // Another sweep holds the day: it finishes these marks.
        if (isDuplicateKey(error)) return false;
        throw error;
      });
    if (!held) return;
    // Read again under the lease: a sweep that held the day since these marks were read may have finished them and
    // taken their ids off `inFlight`, and applying them again would count them twice (seen with two passes at once).
    const unfinished = await marks.find({ _id: { $in: pending.map((mark) => mark._id) }, applied: false }).toArray();
    const inFlight = (await days.findOne({ _id: day }, { projection: { inFlight: 1 } }))?.inFlight ?? [];
    const applied = new Set(inFlight);
    for (const mark of unfinished) {
      if (applied.has(mark._id) || mark.at >= cutoff) continue;
      await apply(mark, false);
      applied.add(mark._id);
    }
    if (applied.size) await marks.updateMany({ _id: { $in: [...applied] } }, { $set: { applied: true } });
    await days.updateOne({ _id: day }, { $pullAll: { inFlight: [...applied] }, $unset: { finishing: "" } });
  }

  /** `update` applied to `day` unless `mark` is set there already (the day is opened first if it is new). */
  async function addOnce(day: string, mark: string, update: Record<string, Record<string, unknown>>) {
    const empty = { orders: 0, revenuePaise: 0, refundedPaise: 0, products: {}, refundsCounted: {} };
    await days.updateOne({ _id: day }, { $setOnInsert: empty }, { upsert: true }).catch((error: unknown) => {
      // Two sales opening the same day at once: one inserts it, the other finds it.
      if (!isDuplicateKey(error)) throw error;
    });
    await days.updateOne({ _id: day, [mark]: { $exists: false } }, update);
  }

  return {
    // The cash on delivery orders' days beside the sales' (docs/back-office.md, The week's cash orders).
    ...cashDays(db),
    ensureIndexes: async () => {
      await marks.createIndex({ applied: 1, at: 1 });
      await marks.createIndex({ day: 1 });
    },
    /** A paid order's sale, on the India day it was paid: once, however often and by whomever it is asked. */
    async countSale(order: Pick<Order, "_id" | "lines" | "payment">, day: string): Promise<void> {
      const mark = { _id: order._id, day, figures: figuresOf(order), at: new Date(), applied: false };
      if (await insertOnce(marks, mark)) await apply(mark, true);
    },
    /** A refund the provider paid back, against the day its order was paid. */
    countRefund: (refund: Pick<Refund, "refundId" | "amountPaise">, day: string) =>
      addOnce(day, `refundsCounted.${refund.refundId}`, {
        $inc: { refundedPaise: refund.amountPaise },
        $set: { [`refundsCounted.${refund.refundId}`]: true },
      }),
    /**
     * For reconciliation, every pass: finishes the marks not known applied (a minute old: a crash between a mark and
     * its increment; younger ones only if their increment is in), then drops the marks of the days before
     * `beforeDay` (no order is settled or swept that late), and the per-order `counted` maps days kept before the
     * marks had their own documents. Refund marks stay (refunds come late).
     */
    async forgetOrderMarks(beforeDay: string, now = Date.now()): Promise<void> {
      const byDay = new Map<string, SaleMark[]>();
      for (const mark of await marks.find({ applied: false }).toArray()) {
        byDay.set(mark.day, [...(byDay.get(mark.day) ?? []), mark]);
      }
      for (const [day, pending] of byDay) await finishDay(day, pending, now);
      // Once a day per process is enough to drop what turned two days old (the pass runs every minute).
      if (forgottenBefore === beforeDay) return;
      await marks.deleteMany({ day: { $lt: beforeDay }, applied: true });
      await days.updateMany({ _id: { $lt: beforeDay }, counted: { $exists: true } }, { $unset: { counted: "" } });
      forgottenBefore = beforeDay;
    },
    /** Whether the order's sale is counted, or will be by the sweep (its mark is written). */
    isCounted: async (orderId: string, day: string) =>
      (await marks.findOne({ _id: orderId }, { projection: { _id: 1 } })) !== null ||
      // Counted before the marks had documents of their own: in its day's `counted` map.
      (await days.findOne({ _id: day, [`counted.${orderId}`]: true }, { projection: { _id: 1 } })) !== null,
    /**
     * The days' revenue and refunds only, from `fromDay` to `toDay` (the e-invoicing's trailing year: a range of
     * `_id`, each day's two numbers without its products).
     */
    turnoverBetween: (fromDay: string, toDay: string) =>
      days
        .find({ _id: { $gte: fromDay, $lte: toDay } }, { projection: { revenuePaise: 1, refundedPaise: 1 } })
        .toArray() as Promise<Pick<SalesDay, "_id" | "revenuePaise" | "refundedPaise">[]>,
    /** The days from `fromDay` to `toDay`, without their bookkeeping. */
    between: (fromDay: string, toDay: string) =>
      days
        .find(
          { _id: { $gte: fromDay, $lte: toDay } },
          { projection: { counted: 0, refundsCounted: 0, inFlight: 0, finishedBefore: 0, finishing: 0 } },
        )
        .toArray(),
  };
}
export type SalesDays = ReturnType<typeof salesDays>;
