import { type Database, isDuplicateKey } from "@storefront/stores";

type Db = Database["db"];

interface CashRefusal {
  /** The customer's email, lower case: guests and accounts alike. */
  _id: string;
  orderId: string;
  recordedBy: string;
  at: Date;
}

/**
 * Emails whose cash-on-delivery order was refused at the door (`cash_refusals`, docs/delivery.md): they pay online
 * from then on. Keyed by the email, so one refusal is recorded once however often it is reported.
 */
export function cashRefusals(db: Db) {
  const refusals = db.collection<CashRefusal>("cash_refusals");
  return {
    async record(email: string, orderId: string, recordedBy: string, at: Date): Promise<void> {
      try {
        await refusals.insertOne({ _id: email.toLowerCase(), orderId, recordedBy, at });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    },
    async hasRefused(email: string): Promise<boolean> {
      return (await refusals.countDocuments({ _id: email.toLowerCase() }, { limit: 1 })) > 0;
    },
  };
}

export type CashRefusals = ReturnType<typeof cashRefusals>;
