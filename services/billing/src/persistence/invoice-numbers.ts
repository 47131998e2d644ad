import { insertOnce, isDuplicateKey } from "@storefront/stores";
import type { Db } from "mongodb";
import { financialYear, invoiceNumber } from "../domain/invoice.js";

/** One allocated invoice number, keyed by its order: one number per order, however often order.paid is handled. */
interface AllocatedNumber {
  /** The order id. */
  _id: string;
  /** Unique too, so two orders can never get the same number. */
  number: string;
  year: string;
  sequence: number;
  issuedAt: Date;
}

/**
 * The highest sequence known to be taken in a financial year: only a hint of where to start looking, so it may lag
 * behind (a crash between an allocation and its hint) but is always a number that
 * was taken. Without it every allocation would have to find the year's last number, a scan on FerretDB (which
 * answers only `_id` lookups from an index).
 */
interface SequenceHint {
  _id: string;
  taken: number;
}

/**
 * Invoice numbers, consecutive within a financial year (rule 46(b)). A number is claimed by inserting it: the
 * unique keys (order id, number) decide races between two billing instances or two deliveries of one order.paid,
 * and an insert on a unique key is atomic on MongoDB and on the local server alike.
 * The search starts after the year's hint and takes the first free number: a number is only tried once the one
 * before it is known taken, so there are no gaps, and no duplicates since each is inserted once.
 */
export function invoiceNumbers(db: Db, prefix: string) {
  // Keyed by order since November 2026 (by number before, in `invoice_numbers`, left alone: development data only).
  const numbers = db.collection<AllocatedNumber>("order_invoice_numbers");
  const hints = db.collection<SequenceHint>("invoice_sequence_hints");

  async function lastTaken(year: string): Promise<number> {
    const hint = await hints.findOne({ _id: year });
    if (hint) return hint.taken;
    // No hint yet for this year (its first invoice, or the hint was lost): ask the numbers themselves, once.
    const [last] = await numbers.find({ year }).sort({ sequence: -1 }).limit(1).toArray();
    return last?.sequence ?? 0;
  }

  async function remember(year: string, taken: number): Promise<void> {
    try {
      await hints.updateOne({ _id: year }, { $max: { taken } }, { upsert: true });
    } catch (error) {
      // Two first invoices of a year upserting the hint at once: the other one wrote it, and a hint may lag.
      if (!isDuplicateKey(error)) throw error;
    }
  }

  return {
    ensureIndexes: async () => {
      await numbers.createIndex({ number: 1 }, { unique: true });
      await numbers.createIndex({ year: 1, sequence: -1 });
    },

    /** The order's invoice number and date of issue, allocated now if it has none yet. */
    async forOrder(orderId: string, now = new Date()): Promise<{ number: string; issuedAt: Date }> {
      const existing = await numbers.findOne({ _id: orderId });
      if (existing) return { number: existing.number, issuedAt: existing.issuedAt };
      const year = financialYear(now);
      let sequence = (await lastTaken(year)) + 1;
      for (let attempt = 0; attempt < 1000; attempt++, sequence++) {
        const number = invoiceNumber(prefix, year, sequence);
        if (await insertOnce(numbers, { _id: orderId, number, year, sequence, issuedAt: now })) {
          await remember(year, sequence);
          return { number, issuedAt: now };
        }
        // Either this number is taken (try the next) or this order was numbered meanwhile (use that).
        const numbered = await numbers.findOne({ _id: orderId });
        if (numbered) return { number: numbered.number, issuedAt: numbered.issuedAt };
      }
      throw new Error(`could not allocate an invoice number for ${orderId}`);
    },
  };
}
export type InvoiceNumbers = ReturnType<typeof invoiceNumbers>;
