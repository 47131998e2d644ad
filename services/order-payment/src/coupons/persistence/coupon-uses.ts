import { randomUUID } from "node:crypto";
import { type Database, insertOnce } from "@storefront/stores";

type Db = Database["db"];

/**
 * A coupon's uses (docs/coupons.md, Counted exactly): one document per coupon with its counters, `free` kept equal to
 * `total - held - used`, and one per coupon and customer email with that email's uses, each order's under its own
 * id. The email's entry says where the order's use stands and arbitrates its moves: each move first changes the entry
 * (a guarded update: one winner), then the coupon's counters, once, by an entry of the order on the coupon: `heldFor`
 * while the use is held (the confirm or the give-back removes it in the same write), a mark of the rare moves
 * (`retaking`, `returning`). So the coupon's document, which every checkout with the code writes, carries no entry
 * per order that used it: a festival's coupon used by thousands stays small (docs/performance.md). The local database
 * makes a guarded single-document update atomic for every client, and refuses `$expr` (docs/local-database.md).
 */
export interface CouponUses {
  /** The coupon's code, in capitals. */
  _id: string;
  total: number;
  free: number;
  held: number;
  used: number;
  /** The orders holding a use now (unpaid): given back or confirmed within the order's life. */
  heldFor: Record<string, true>;
  /**
   * Orders whose use was taken again after it was given back (a payment that came after its order expired) and orders
   * whose used use was given back (cancelled), each with the token of its last such move: the mark that made the move
   * once. A mark stays after its move: a call that read the order's entry before the move ended may still come, and
   * must find it (a removed mark let it count twice); a later move of the same kind has a token of its own. Both are
   * rare, so the document stays small.
   */
  retaking?: Record<string, string>;
  returning?: Record<string, string>;
  /**
   * Stored before 2026-11-27: each order that used it, with its figures. Never written now; a use recorded here is
   * still given back from here (drop this once no coupon in use has it).
   */
  usedBy?: Record<string, UseFigures>;
  /** Orders, discount given and revenue with the code. */
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

/**
 * Where one order's use stands: `held` and `used`, or a move under way (`confirming` held -> used, `retaking` a use
 * given back -> used, `releasing` held -> given back, `returning` used -> given back). A move found under way is
 * finished by whoever finds it (its steps are each once), so a process that died half-way leaves nothing stuck.
 */
export type UseState = "held" | "used" | "confirming" | "retaking" | "releasing" | "returning";

/** One email's uses of one coupon: `_id` is `<CODE>#<email>`; at most the coupon's uses per customer, and moves. */
export interface CustomerUses {
  _id: string;
  taken: number;
  orders: Record<string, UseState>;
  /** The figures of each order that used it (or is being confirmed): what a give-back takes off the coupon's sales. */
  usedFor?: Record<string, UseFigures>;
  /** The token of a `retaking` or `returning` move under way, by order: its mark on the coupon. */
  moves?: Record<string, string>;
}

export type HoldOutcome = "held" | "used-up" | "used-by-you";

const customerId = (code: string, email: string) => `${code}#${email.toLowerCase()}`;

/** How often one call follows a use that other calls keep moving before it gives up (a bound, not a timeout). */
const MOVES = 10;

export function couponUsesRepository(db: Db) {
  const coupons = db.collection<CouponUses>("coupon_uses");
  const customers = db.collection<CustomerUses>("coupon_customers");
  const entry = (orderId: string) => `orders.${orderId}`;

  const customerOf = (code: string, email: string) => customers.findOne({ _id: customerId(code, email) });
  /** The order's entry from `from` to `to` (with more `$set`); true for the one caller that moved it. */
  const moveEntry = async (code: string, email: string, orderId: string, from: UseState, to: UseState, set = {}) =>
    (
      await customers.updateOne(
        { _id: customerId(code, email), [entry(orderId)]: from },
        { $set: { [entry(orderId)]: to, ...set } },
      )
    ).modifiedCount === 1;
  /** The order's entry leaves the email's uses (given back), once. */
  const dropEntry = (code: string, email: string, orderId: string, from: UseState) =>
    customers.updateOne(
      { _id: customerId(code, email), [entry(orderId)]: from },
      { $inc: { taken: -1 }, $unset: { [entry(orderId)]: "", [`usedFor.${orderId}`]: "", [`moves.${orderId}`]: "" } },
    );

  /** Gives back the coupon's use the order holds, once (guarded by its `heldFor` entry). */
  const giveBackHeld = (code: string, orderId: string) =>
    coupons.updateOne(
      { _id: code, [`heldFor.${orderId}`]: { $exists: true } },
      { $inc: { free: 1, held: -1 }, $unset: { [`heldFor.${orderId}`]: "" } },
    );

  /** Held -> used on the coupon, once: while the entry says `confirming` nothing else removes `heldFor`. */
  async function finishConfirm(code: string, email: string, orderId: string, figures: UseFigures): Promise<void> {
    await coupons.updateOne(
      { _id: code, [`heldFor.${orderId}`]: { $exists: true } },
      { $inc: { held: -1, used: 1, ...salesChange(figures, 1) }, $unset: { [`heldFor.${orderId}`]: "" } },
    );
    await moveEntry(code, email, orderId, "confirming", "used");
  }

  /**
   * A use given back, taken again for a payment that came late: counted even when none is left (the shopper paid the
   * discounted amount; `free` then goes below 0 and no new checkout gets one). Once, by the `retaking` entry.
   */
  async function finishRetake(code: string, email: string, orderId: string, figures: UseFigures, token: string) {
    // A call that read an older move's token (the use given back and taken again since) has nothing left to do.
    if ((await customerOf(code, email))?.moves?.[orderId] !== token) return;
    await coupons.updateOne(
      { _id: code, [`retaking.${orderId}`]: { $ne: token }, [`heldFor.${orderId}`]: { $exists: false } },
      { $inc: { free: -1, used: 1, ...salesChange(figures, 1) }, $set: { [`retaking.${orderId}`]: token } },
    );
    await moveEntry(code, email, orderId, "retaking", "used");
  }

  /** Held -> given back: the coupon's use (by its `heldFor` entry), then the email's. */
  async function finishRelease(code: string, email: string, orderId: string): Promise<void> {
    await giveBackHeld(code, orderId);
    await dropEntry(code, email, orderId, "releasing");
  }

  /** Used -> given back with its figures, once (by the move's mark), then the email's. */
  async function finishReturn(code: string, email: string, orderId: string, token: string): Promise<void> {
    const [customer, coupon] = await Promise.all([customerOf(code, email), coupons.findOne({ _id: code })]);
    // Figures stored before 2026-11-27 are on the coupon (`usedBy`).
    const figures = customer?.usedFor?.[orderId] ?? coupon?.usedBy?.[orderId];
    if (figures && customer?.moves?.[orderId] === token) {
      await coupons.updateOne(
        { _id: code, [`returning.${orderId}`]: { $ne: token } },
        {
          $inc: { free: 1, used: -1, ...salesChange(figures, -1) },
          $set: { [`returning.${orderId}`]: token },
          $unset: { [`usedBy.${orderId}`]: "" },
        },
      );
    }
    await dropEntry(code, email, orderId, "returning");
  }

  /** Finishes whichever move the order's use is in; answers where it stands after (undefined: not the email's). */
  async function settle(code: string, email: string, orderId: string, figures?: UseFigures) {
    const customer = await customerOf(code, email);
    const state = customer?.orders[orderId];
    const known = customer?.usedFor?.[orderId] ?? figures;
    const token = customer?.moves?.[orderId];
    if (state === "confirming" && known) await finishConfirm(code, email, orderId, known);
    else if (state === "retaking" && known && token) await finishRetake(code, email, orderId, known, token);
    else if (state === "releasing") await finishRelease(code, email, orderId);
    else if (state === "returning" && token) await finishReturn(code, email, orderId, token);
    else return state;
    return (await customerOf(code, email))?.orders[orderId];
  }

  async function release(code: string, email: string, orderId: string): Promise<void> {
    for (let move = 0; move < MOVES; move++) {
      const state = await settle(code, email, orderId);
      if (state === undefined) {
        // Not the email's (a checkout that died between its two holds): the coupon's alone, if it holds one.
        await giveBackHeld(code, orderId);
        return;
      }
      if (state === "held" && (await moveEntry(code, email, orderId, "held", "releasing"))) {
        return finishRelease(code, email, orderId);
      }
      if (state === "used") {
        const token = randomUUID();
        if (await moveEntry(code, email, orderId, "used", "returning", { [`moves.${orderId}`]: token })) {
          return finishReturn(code, email, orderId, token);
        }
      }
    }
    throw new Error(`the coupon use of order ${orderId} kept moving: not given back`);
  }

  return {
    /** A new coupon's count of `total` uses (a coupon counted already keeps its count). */
    async open(code: string, total: number): Promise<void> {
      await insertOnce(coupons, { _id: code, total, free: total, held: 0, used: 0, heldFor: {} });
    },

    /**
     * Holds one use for `orderId` by `email`: first the email's own (at most `perCustomer`), then the coupon's; an
     * email's use taken for a coupon with none left is given back. The same order asking again is answered "held".
     */
    async hold(code: string, email: string, orderId: string, perCustomer: number): Promise<HoldOutcome> {
      await insertOnce(customers, { _id: customerId(code, email), taken: 0, orders: {} });
      const mine = await customers.updateOne(
        { _id: customerId(code, email), taken: { $lt: perCustomer }, [entry(orderId)]: { $exists: false } },
        { $inc: { taken: 1 }, $set: { [entry(orderId)]: "held" } },
      );
      if (mine.modifiedCount !== 1) {
        const state = (await customerOf(code, email))?.orders[orderId];
        if (!state) return "used-by-you";
        // Paid or being paid already (a retried checkout): its use is its own.
        if (state !== "held") return "held";
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
      if (coupon?.heldFor[orderId] || coupon?.usedBy?.[orderId]) return "held";
      await dropEntry(code, email, orderId, "held");
      return "used-up";
    },

    /**
     * The order was paid (or confirmed for cash): its held use becomes used, once. A use given back meanwhile (the
     * payment came after the order expired) is taken again. `retake: false` only moves a held use (the sweeper's
     * pass, which may race a cancellation).
     */
    async confirm(
      code: string,
      email: string,
      orderId: string,
      figures: UseFigures,
      { retake = true } = {},
    ): Promise<void> {
      await insertOnce(customers, { _id: customerId(code, email), taken: 0, orders: {} });
      for (let move = 0; move < MOVES; move++) {
        const state = await settle(code, email, orderId, figures);
        if (state === "used" || (state === undefined && !retake)) return;
        if (state === "held") {
          if (await moveEntry(code, email, orderId, "held", "confirming", { [`usedFor.${orderId}`]: figures })) {
            return finishConfirm(code, email, orderId, figures);
          }
          continue;
        }
        // Given back (or never the email's): taken again, counted to the email even past its limit (it paid).
        const token = randomUUID();
        const mine = await customers.updateOne(
          { _id: customerId(code, email), [entry(orderId)]: { $exists: false } },
          {
            $inc: { taken: 1 },
            $set: { [entry(orderId)]: "retaking", [`usedFor.${orderId}`]: figures, [`moves.${orderId}`]: token },
          },
        );
        if (mine.modifiedCount === 1) return finishRetake(code, email, orderId, figures, token);
      }
      throw new Error(`the coupon use of order ${orderId} kept moving: not confirmed`);
    },

    /** The order expired, failed or was cancelled: its use (held or used) goes back to the coupon and the email, once. */
    release,

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
      for (const found of await customers.find({ [entry(orderId)]: { $exists: true } }).toArray()) {
        const split = found._id.indexOf("#");
        await release(found._id.slice(0, split), found._id.slice(split + 1), orderId);
      }
      const holding = await coupons.find({ [`heldFor.${orderId}`]: { $exists: true } }).toArray();
      for (const coupon of holding) await giveBackHeld(coupon._id, orderId);
    },

    usesOf: (code: string) => coupons.findOne({ _id: code }),
    /** Every coupon's count, for the admin's list. */
    all: () => coupons.find().limit(500).toArray(),
    usesBy: (code: string, email: string) => customerOf(code, email),
  };
}

export type CouponUsesRepository = ReturnType<typeof couponUsesRepository>;
