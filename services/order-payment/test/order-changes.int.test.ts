import { describe, expect, it } from "vitest";
import type { Order } from "../src/orders/domain/order.js";
import { applied } from "../src/orders/domain/order-change.js";
import { type OrderRecord, orderRepository } from "../src/orders/persistence/orders.js";
import { freshStore } from "./fresh-store.js";
import { TRANSITION_ROWS } from "./order-transition-rows.js";

/**
 * The order repository's `apply` writes each transition's change as the domain says it (docs/order-lifecycle.md,
 * Changes): on the real database, the order a change leaves is `applied(order, change)`, its events are in the
 * outbox, and from every state the change must not start from it writes nothing. The rows are the transitions' unit
 * table (test/order-transition-rows.ts), so the filter and the in-memory rule cannot drift apart unseen.
 */

const store = freshStore("order_changes", orderRepository);

let stored = 0;
/** Stores `order` under a new id (each row and each refused state its own order). */
async function insertOrder(order: Order): Promise<string> {
  const _id = `${order._id}-${++stored}`;
  await store.database.db.collection<OrderRecord>("orders").insertOne({ ...order, _id });
  return _id;
}

/** The order as stored, without what the outbox keeps beside it. */
async function read(orderId: string): Promise<Order> {
  const found = await store.database.db
    .collection<OrderRecord>("orders")
    .findOne({ _id: orderId }, { projection: { outbox: 0, outboxPending: 0, outboxLease: 0, outboxLeaseOwner: 0 } });
  if (!found) throw new Error(`no order ${orderId}`);
  return found;
}

describe("an order's changes on the real database (docs/order-lifecycle.md, Changes)", () => {
  it.each(TRANSITION_ROWS)("$transition", async ({ read: before, change, refusedFrom }) => {
    const orderId = await insertOrder(before);
    expect(await store.repository.apply(orderId, change)).toBe(true);
    expect(await read(orderId)).toEqual(applied({ ...before, _id: orderId }, change));
    const outbox = (await store.database.db.collection<OrderRecord>("orders").findOne({ _id: orderId }))?.outbox ?? [];
    expect(outbox.map((event) => event.type)).toEqual((change.events ?? []).map((event) => event.type));
    // Written once: the same change again finds the order no longer as it was decided from (but for the changes that
    // hold from any state, like the provider's session).
    for (const other of refusedFrom) {
      const otherId = await insertOrder(other);
      expect(await store.repository.apply(otherId, change)).toBe(false);
      expect(await read(otherId)).toEqual({ ...other, _id: otherId });
    }
  });
});
