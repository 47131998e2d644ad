import { insertOnce, isDuplicateKey } from "@storefront/stores";
import type { Db } from "mongodb";
import { financialYear, invoiceNumber } from "../domain/invoice.js";

/**
 * One allocated number, keyed by what it numbers (an invoice's order, a credit note's refund): one number each,
 * however often the event is handled.
 */
interface AllocatedNumber {
  /** The order id (invoices) or the refund id (credit notes). */
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
export function documentNumbers(db: Db, prefix: string, series: { numbers: string; hints: string }) {
  const numbers = db.collection<AllocatedNumber>(series.numbers);
  const hints = db.collection<SequenceHint>(series.hints);
  /**
   * Per financial year, the highest sequence this process knows taken (it took it, saw it taken, or read it from the
   * hint): where its next allocation starts without asking. Another instance's allocations make it lag, which costs
   * a refused insert and a look at the hint, never a gap or a duplicate (each is a number known taken).
   */
  const known = new Map<string, number>();
  /**
   * This process's allocations, one at a time: allocations started together would all try the same next number and
   * all but one be refused, round after round; in turn each is one insert (another instance is the only contender).
   */
  let turn: Promise<unknown> = Promise.resolve();
  function inTurn<T>(allocate: () => Promise<T>): Promise<T> {
    const mine = turn.then(allocate);
    turn = mine.catch(() => undefined);
    return mine;
  }

  async function hinted(year: string): Promise<number> {
    return (await hints.findOne({ _id: year }))?.taken ?? 0;
  }

  async function lastTaken(year: string): Promise<number> {
    const hint = await hints.findOne({ _id: year });
    if (hint) return hint.taken;
    // No hint yet for this year (its first invoice, or the hint was lost): ask the numbers themselves, once.
    const [last] = await numbers.find({ year }).sort({ sequence: -1 }).limit(1).toArray();
    return last?.sequence ?? 0;
  }

  async function remember(year: string, taken: number): Promise<void> {
    known.set(year, Math.max(known.get(year) ?? 0, taken));
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

    /** The number already allocated to `key`, if any (a credit note reads its invoice's). */
    async allocated(key: string): Promise<{ number: string; issuedAt: Date } | undefined> {
      const existing = await numbers.findOne({ _id: key });
      return existing ? { number: existing.number, issuedAt: existing.issuedAt } : undefined;
    },

    /**
     * The number and date of issue of `key` (an order, a refund), allocated now if it has none yet. The insert comes
     * first: a key numbered already refuses it (its `_id`) without taking the number tried, and is then read; so a
     * first allocation costs the insert and the hint's update, not a read of the key and of the hint before them.
     */
    async numberFor(key: string, now = new Date()): Promise<{ number: string; issuedAt: Date }> {
      // The turn ends with the insert; the hint's update then goes side by side with the next allocation.
      const { allocated, hinted } = await inTurn(() => allocate(key, now));
      await hinted;
      return allocated;
    },
  };

  type Allocation = { allocated: { number: string; issuedAt: Date }; hinted?: Promise<void> };
  async function allocate(key: string, now: Date): Promise<Allocation> {
    const year = financialYear(now);
    let sequence = (known.get(year) ?? (await lastTaken(year))) + 1;
    for (let attempt = 0; attempt < 1000; attempt++) {
      const number = invoiceNumber(prefix, year, sequence);
      if (await insertOnce(numbers, { _id: key, number, year, sequence, issuedAt: now })) {
        return { allocated: { number, issuedAt: now }, hinted: remember(year, sequence) };
      }
      // Either this key was numbered before (use that) or this number is taken: by another instance, whose hint
      // tells how far the year went (read side by side), so a lagging process jumps rather than walks.
      const [numbered, hint] = await Promise.all([numbers.findOne({ _id: key }), hinted(year)]);
      if (numbered) return { allocated: { number: numbered.number, issuedAt: numbered.issuedAt } };
      known.set(year, Math.max(known.get(year) ?? 0, sequence, hint));
      sequence = (known.get(year) ?? sequence) + 1;
    }
    throw new Error(`could not allocate a number for ${key}`);
  }
}
export type InvoiceNumbers = ReturnType<typeof documentNumbers>;

/** Invoice numbers: `GM/26-27/000123`, one per order. */
// Keyed by order since November 2026 (by number before, in `invoice_numbers`, left alone: development data only).
export const invoiceNumbers = (db: Db, prefix: string) =>
  documentNumbers(db, prefix, { numbers: "order_invoice_numbers", hints: "invoice_sequence_hints" });

/** Credit-note numbers: their own consecutive series per financial year, `CN/26-27/000001`, one per refund. */
export const CREDIT_NOTE_PREFIX = "CN";
export const creditNoteNumbers = (db: Db) =>
  documentNumbers(db, CREDIT_NOTE_PREFIX, { numbers: "credit_note_numbers", hints: "credit_note_sequence_hints" });
