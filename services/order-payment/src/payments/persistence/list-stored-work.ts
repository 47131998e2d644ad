import { type Database, oneTimeJobs } from "@storefront/stores";
import type { KitchenHold, KitchenRepository } from "../../kitchen/persistence/kitchen.js";
import type { OrderRecord, OrderRepository } from "../../orders/persistence/orders.js";

type Db = Database["db"];

/** The one-time job's record (`one_time_jobs._id`): present once the work stored before the due lists is listed. */
export const LIST_STORED_WORK = "lists-from-stored-orders";

export interface ListedWork {
  awaitingPayment: number;
  pendingRefunds: number;
  openHolds: number;
  orders: number;
}

/**
 * Lists the outstanding work stored before the due lists existed (docs/order-lifecycle.md, Reconciliation): PENDING
 * orders, refunds PENDING at the provider and open kitchen holds written by a version that kept no list would
 * otherwise never be reconciled, expired or swept; and every order in its customers' lists and under its provider's
 * order id, which "my orders" and Razorpay's webhooks read. It reads `orders` (once, for every list) and
 * `kitchen_holds` whole, once per database: started in the background at start-up, recorded done by `_id` at its end,
 * so a process that dies half-way runs it again (every entry is an upsert that keeps what is listed). Undefined when
 * it ran before.
 */
export async function listStoredWork(
  db: Db,
  { orders, kitchen }: { orders: OrderRepository; kitchen: KitchenRepository },
): Promise<ListedWork | undefined> {
  const jobs = oneTimeJobs(db);
  if (await jobs.isDone(LIST_STORED_WORK)) return undefined;
  // One read of every order, without its lines, oldest first (the customers' lists keep that order): the whole
  // collection is read once, not once per list.
  const everyOrder = await db
    .collection<OrderRecord>("orders")
    .find(
      {},
      {
        projection: { customer: 1, providerOrder: 1, createdAt: 1, paymentStatus: 1, settlementParked: 1, refunds: 1 },
      },
    )
    .sort({ createdAt: 1 })
    .toArray();
  const pending = everyOrder.filter((order) => order.paymentStatus === "PENDING");
  await orders.awaitingPayment.addMany(
    pending.map((order) => ({
      _id: order._id,
      since: order.createdAt,
      ...(order.settlementParked ? { parked: true as const } : {}),
    })),
  );
  const refunds = everyOrder.flatMap((order) =>
    (order.refunds ?? [])
      .filter((refund) => refund.status === "PENDING")
      .map((refund) => ({ _id: refund.refundId, orderId: order._id, since: refund.createdAt })),
  );
  await orders.pendingRefunds.addMany(refunds);
  const open = await db
    .collection<KitchenHold>("kitchen_holds")
    .find({ done: { $ne: true } }, { projection: { createdAt: 1 } })
    .toArray();
  await kitchen.listOpen(open);
  // The lookups "my orders" and Razorpay's webhooks read by `_id`.
  await orders.listLookups(everyOrder);
  await jobs.markDone(LIST_STORED_WORK);
  return {
    awaitingPayment: pending.length,
    pendingRefunds: refunds.length,
    openHolds: open.length,
    orders: everyOrder.length,
  };
}
