import { type Database, insertOnce } from "@storefront/stores";

type Db = Database["db"];

/**
 * A coupon's uses (docs/coupons.md, Counted exactly): one document per coupon with `free` kept equal to
 * `total - held - used` and each order's use under its own id, and one per coupon and customer email with how many
 * of its uses that email has taken. Taking a use is a guarded update of each (room left, this order not there yet);
 * every later move is guarded by the order's own entry, so a repeated or concurrent call moves nothing twice. The
 * same mechanism as the kitchen's units (kitchen/persistence/kitchen.ts), for the same reason: the local database makes a
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
  /** Each order that used it, with what it took off and what the order came to (for the admin's figures). */
  usedBy: Record<string, UseFigures>;
  /** The sums of `usedBy`: orders, discount given and revenue with the code. */
  sales?: { orders: number; discountPaise: number; revenuePaise: number };
}

/** What one order's use of a coupon gave and brought in. */
export interface UseFigures {
  discountPaise: number;
  revenuePaise: number;
}

const salesChange = (figures: UseFigures, sign: 1 | -1) => ({
  "sales.orders": sign,
  "sales.discountPaise": sign * figures.discountPaise,
  "sales.revenuePaise": sign * figures.revenuePaise,
});

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

  /** Gives back the coupon's use held or used by `orderId`, once. */
  const releaseCoupon = async (code: string, orderId: string) => {
    await coupons.updateOne(
      { _id: code, [`heldFor.${orderId}`]: { $exists: true } },
      { $inc: { free: 1, held: -1 }, $unset: { [`heldFor.${orderId}`]: "" } },
    );
    // A use's figures never change once written, so the ones read are the ones the guarded update takes back.
    const figures = (await coupons.findOne({ _id: code }))?.usedBy[orderId];
    if (!figures) return;
    await coupons.updateOne(
      { _id: code, [`usedBy.${orderId}`]: { $exists: true } },
      { $inc: { free: 1, used: -1, ...salesChange(figures, -1) }, $unset: { [`usedBy.${orderId}`]: "" } },
    );
  };

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

    /**
     * The order was paid (or confirmed for cash): its held use becomes used, once. A use given back meanwhile (the
     * payment came after the order expired) is taken again: the shopper paid the discounted amount, so the use is
     * counted even when none is left (`free` then goes below 0 and no new checkout gets one). `retake: false` only
     * moves a held use (the sweeper's pass, which may race a cancellation).
     */
    async confirm(
      code: string,
      email: string,
      orderId: string,
      figures: UseFigures,
      { retake = true } = {},
    ): Promise<void> {
      const moved = await coupons.updateOne(
        { _id: code, [`heldFor.${orderId}`]: { $exists: true } },
        {
          $inc: { held: -1, used: 1, ...salesChange(figures, 1) },
          $unset: { [`heldFor.${orderId}`]: "" },
          $set: { [`usedBy.${orderId}`]: figures },
        },
      );
      if (moved.modifiedCount !== 1 && !retake) return;
      if (moved.modifiedCount !== 1) {
        await coupons.updateOne(
          { _id: code, [`heldFor.${orderId}`]: { $exists: false }, [`usedBy.${orderId}`]: { $exists: false } },
          { $inc: { free: -1, used: 1, ...salesChange(figures, 1) }, $set: { [`usedBy.${orderId}`]: figures } },
        );
      }
      await insertOnce(customers, { _id: customerId(code, email), taken: 0, orders: {} });
      await customers.updateOne(
        { _id: customerId(code, email), [`orders.${orderId}`]: "held" },
        { $set: { [`orders.${orderId}`]: "used" } },
      );
      await customers.updateOne(
        { _id: customerId(code, email), [`orders.${orderId}`]: { $exists: false } },
        { $inc: { taken: 1 }, $set: { [`orders.${orderId}`]: "used" } },
      );
    },

    /** The order expired, failed or was cancelled: its use (held or used) goes back to the coupon and the email, once. */
    async release(code: string, email: string, orderId: string): Promise<void> {
      // The email's first: an orphan's release finds the coupon's entry still there (releaseOrphan).
      await giveBackCustomer(code, email, orderId);
      await releaseCoupon(code, orderId);
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

    /**
     * Gives back whatever uses `orderId` holds, found by the order's id alone: for a checkout that died after holding
     * a use and before its order was stored (the kitchen's sweeper finds it, kitchen/usecases/sweep-kitchen-holds.ts). Reads
     * every coupon and customer entry: rare, and a shop has tens of coupons.
     */
    async releaseOrphan(orderId: string): Promise<void> {
      for (const entry of await customers.find({ [`orders.${orderId}`]: { $exists: true } }).toArray()) {
        const split = entry._id.indexOf("#");
        await giveBackCustomer(entry._id.slice(0, split), entry._id.slice(split + 1), orderId);
      }
      const holding = await coupons.find({ [`heldFor.${orderId}`]: { $exists: true } }).toArray();
      for (const coupon of holding) await releaseCoupon(coupon._id, orderId);
    },

    usesOf: (code: string) => coupons.findOne({ _id: code }),
    /** Every coupon's count, for the admin's list. */
    all: () => coupons.find().limit(500).toArray(),
    usesBy: (code: string, email: string) => customers.findOne({ _id: customerId(code, email) }),
  };
}

export type CouponUsesRepository = ReturnType<typeof couponUsesRepository>;
