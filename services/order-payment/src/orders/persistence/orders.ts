import type { EventEnvelope } from "@storefront/contracts";
import { type OutboxFields, OutboxWriter, outboxForInsert, withOutbox } from "@storefront/messaging";
import { type Database, dueList, insertOnce, isDuplicateKey } from "@storefront/stores";
import type { Filter, UpdateFilter } from "mongodb";
import type { Customer, Order, SettledPayment } from "../domain/order.js";
import type { OrderChange } from "../domain/order-change.js";
import { changeUpdate, conditionFilter } from "./order-change-writes.js";

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

/**
 * An order whose payment is PENDING (`orders_awaiting_payment`, `_id` = order id, `since` = the order's creation):
 * listed before the order is stored, removed when it leaves PENDING; `parked` while its settlement waits for a person.
 * Reconciliation and the gauges read this list, never `orders` (docs/order-lifecycle.md, Reconciliation).
 */
export interface AwaitingPayment {
  _id: string;
  since: Date;
  parked?: true;
}

/** A refund PENDING at the provider (`refunds_pending`, `_id` = refund id): listed before it is written on its order. */
export interface PendingRefund {
  _id: string;
  orderId: string;
  since: Date;
}

/**
 * Which order a provider's order id belongs to (`provider_orders`, `_id` = the provider's id): Razorpay's webhooks name
 * only theirs. Written for Razorpay's orders alone: Cashfree's webhooks carry our order id, so the lookup would be a
 * write on every checkout that nothing reads.
 */
export interface ProviderOrderLookup {
  _id: string;
  orderId: string;
}
/** Whether an order's provider order gets a lookup (above): Razorpay's, whose webhooks name only their own id. */
const namedOnlyByProvider = (opened: OrderRecord["providerOrder"]): opened is NonNullable<typeof opened> =>
  opened?.provider === "razorpay";

/**
 * A customer's orders (`customer_orders`, `_id` = {@link customerKey}): their ids, oldest first, the newest
 * {@link ORDERS_LISTED_PER_CUSTOMER} kept. Written before the order's insert; an id whose order was never stored is
 * skipped on read.
 */
export interface CustomerOrders {
  _id: string;
  orderIds: string[];
}

/** How many orders "my orders" (and the owner's list of an email's open orders) shows, newest first. */
export const ORDERS_LISTED_PER_CUSTOMER = 200;

/** The key of a customer's order list: a signed-in user's by their id, and everyone's by email (a guest's proof). */
export const customerKey = (query: { userId: string } | { email: string }) =>
  "userId" in query ? `user:${query.userId}` : `email:${query.email}`;

export interface OrderRepositoryOptions {
  /** How a write with events marks the relays' due list and nudges the relay (without: marks only, for a poll). */
  outbox?: OutboxWriter;
}

/**
 * The `orders` collection, loaded and changed: the rules of an order's life are in orders/domain/order-lifecycle.ts and the
 * use cases that apply them in usecases/ (docs/order-lifecycle.md). A transition's change is written by
 * {@link apply}: one update guarded by the state it was decided from, with its events in the same write (the outbox).
 */
export function orderRepository(db: Db, options: OrderRepositoryOptions = {}) {
  const orders = db.collection<OrderRecord>("orders");
  const settlements = db.collection<SettlementClaim>("settlements");
  const failedAttempts = db.collection<FailedAttempt>("failed_payments");
  const awaitingPayment = dueList<AwaitingPayment>(db, "orders_awaiting_payment", [{ parked: 1, since: 1 }]);
  const pendingRefunds = dueList<PendingRefund>(db, "refunds_pending");
  const providerOrders = db.collection<ProviderOrderLookup>("provider_orders");
  const customerOrders = db.collection<CustomerOrders>("customer_orders");

  /** Adds the order to a customer's list once (a retried checkout lists it once). */
  async function listForCustomer(key: string, orderId: string): Promise<void> {
    await customerOrders
      .updateOne(
        { _id: key, orderIds: { $ne: orderId } },
        { $push: { orderIds: { $each: [orderId], $slice: -ORDERS_LISTED_PER_CUSTOMER } } },
        { upsert: true },
      )
      .catch((error: unknown) => {
        // Listed already: the filter missed the list that has it, and the upsert found its `_id` taken.
        if (!isDuplicateKey(error)) throw error;
      });
  }
  const keysOf = (customer: Customer) => [
    customerKey({ email: customer.email }),
    ...(customer.kind === "user" ? [customerKey({ userId: customer.userId })] : []),
  ];

  /** Marks an order on the awaiting list as parked for a person, or no longer (reconciliation's correction). */
  const markParked = (orderId: string, parked: boolean) =>
    awaitingPayment.change(orderId, parked ? { $set: { parked: true } } : { $unset: { parked: "" } });

  const stored = {
    ensureIndexes: async () => {
      // By email: hasRefusedCashAtDoor. The others: the owner's order search (kitchen/persistence/order-search.ts).
      await orders.createIndex({ "customer.email": 1, createdAt: -1 });
      await orders.createIndex({ createdAt: -1, _id: -1 });
      await orders.createIndex({ paymentStatus: 1, createdAt: -1 });
      await orders.createIndex({ orderStatus: 1, createdAt: -1 });
      await awaitingPayment.ensureIndexes();
      await pendingRefunds.ensureIndexes();
    },
    byId: (orderId: string) => orders.findOne({ _id: orderId }),
    /** Several orders, each looked up by its `_id`, the one read the local database answers from its index. */
    byIds: async (orderIds: readonly string[]) =>
      (await Promise.all(orderIds.map((orderId) => orders.findOne({ _id: orderId })))).filter(
        (order): order is OrderRecord => order !== null,
      ),
    /** The order a provider's order id belongs to (Razorpay's webhooks name only theirs): two lookups by `_id`. */
    async byProviderOrder(providerOrderId: string): Promise<OrderRecord | null> {
      const lookup = await providerOrders.findOne({ _id: providerOrderId });
      const order = lookup && (await orders.findOne({ _id: lookup.orderId }));
      // Written before its order's save: a save that did not apply leaves a lookup its order does not confirm.
      return order?.providerOrder?.providerOrderId === providerOrderId ? order : null;
    },
    /** A customer's orders, newest first (a guest's by the email their proof names), each read by `_id`. */
    async ofCustomer(query: { userId: string } | { email: string }): Promise<OrderRecord[]> {
      const listed = await customerOrders.findOne({ _id: customerKey(query) });
      const found: OrderRecord[] = [];
      // A set: the one-time listing may push an id a checkout listed meanwhile.
      for (const orderId of new Set([...(listed?.orderIds ?? [])].reverse())) {
        const order = await orders.findOne({ _id: orderId });
        // Checked on the order itself: an id listed by a checkout refused as another customer's is never shown.
        const customer = order?.customer;
        const theirs =
          "userId" in query
            ? customer?.kind === "user" && customer.userId === query.userId
            : customer?.email === query.email;
        if (order && theirs) found.push(order);
      }
      return found;
    },
    /** Lists stored orders for their customers and provider ids (the one-time sweep: payments/persistence/list-stored-work.ts). */
    async listLookups(stored: Array<Pick<OrderRecord, "_id" | "customer" | "providerOrder">>): Promise<void> {
      // One write per customer list (oldest first, as `stored` comes), not one per order.
      const byKey = new Map<string, string[]>();
      for (const order of stored) {
        for (const key of keysOf(order.customer)) byKey.set(key, [...(byKey.get(key) ?? []), order._id]);
      }
      for (const [key, orderIds] of byKey) {
        await customerOrders.updateOne(
          { _id: key },
          {
            $push: {
              orderIds: { $each: orderIds.slice(-ORDERS_LISTED_PER_CUSTOMER), $slice: -ORDERS_LISTED_PER_CUSTOMER },
            },
          },
          { upsert: true },
        );
      }
      const lookups = stored.flatMap((order) =>
        namedOnlyByProvider(order.providerOrder)
          ? [{ _id: order.providerOrder.providerOrderId, orderId: order._id }]
          : [],
      );
      for (let at = 0; at < lookups.length; at += 1000) {
        await providerOrders.bulkWrite(
          lookups.slice(at, at + 1000).map((lookup) => ({
            updateOne: { filter: { _id: lookup._id }, update: { $setOnInsert: lookup }, upsert: true },
          })),
          { ordered: false },
        );
      }
    },

    /**
     * Writes a change (orders/domain/order-change.ts): one update that applies only while the order still is as the change
     * was decided from, atomically against every other writer, on MongoDB and on the patched local database
     * (docs/local-database.md); its events go in the same write. True when it applied.
     */
    async apply(orderId: string, change: OrderChange): Promise<boolean> {
      const events = change.events ?? [];
      const update = changeUpdate(change) as UpdateFilter<OrderRecord>;
      const write = () =>
        orders.updateOne(
          { ...(conditionFilter(change.from) as Filter<OrderRecord>), _id: orderId },
          events.length ? withOutbox(update, ...events) : update,
        );
      const outbox = options.outbox ?? new OutboxWriter(db);
      const written = events.length ? await outbox.write("orders", orderId, write) : await write();
      return written.modifiedCount === 1;
    },

    /**
     * Stores a new order, or answers the one already stored under this client order id when the same customer sent
     * it again (a retried checkout). Another customer's id is refused.
     */
    async createOnce(
      order: OrderRecord,
      /** Events written with the insert (its outbox): a cash order's `order.cash-on-delivery.placed`. */
      events: EventEnvelope[] = [],
    ): Promise<{ order: OrderRecord; created: boolean }> {
      // Listed first: a crash between the two writes leaves an entry without its order, which reconciliation removes
      // when it finds no PENDING order by that `_id`; the other way round it would leave a PENDING order nobody
      // reconciles (never expired, its kitchen units and open-order places held for good).
      // Its customers' lists too, beside it (independent writes: one round trip's wait, not three).
      await Promise.all([
        order.paymentStatus === "PENDING" ? awaitingPayment.add({ _id: order._id, since: order.createdAt }) : undefined,
        ...keysOf(order.customer).map((key) => listForCustomer(key, order._id)),
      ]);
      const insert = () => insertOnce(orders, events.length ? { ...order, ...outboxForInsert(...events) } : order);
      const inserted = events.length
        ? await (options.outbox ?? new OutboxWriter(db)).write("orders", order._id, insert)
        : await insert();
      if (inserted) return { order, created: true };
      const existing = await orders.findOne({ _id: order._id });
      if (!existing || !sameCustomer(existing.customer, order.customer)) {
        // Off the lists this checkout put it on, not the owner's (a guest and a user may share an email).
        const owners = existing ? keysOf(existing.customer) : [];
        for (const key of keysOf(order.customer).filter((key) => !owners.includes(key))) {
          await customerOrders.updateOne({ _id: key }, { $pull: { orderIds: order._id } });
        }
        throw new OrderOwnedByAnotherError(order._id);
      }
      // A retried checkout of an order that left PENDING meanwhile: the entry just added is not outstanding work.
      if (existing.paymentStatus !== "PENDING") await awaitingPayment.remove(order._id);
      return { order: existing, created: false };
    },

    /** Inserts the order's settlement claim; false when another settler holds it (payments/usecases/settle-payment.ts). */
    claimSettlement: (claim: SettlementClaim) => insertOnce(settlements, claim),
    settlementClaim: (orderId: string) => settlements.findOne({ _id: orderId }),

    /** Records a failed attempt once; false when it was recorded before (a repeated webhook). */
    recordAttemptOnce: (attempt: FailedAttempt) => insertOnce(failedAttempts, attempt),

    /**
     * The orders awaiting their payment (reconciliation's list: it pages through the due ones and checks each order by
     * `_id`), and the stuck-order and parked-settlement gauges.
     */
    awaitingPayment,
    /** The refunds PENDING at the provider (reconciliation's list, and the stuck-refund gauge). */
    pendingRefunds,

    /** A refund the provider has finished (processed or failed) leaves the pending list. */
    refundEnded: (refundId: string) => pendingRefunds.remove(refundId),

    /** When the oldest refund still PENDING at the provider was asked for (the stuck-refund gauge). */
    oldestPendingRefund: async (): Promise<Date | undefined> => (await pendingRefunds.oldest())?.since,

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
    parkedSettlements: () => awaitingPayment.count({ parked: true }),

    /** When the oldest order still waiting for its payment was created (for the on-call's metrics). */
    oldestAwaitingPayment: async (): Promise<Date | undefined> =>
      (await awaitingPayment.oldest({ parked: { $exists: false } }))?.since,
  };

  return {
    ...stored,
    /**
     * {@link stored.apply}, keeping the due lists with the order: a refund it writes is listed before the write (a
     * crash between them leaves an entry reconciliation removes, never an unlisted PENDING refund); an order that
     * leaves PENDING (paid, failed, expired, cancelled unpaid, confirmed cash on delivery: every such change sets
     * `paymentStatus`) leaves the awaiting list after it, and a parked settlement is marked on it (a crash between
     * them leaves an entry reconciliation corrects when it reads the order).
     */
    async apply(orderId: string, change: OrderChange): Promise<boolean> {
      // Listed before the write, as the order's other lists: the lookup is checked against the order on read.
      const opened = change.set?.providerOrder;
      if (namedOnlyByProvider(opened)) await insertOnce(providerOrders, { _id: opened.providerOrderId, orderId });
      const refund = change.addRefund;
      if (refund?.status === "PENDING")
        await pendingRefunds.add({ _id: refund.refundId, orderId, since: refund.createdAt });
      if (!(await stored.apply(orderId, change))) return false;
      const paymentStatus = change.set?.paymentStatus;
      if (paymentStatus && paymentStatus !== "PENDING") await awaitingPayment.remove(orderId);
      else if (change.set?.settlementParked) await markParked(orderId, true);
      return true;
    },
    markParked,
  };
}
export type OrderRepository = ReturnType<typeof orderRepository>;
