import { type Database, isDuplicateKey } from "@storefront/stores";

type Db = Database["db"];

/** What the owner's dashboard counts of cash on delivery orders (docs/back-office.md, The week's cash orders). */
export type CashStep = "placed" | "confirmed" | "refused";

/**
 * One India day of cash on delivery orders (`cash_days`, `_id` the day): the orders placed that day and which of them
 * were confirmed (by the email code or the WhatsApp button), both keyed by the day the order was **placed**, and the
 * orders refused at the door, keyed by the day the owner recorded it. Each is a map of order ids set to true, so
 * counting an order twice (a retried request, two taps, a redelivered event) sets the same key and changes nothing:
 * no counter to double, no mark to keep. A day holds tens of cash orders, not thousands.
 */
export interface CashDay {
  _id: string;
  placed?: Record<string, true>;
  confirmed?: Record<string, true>;
  refused?: Record<string, true>;
}

export function cashDays(db: Db) {
  const days = db.collection<CashDay>("cash_days");
  return {
    /** The order counted at `step` on `day`: once, however often it is asked (one upsert by `_id`). */
    countCashOrder: (step: CashStep, orderId: string, day: string) =>
      days
        .updateOne({ _id: day }, { $set: { [`${step}.${orderId}`]: true } }, { upsert: true })
        .catch((error: unknown) => {
          // Two counts opening the same day at once: the loser's upsert is a duplicate; its key is set again below.
          if (!isDuplicateKey(error)) throw error;
          return days.updateOne({ _id: day }, { $set: { [`${step}.${orderId}`]: true } });
        })
        .then(() => undefined),
    /** The days from `fromDay` to `toDay` (7 small documents for the week). */
    cashBetween: (fromDay: string, toDay: string) => days.find({ _id: { $gte: fromDay, $lte: toDay } }).toArray(),
  };
}
