import type { EventEnvelope } from "@storefront/contracts";
import { type OutboxFields, OutboxWriter, withOutbox } from "@storefront/messaging";
import { type Database, insertOnce } from "@storefront/stores";
import type { Filter, UpdateFilter } from "mongodb";
import type { Customer, Order, SettledPayment } from "../domain/order.js";

type Db = Database["db"];

export type { Customer, Order, OrderLine, PaymentStatus, Refund, SettledPayment } from "../domain/order.js";

/** An order as stored: the domain's order with the events its last changes wrote (the outbox). */
export interface OrderRecord extends Order, OutboxFields {}

/** The same client order id from another customer: it is refused, never shown or changed. */
export class OrderOwnedByAnotherError extends Error {
  override name = "OrderOwnedByAnotherError";
}

const sameCustomer = (a: Customer, b: Customer) =>
  a.kind === b.kind && a.email === b.email && (a.kind === "guest" || (b.kind === "user" && a.userId === b.userId));

/** The claim that settles an order: one per order, written before the order's PAID update (usecases/settle-payment). */
export interface SettlementClaim {
  _id: string;
  payment: SettledPayment;
  correlationId: string;
  claimedAt: Date;
}

/** A failed payment attempt, recorded once per provider payment id (webhooks repeat). */
interface FailedAttempt {
  _id: string;
  orderId: string;
  reason: string;
  at: Date;
}

export interface OrderRepositoryOptions {
  /** How a write with events marks the relays' due list and nudges the relay (without: marks only, for a poll). */
  outbox?: OutboxWriter;
}

/**
 * The `orders` collection, loaded and saved: the rules of an order's life are in domain/order-lifecycle.ts and the
 * use cases that apply them in usecases/ (docs/order-lifecycle.md). A transition is saved by {@link save}: one update
 * guarded by the state it was decided from, with its events in the same write (the outbox).
 */
export function orderRepository(db: Db, options: OrderRepositoryOptions = {}) {
  const orders = db.collection<OrderRecord>("orders");
  const settlements = db.collection<SettlementClaim>("settlements");
  const failedAttempts = db.collection<FailedAttempt>("failed_payments");

  return {
    ensureIndexes: async () => {
      await orders.createIndex({ "customer.email": 1, createdAt: -1 });
      await orders.createIndex({ "customer.userId": 1, createdAt: -1 });
      await orders.createIndex({ createdAt: -1, _id: -1 });
      await orders.createIndex({ "providerOrder.providerOrderId": 1 }, { sparse: true });
      await orders.createIndex({ paymentStatus: 1, createdAt: -1 });
      await orders.createIndex({ orderStatus: 1, createdAt: -1 });
      await orders.createIndex({ "refunds.status": 1 }, { sparse: true });
    },
    byId: (orderId: string) => orders.findOne({ _id: orderId }),
    /** The order a provider's order id belongs to (Razorpay's webhooks name only theirs). */
    byProviderOrder: (providerOrderId: string) => orders.findOne({ "providerOrder.providerOrderId": providerOrderId }),
    /** A customer's orders, newest first (a guest's by the email their proof names). */
    ofCustomer: (query: { userId: string } | { email: string }) =>
      orders
        .find("userId" in query ? { "customer.userId": query.userId } : { "customer.email": query.email })
        .sort({ createdAt: -1 })
        .limit(200)
        .toArray(),

    /**
     * Saves a transition: `update` applies only while the order still matches `guard` (the state it was decided
     * from), atomically against every other writer, on MongoDB and on the patched local database
     * (docs/local-database.md); its events go in the same write. True when it applied.
     */
    async save(
      orderId: string,
      guard: Filter<OrderRecord>,
      update: UpdateFilter<OrderRecord>,
      ...events: EventEnvelope[]
    ): Promise<boolean> {
      const write = () =>
        orders.updateOne({ ...guard, _id: orderId }, events.length ? withOutbox(update, ...events) : update);
      const outbox = options.outbox ?? new OutboxWriter(db);
      const written = events.length ? await outbox.write("orders", orderId, write) : await write();
      return written.modifiedCount === 1;
    },

    /**
     * Stores a new order, or answers the one already stored under this client order id when the same customer sent
     * it again (a retried checkout). Another customer's id is refused.
     */
    async createOnce(order: OrderRecord): Promise<{ order: OrderRecord; created: boolean }> {
      if (await insertOnce(orders, order)) return { order, created: true };
      const existing = await orders.findOne({ _id: order._id });
      if (!existing || !sameCustomer(existing.customer, order.customer)) throw new OrderOwnedByAnotherError(order._id);
      return { order: existing, created: false };
    },

    /** Inserts the order's settlement claim; false when another settler holds it (usecases/settle-payment.ts). */
    claimSettlement: (claim: SettlementClaim) => insertOnce(settlements, claim),
    settlementClaim: (orderId: string) => settlements.findOne({ _id: orderId }),

    /** Records a failed attempt once; false when it was recorded before (a repeated webhook). */
    recordAttemptOnce: (attempt: FailedAttempt) => insertOnce(failedAttempts, attempt),

    /**
     * Unsettled orders created before `before`, oldest first, a page at a time after `after` (for reconciliation,
     * which pages through all of them), and settlements left half-done. Parked orders wait for a person instead.
     */
    unsettledBefore: (before: Date, limit = 100, after?: { createdAt: Date; id: string }) =>
      orders
        .find({
          paymentStatus: "PENDING",
          settlementParked: { $exists: false },
          createdAt: { $lt: before },
          ...(after
            ? { $or: [{ createdAt: { $gt: after.createdAt } }, { createdAt: after.createdAt, _id: { $gt: after.id } }] }
            : {}),
        })
        .sort({ createdAt: 1, _id: 1 })
        .limit(limit)
        .toArray(),

    /** Orders with a refund the provider has not finished (for reconciliation and the stuck-refund gauge). */
    withPendingRefunds: (limit = 200) =>
      orders.find({ "refunds.status": "PENDING" }).sort({ updatedAt: 1 }).limit(limit).toArray(),

    /** When the oldest refund still PENDING at the provider was asked for (the stuck-refund gauge). */
    async oldestPendingRefund(): Promise<Date | undefined> {
      const pending = await orders
        .find({ "refunds.status": "PENDING" }, { projection: { refunds: 1 } })
        .limit(500)
        .toArray();
      const times = pending.flatMap((order) =>
        (order.refunds ?? [])
          .filter((refund) => refund.status === "PENDING")
          .map((refund) => refund.createdAt.getTime()),
      );
      return times.length ? new Date(Math.min(...times)) : undefined;
    },

    /**
     * Whether this email refused a cash-on-delivery order at the door: read from the orders themselves (their
     * `cashOnDelivery.outcome`), so the refusal and the rule it sets are written in one update.
     */
    hasRefusedCashAtDoor: async (email: string) =>
      (await orders.countDocuments(
        { "customer.email": email.toLowerCase(), "cashOnDelivery.outcome": "refused" },
        { limit: 1 },
      )) > 0,

    /** How many paid orders are parked because they could not be settled (for the on-call's gauge). */
    parkedSettlements: () => orders.countDocuments({ paymentStatus: "PENDING", settlementParked: { $exists: true } }),

    /** When the oldest order still waiting for its payment was created (for the on-call's metrics). */
    async oldestAwaitingPayment(): Promise<Date | undefined> {
      const [oldest] = await orders
        .find({ paymentStatus: "PENDING", settlementParked: { $exists: false } }, { projection: { createdAt: 1 } })
        .sort({ createdAt: 1 })
        .limit(1)
        .toArray();
      return oldest?.createdAt;
    },
  };
}
export type OrderRepository = ReturnType<typeof orderRepository>;
