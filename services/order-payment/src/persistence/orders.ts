import { type FulfilmentStatus, orderPaidV2, type Weight } from "@storefront/contracts";
import { type OutboxFields, withOutbox } from "@storefront/messaging";
import { type Database, insertOnce } from "@storefront/stores";

type Db = Database["db"];

import type { OrderCharges } from "../domain/price-order.js";

/** Who placed an order: a signed-in customer (their user id) or a guest (the email their proof names). */
export type Customer =
  | { kind: "user"; userId: string; email: string; name: string; mobile: string }
  | { kind: "guest"; email: string; name: string; mobile: string };

export interface OrderLine {
  productId: string;
  name: string;
  weight: Weight;
  quantity: number;
  unitPricePaise: number;
  lineTotalPaise: number;
}

export type PaymentStatus = "PENDING" | "SUCCESS" | "FAILED";

/** An order, keyed by the spec's client order id (the checkout attempt's idempotency key). */
export interface OrderRecord extends OutboxFields {
  _id: string;
  customer: Customer;
  lines: OrderLine[];
  charges: OrderCharges;
  shippingAddress: string;
  paymentStatus: PaymentStatus;
  orderStatus: FulfilmentStatus | "Pending";
  payment?: { provider: string; paymentId: string; transactionId?: string; amountPaise: number; paidAt: Date };
  /** The provider's order and payment session, once created (a retried checkout answers the same session). */
  providerOrder?: { provider: string; paymentSessionId: string; providerOrderId: string };
  createdAt: Date;
  updatedAt: Date;
}

/** The same client order id from another customer: it is refused, never shown or changed. */
export class OrderOwnedByAnotherError extends Error {
  override name = "OrderOwnedByAnotherError";
}

const sameCustomer = (a: Customer, b: Customer) =>
  a.kind === b.kind && a.email === b.email && (a.kind === "guest" || (b.kind === "user" && a.userId === b.userId));

/** What a payment settles, as a provider (webhook or status call) reported it: never the browser's word. */
export interface SettledPayment {
  provider: string;
  paymentId: string;
  transactionId?: string;
  amountPaise: number;
  paidAt: Date;
}

/** The claim that settles an order: one per order, written before the order's PAID update. */
interface Settlement {
  _id: string;
  payment: SettledPayment;
  correlationId: string;
  claimedAt: Date;
}

/** The `orders` collection: creation once per client order id, and the PAID transition once per order. */
export function orderRepository(db: Db, options: { eventsWritten?: () => void } = {}) {
  const orders = db.collection<OrderRecord>("orders");
  const settlements = db.collection<Settlement>("settlements");

  async function applySettlement(order: OrderRecord, payment: SettledPayment, correlationId: string): Promise<void> {
    const paid = orderPaidV2.create(
      {
        orderId: order._id,
        customer: {
          name: order.customer.name,
          email: order.customer.email,
          mobile: order.customer.mobile,
          ...(order.customer.kind === "user" ? { userId: order.customer.userId } : {}),
        },
        shippingAddress: order.shippingAddress,
        lines: order.lines,
        charges: order.charges,
        amountPaise: payment.amountPaise,
        provider: payment.provider,
        paymentId: payment.paymentId,
        ...(payment.transactionId ? { transactionId: payment.transactionId } : {}),
        paidAt: payment.paidAt.toISOString(),
      },
      { correlationId },
    );
    await orders.updateOne(
      { _id: order._id, paymentStatus: "PENDING" },
      withOutbox({ $set: { paymentStatus: "SUCCESS", orderStatus: "PAID", payment, updatedAt: new Date() } }, paid),
    );
    options.eventsWritten?.();
  }

  return {
    ensureIndexes: async () => {
      await orders.createIndex({ "customer.email": 1, createdAt: -1 });
      await orders.createIndex({ "customer.userId": 1, createdAt: -1 });
    },
    byId: (orderId: string) => orders.findOne({ _id: orderId }),
    /** A customer's orders, newest first (a guest's by the email their proof names). */
    ofCustomer: (query: { userId: string } | { email: string }) =>
      orders
        .find("userId" in query ? { "customer.userId": query.userId } : { "customer.email": query.email })
        .sort({ createdAt: -1 })
        .limit(200)
        .toArray(),
    async setProviderOrder(orderId: string, providerOrder: NonNullable<OrderRecord["providerOrder"]>): Promise<void> {
      await orders.updateOne({ _id: orderId }, { $set: { providerOrder, updatedAt: new Date() } });
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
     * PENDING -> SUCCESS, once. The one winner among concurrent settlers (a webhook, its retries, the browser's
     * verify) is decided by inserting the order's settlement (`settlements._id` = order id): an insert on a unique
     * key is atomic on MongoDB and on FerretDB, whose SQLite backend lets racing conditional updates of one document
     * all report success. The winner then writes the state and `order.paid` together (the outbox). A payment below the
     * order's total settles nothing: it is "underpaid", for the admin to look at.
     */
    async markPaid(
      orderId: string,
      payment: SettledPayment,
      correlationId: string,
    ): Promise<"paid" | "already-settled" | "underpaid" | "unknown-order"> {
      const order = await orders.findOne({ _id: orderId });
      if (!order) return "unknown-order";
      if (order.paymentStatus !== "PENDING") return "already-settled";
      if (payment.amountPaise < order.charges.totalPaise) return "underpaid";
      if (!(await insertOnce(settlements, { _id: orderId, payment, correlationId, claimedAt: new Date() }))) {
        return "already-settled";
      }
      await applySettlement(order, payment, correlationId);
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
      if (!order || !settlement || order.paymentStatus !== "PENDING") return false;
      await applySettlement(order, settlement.payment, settlement.correlationId);
      return true;
    },
  };
}
export type OrderRepository = ReturnType<typeof orderRepository>;
