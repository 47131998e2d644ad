import type { FulfilmentStatus } from "@storefront/contracts";
import type { Database } from "@storefront/stores";
import type { Filter } from "mongodb";
import type { PaymentStatus } from "../domain/order.js";
import { HELD_LIKE_PAID } from "../domain/order-lifecycle.js";
import type { OrderRecord } from "./orders.js";

type Db = Database["db"];

/** Where an admin's page of orders starts: after this order in newest-first order. */
interface PageCursor {
  createdAt: Date;
  id: string;
}
const encodeCursor = (order: OrderRecord) =>
  Buffer.from(JSON.stringify([order.createdAt.toISOString(), order._id])).toString("base64url");
function decodeCursor(cursor: string): PageCursor | undefined {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [string, string];
    const date = new Date(createdAt);
    return typeof id === "string" && !Number.isNaN(date.getTime()) ? { createdAt: date, id } : undefined;
  } catch {
    return undefined;
  }
}
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The admin's search over the orders (a read model beside the repository, which owns the orders' changes). */
export function orderSearch(db: Db) {
  const orders = db.collection<OrderRecord>("orders");
  return {
    /**
     * The admin's orders page: newest first, `limit` at a time after the cursor (an indexed range on createdAt and
     * _id, never a skip), filtered, or searched by order id prefix or customer email. No filter: the active orders.
     */
    async page(query: {
      orderStatus?: FulfilmentStatus | undefined;
      paymentStatus?: PaymentStatus | undefined;
      search?: string | undefined;
      deliveryDate?: string | undefined;
      cursor?: string | undefined;
      limit: number;
    }): Promise<{ orders: OrderRecord[]; nextCursor: string | null }> {
      const filter: Filter<OrderRecord> = {};
      if (query.orderStatus) filter.orderStatus = query.orderStatus;
      if (query.paymentStatus) filter.paymentStatus = query.paymentStatus;
      if (query.deliveryDate) filter["delivery.date"] = query.deliveryDate;
      if (!query.orderStatus && !query.paymentStatus && !query.search && !query.deliveryDate) {
        filter.paymentStatus = { $in: [...HELD_LIKE_PAID] };
        filter.orderStatus = { $ne: "Delivered" };
      }
      const and: Filter<OrderRecord>[] = [];
      if (query.search) {
        const pattern = escapeRegex(query.search.toLowerCase());
        and.push({
          $or: [{ _id: { $regex: `^${escapeRegex(query.search)}` } }, { "customer.email": { $regex: `^${pattern}` } }],
        });
      }
      const after = query.cursor ? decodeCursor(query.cursor) : undefined;
      if (after) {
        and.push({
          $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, _id: { $lt: after.id } }],
        });
      }
      if (and.length) filter.$and = and;
      const found = await orders
        .find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .limit(query.limit + 1)
        .toArray();
      const pageOrders = found.slice(0, query.limit);
      const last = pageOrders.at(-1);
      return { orders: pageOrders, nextCursor: found.length > query.limit && last ? encodeCursor(last) : null };
    },
  };
}
export type OrderSearch = ReturnType<typeof orderSearch>;
