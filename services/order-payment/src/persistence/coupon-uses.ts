import { type Database, insertOnce } from "@storefront/stores";

type Db = Database["db"];

/**
 * A coupon's uses (docs/coupons.md, Counted exactly): one document per coupon with `free` kept equal to
 * `total - held - used` and each order's use under its own id, and one per coupon and customer email with how many
 * of its uses that email has taken. Taking a use is a guarded update of each (room left, this order not there yet);
 * every later move is guarded by the order's own entry, so a repeated or concurrent call moves nothing twice. The
 * same mechanism as the kitchen's units (persistence/kitchen.ts), for the same reason: the local database makes a
 * guarded single-document update atomic for every client, and refuses `$expr`.
 */
export interface CouponUses {
  /** The coupon's code, in capitals. */
  _id: string;
  total: number;
  free: number;
  held: number;
  used: number;
  heldFor: Record<string, true>;
  usedBy: Record<string, true>;
}

/** One email's uses of one coupon: `_id` is `<CODE>#<email>`. */
export interface CustomerUses {
  _id: string;
  taken: number;
  orders: Record<string, "held" | "used">;
}

export type HoldOutcome = "held" | "used-up" | "used-by-you";

const customerId = (code: string, email: string) => `${code}#${email.toLowerCase()}`;

export function couponUsesRepository(db: Db) {
  const coupons = db.collection<CouponUses>("coupon_uses");
  const customers = db.collection<CustomerUses>("coupon_customers");

  /** Gives back an email's use taken for `orderId` (held or used), once. */
  const giveBackCustomer = (code: string, email: string, orderId: string) =>
    customers.updateOne(
      { _id: customerId(code, email), [`orders.${orderId}`]: { $exists: true } },
      { $inc: { taken: -1 }, $unset: { [`orders.${orderId}`]: "" } },
    );

  return {
    /** A new coupon's count of `total` uses (a coupon counted already keeps its count). */
    async open(code: string, total: number): Promise<void> {
      await insertOnce(coupons, { _id: code, total, free: total, held: 0, used: 0, heldFor: {}, usedBy: {} });
    },

    /**
     * Holds one use for `orderId` by `email`: first the email's own (at most `perCustomer`), then the coupon's; an
     * email's use taken for a coupon with none left is given back. The same order asking again is answered "held".
     */
    async hold(code: string, email: string, orderId: string, perCustomer: number): Promise<HoldOutcome> {
      await insertOnce(customers, { _id: customerId(code, email), taken: 0, orders: {} });
      const mine = await customers.updateOne(
        { _id: customerId(code, email), taken: { $lt: perCustomer }, [`orders.${orderId}`]: { $exists: false } },
        { $inc: { taken: 1 }, $set: { [`orders.${orderId}`]: "held" } },
      );
      if (mine.modifiedCount !== 1) {
        const customer = await customers.findOne({ _id: customerId(code, email) });
        if (!customer?.orders[orderId]) return "used-by-you";
      }
      const taken = await coupons.updateOne(
        {
          _id: code,
          free: { $gte: 1 },
          [`heldFor.${orderId}`]: { $exists: false },
          [`usedBy.${orderId}`]: { $exists: false },
        },
        { $inc: { free: -1, held: 1 }, $set: { [`heldFor.${orderId}`]: true } },
      );
      if (taken.modifiedCount === 1) return "held";
      const coupon = await coupons.findOne({ _id: code });
      if (coupon?.heldFor[orderId] || coupon?.usedBy[orderId]) return "held";
      await giveBackCustomer(code, email, orderId);
      return "used-up";
    },

    /** The order was paid: its held use becomes used, once. */
    async confirm(code: string, email: string, orderId: string): Promise<void> {
      await coupons.updateOne(
        { _id: code, [`heldFor.${orderId}`]: { $exists: true } },
        { $inc: { held: -1, used: 1 }, $unset: { [`heldFor.${orderId}`]: "" }, $set: { [`usedBy.${orderId}`]: true } },
      );
      await customers.updateOne(
        { _id: customerId(code, email), [`orders.${orderId}`]: "held" },
        { $set: { [`orders.${orderId}`]: "used" } },
      );
    },

    /** The order expired, failed or was cancelled: its use (held or used) goes back to the coupon and the email, once. */
    async release(code: string, email: string, orderId: string): Promise<void> {
      await coupons.updateOne(
        { _id: code, [`heldFor.${orderId}`]: { $exists: true } },
        { $inc: { free: 1, held: -1 }, $unset: { [`heldFor.${orderId}`]: "" } },
      );
      await coupons.updateOne(
        { _id: code, [`usedBy.${orderId}`]: { $exists: true } },
        { $inc: { free: 1, used: -1 }, $unset: { [`usedBy.${orderId}`]: "" } },
      );
      await giveBackCustomer(code, email, orderId);
    },

    /**
     * Sets the number of uses to `total`, keeping `free = total - held - used`: refused (false) below the uses taken,
     * or when the count moved since it was read (the caller reads and tries again).
     */
    async resize(code: string, total: number): Promise<boolean> {
      const current = await coupons.findOne({ _id: code });
      if (!current) return false;
      const change = total - current.total;
      if (current.free + change < 0) return false;
      const written = await coupons.updateOne(
        { _id: code, total: current.total, free: { $gte: -change } },
        { $inc: { total: change, free: change } },
      );
      return written.modifiedCount === 1 || change === 0;
    },

    usesOf: (code: string) => coupons.findOne({ _id: code }),
    /** Every coupon's count, for the admin's list. */
    all: () => coupons.find().limit(500).toArray(),
    usesBy: (code: string, email: string) => customers.findOne({ _id: customerId(code, email) }),
  };
}

export type CouponUsesRepository = ReturnType<typeof couponUsesRepository>;
