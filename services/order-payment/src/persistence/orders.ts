import type { FulfilmentStatus } from "@storefront/contracts";
import { type OutboxFields, withOutbox } from "@storefront/messaging";
import { type Database, insertOnce } from "@storefront/stores";
import type { Filter } from "mongodb";
import type { Customer, Order, SettledPayment } from "../domain/order.js";
import {
  fulfilmentChange,
  OPEN_PAYMENT_STATES,
  paidEvent,
  paymentFailedEvent,
  paysInFull,
} from "../domain/order-lifecycle.js";
import { paymentOutcomes } from "../metrics.js";

type Db = Database["db"];

export type { Customer, Order, OrderLine, PaymentStatus, SettledPayment } from "../domain/order.js";

/** An order as stored: the domain's order with the events its last changes wrote (the outbox). */
export interface OrderRecord extends Order, OutboxFields {}

/** The same client order id from another customer: it is refused, never shown or changed. */
export class OrderOwnedByAnotherError extends Error {
  override name = "OrderOwnedByAnotherError";
}

const sameCustomer = (a: Customer, b: Customer) =>
  a.kind === b.kind && a.email === b.email && (a.kind === "guest" || (b.kind === "user" && a.userId === b.userId));

/** The claim that settles an order: one per order, written before the order's PAID update. */
/**
 * A settlement's claim this old whose order is still PENDING was abandoned by a process that died between its two
 * writes: a settlement takes milliseconds, a provider's next retry comes seconds later at the earliest.
 */
const ABANDONED_CLAIM_MS = 5_000;

interface Settlement {
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
  /** Called after a write that put events in an order's outbox (nudges the relay). */
  eventsWritten?: (orderId: string) => void;
}

/** The `orders` collection: creation once per client order id, and the PAID transition once per order. */
export function orderRepository(db: Db, options: OrderRepositoryOptions = {}) {
  const orders = db.collection<OrderRecord>("orders");
  const settlements = db.collection<Settlement>("settlements");
  const failedAttempts = db.collection<FailedAttempt>("failed_payments");
  /**
   * An update of one order, conditional on `filter`: atomic against the relay's writes and every other instance's,
   * on MongoDB and on the patched local database (docs/local-database.md), so a state guard is all it takes.
   */
  const updateOrder = (orderId: string, filter: Filter<OrderRecord>, update: Parameters<typeof orders.updateOne>[1]) =>
    orders.updateOne({ ...filter, _id: orderId }, update);

  /** A payment below the order's total: flagged on the order for the admin, nothing settled. */
  async function flagUnderpaid(orderId: string, payment: SettledPayment): Promise<void> {
    await updateOrder(
      orderId,
      { paymentStatus: { $ne: "SUCCESS" } },
      { $set: { underpaid: { paymentId: payment.paymentId, amountPaise: payment.amountPaise, at: new Date() } } },
    );
  }

  /**
   * An order whose `order.paid` cannot be built is parked with the error (docs/operations/faults.md): the provider is
   * answered, reconciliation leaves it alone, and the gauge alerts a person, instead of a 500 on every retry and a
   * failing order in every reconciliation pass.
   */
  async function parkSettlement(order: OrderRecord, payment: SettledPayment, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message.slice(0, 500) : String(error);
    await updateOrder(
      order._id,
      { paymentStatus: { $ne: "SUCCESS" } },
      {
        $set: {
          settlementParked: {
            error: message,
            paymentId: payment.paymentId,
            amountPaise: payment.amountPaise,
            at: new Date(),
            attempts: (order.settlementParked?.attempts ?? 0) + 1,
          },
        },
      },
    );
  }

  async function applySettlement(
    order: OrderRecord,
    payment: SettledPayment,
    correlationId: string,
    paid = paidEvent(order, payment, correlationId),
  ): Promise<void> {
    // From PENDING, or from FAILED: money the provider took settles an order whose earlier attempt failed.
    await updateOrder(
      order._id,
      { paymentStatus: { $in: [...OPEN_PAYMENT_STATES] } },
      withOutbox(
        {
          $set: { paymentStatus: "SUCCESS", orderStatus: "PAID", payment, updatedAt: new Date() },
          $unset: { failure: "" },
        },
        paid,
      ),
    );
    options.eventsWritten?.(order._id);
  }

  return {
    ensureIndexes: async () => {
      await orders.createIndex({ "customer.email": 1, createdAt: -1 });
      await orders.createIndex({ "customer.userId": 1, createdAt: -1 });
      await orders.createIndex({ createdAt: -1, _id: -1 });
      await orders.createIndex({ "providerOrder.providerOrderId": 1 }, { sparse: true });
      await orders.createIndex({ paymentStatus: 1, createdAt: -1 });
      await orders.createIndex({ orderStatus: 1, createdAt: -1 });
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
    async setProviderOrder(orderId: string, providerOrder: NonNullable<OrderRecord["providerOrder"]>): Promise<void> {
      await updateOrder(orderId, {}, { $set: { providerOrder, updatedAt: new Date() } });
    },

    /**
     * An admin moves a paid order through fulfilment; `order.status-changed` is written with the change. Choosing
     * the status it already has changes nothing and publishes nothing.
     */
    async changeStatus(
      orderId: string,
      to: FulfilmentStatus,
      changedBy: string,
      correlationId: string,
    ): Promise<"changed" | "unchanged" | "not-paid" | "unknown-order"> {
      const order = await orders.findOne({ _id: orderId });
      if (!order) return "unknown-order";
      const changedAt = new Date();
      const change = fulfilmentChange(order, to, changedBy, changedAt, correlationId);
      if (change.outcome !== "change") return change.outcome;
      // Conditional on the status read: of two admins changing it at once, the second's change is refused.
      const written = await updateOrder(
        orderId,
        { orderStatus: change.from, paymentStatus: "SUCCESS" },
        withOutbox({ $set: { orderStatus: to, updatedAt: changedAt } }, change.event),
      );
      if (written.modifiedCount !== 1) return "unchanged";
      options.eventsWritten?.(orderId);
      return "changed";
    },

    /**
     * A payment attempt that failed (or the order expiring unpaid): recorded once per attempt, the order marked
     * FAILED and `order.payment-failed` written with it. An order already paid is left alone.
     */
    async recordFailure(
      orderId: string,
      failure: { reason: string; paymentId?: string },
      correlationId: string,
    ): Promise<"recorded" | "duplicate" | "already-settled" | "unknown-order"> {
      const order = await orders.findOne({ _id: orderId });
      if (!order) return "unknown-order";
      if (order.paymentStatus === "SUCCESS") return "already-settled";
      const attemptId = `${orderId}#${failure.paymentId ?? failure.reason}`;
      const at = new Date();
      if (!(await insertOnce(failedAttempts, { _id: attemptId, orderId, reason: failure.reason, at }))) {
        return "duplicate";
      }
      const event = paymentFailedEvent(order, failure.reason, correlationId);
      const written = await updateOrder(
        orderId,
        { paymentStatus: { $in: [...OPEN_PAYMENT_STATES] } },
        withOutbox({ $set: { paymentStatus: "FAILED", failure: { ...failure, at }, updatedAt: at } }, event),
      );
      if (written.modifiedCount !== 1) return "already-settled";
      options.eventsWritten?.(orderId);
      paymentOutcomes.inc({
        provider: order.providerOrder?.provider ?? "none",
        outcome: failure.reason === "expired" ? "expired" : "failed",
      });
      return "recorded";
    },

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

    /** How many unpaid orders a customer (by email: an account's or a guest's) has open. */
    openOrdersOf: (email: string) => orders.countDocuments({ "customer.email": email, paymentStatus: "PENDING" }),

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

    /**
     * PENDING (or FAILED) -> SUCCESS, once. The one winner among concurrent settlers (a webhook, its retries, the browser's
     * verify) is decided by inserting the order's settlement (`settlements._id` = order id): an insert on a unique
     * key is atomic on MongoDB and on the local server, and keeps the winner's payment for whoever must finish a
     * settlement its process left half-done. The winner then writes the state and `order.paid` together (the outbox),
     * guarded by the state. A payment below the order's total settles nothing: it is "underpaid", for the admin.
     */
    async markPaid(
      orderId: string,
      payment: SettledPayment,
      correlationId: string,
    ): Promise<"paid" | "already-settled" | "settling" | "underpaid" | "parked" | "unknown-order"> {
      const order = await orders.findOne({ _id: orderId });
      if (!order) return "unknown-order";
      if (order.paymentStatus === "SUCCESS") return "already-settled";
      // Built before anything is written: an order that cannot make its event fails here, not after the claim.
      let paid: ReturnType<typeof paidEvent>;
      try {
        paid = paidEvent(order, payment, correlationId);
      } catch (error) {
        await parkSettlement(order, payment, error);
        return "parked";
      }
      if (!paysInFull(order, payment.amountPaise)) {
        // Counted once per payment: reconciliation asks the provider about the same payment on every pass.
        if (order.underpaid?.paymentId !== payment.paymentId) {
          await flagUnderpaid(orderId, payment);
          paymentOutcomes.inc({ provider: payment.provider, outcome: "underpaid" });
        }
        return "underpaid";
      }
      if (!(await insertOnce(settlements, { _id: orderId, payment, correlationId, claimedAt: new Date() }))) {
        // Another settler holds the claim. If its process died between the claim and the order's update, the order
        // would stay PENDING until reconciliation (minutes) while the provider's retries are told "settled": a claim
        // older than any live settlement takes, on a still PENDING order, is finished here (docs/operations/faults.md).
        // A fresh claim on a PENDING order is a settlement under way, or one whose process just died: "settling",
        // so a webhook asks its provider to send it again rather than be told it is done.
        const claim = await settlements.findOne({ _id: orderId });
        const current = await orders.findOne({ _id: orderId });
        if (!claim || !current || current.paymentStatus === "SUCCESS") return "already-settled";
        if (Date.now() - claim.claimedAt.getTime() < ABANDONED_CLAIM_MS) return "settling";
        await applySettlement(current, claim.payment, claim.correlationId);
        return "already-settled";
      }
      await applySettlement(order, payment, correlationId, paid);
      paymentOutcomes.inc({ provider: payment.provider, outcome: "paid" });
      return "paid";
    },

    /**
     * Finishes a settlement whose claim was written but whose order is still PENDING (the process died between the
     * two writes): for the reconciliation job. Idempotent: the update only applies to a PENDING order.
     */
    async resumeSettlement(orderId: string): Promise<boolean> {
      const [order, settlement] = await Promise.all([
        orders.findOne({ _id: orderId }),
        settlements.findOne({ _id: orderId }),
      ]);
      if (!order || !settlement || order.paymentStatus === "SUCCESS") return false;
      await applySettlement(order, settlement.payment, settlement.correlationId);
      return true;
    },
  };
}
export type OrderRepository = ReturnType<typeof orderRepository>;
