import { insertOnce } from "@storefront/stores";
import type { Db } from "mongodb";
import { financialYear, invoiceNumber } from "../domain/invoice.js";

/** One allocated invoice number: `_id` is the number itself, so two orders can never get the same one. */
interface AllocatedNumber {
  _id: string;
  year: string;
  sequence: number;
  /** Unique too: one number per order, however many times or instances its order.paid is handled. */
  orderId: string;
  issuedAt: Date;
}

/**
 * Invoice numbers, consecutive within a financial year (rule 46(b)): the next number is claimed by inserting it,
 * and the unique keys decide races (between two billing instances, or two deliveries of one order.paid). An insert
 * on a unique key is atomic on MongoDB and on FerretDB (whose conditional updates are not), so there is no counter
 * to lose an increment: no duplicates, and no gaps, since a number is only ever taken for an order that keeps it.
 */
export function invoiceNumbers(db: Db, prefix: string) {
  const numbers = db.collection<AllocatedNumber>("invoice_numbers");
  return {
    ensureIndexes: async () => {
      await numbers.createIndex({ orderId: 1 }, { unique: true });
      await numbers.createIndex({ year: 1, sequence: -1 });
    },

    /** The order's invoice number and date of issue, allocated now if it has none yet. */
    async forOrder(orderId: string, now = new Date()): Promise<{ number: string; issuedAt: Date }> {
      for (let attempt = 0; attempt < 1000; attempt++) {
        const existing = await numbers.findOne({ orderId });
        if (existing) return { number: existing._id, issuedAt: existing.issuedAt };
        const year = financialYear(now);
        const [last] = await numbers.find({ year }).sort({ sequence: -1 }).limit(1).toArray();
        const sequence = (last?.sequence ?? 0) + 1;
        const number = invoiceNumber(prefix, year, sequence);
        if (await insertOnce(numbers, { _id: number, year, sequence, orderId, issuedAt: now })) {
          return { number, issuedAt: now };
        }
        // Someone took this number (or numbered this order) first: look again.
      }
      throw new Error(`could not allocate an invoice number for ${orderId}`);
    },
  };
}
export type InvoiceNumbers = ReturnType<typeof invoiceNumbers>;
