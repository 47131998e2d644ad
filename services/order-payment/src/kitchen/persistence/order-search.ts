import type { FulfilmentStatus, KitchenList } from "@storefront/contracts";
import type { Database } from "@storefront/stores";
import type { Filter } from "mongodb";
import type { PaymentStatus } from "../../orders/domain/order.js";
import { HELD_LIKE_PAID } from "../../orders/domain/order-lifecycle.js";
import type { OrderRecord } from "../../orders/persistence/orders.js";
import {
  compareKitchenKeys,
  decodeKitchenCursor,
  encodeKitchenCursor,
  type KeyedOrder,
  kitchenKey,
} from "../domain/kitchen-order.js";

type Db = Database["db"];

/** The kitchen's lists (docs/back-office.md, The orders list): what each holds. */
const KITCHEN_LISTS: Record<KitchenList, Filter<OrderRecord>> = {
  active: { paymentStatus: { $in: [...HELD_LIKE_PAID] }, orderStatus: { $nin: ["Delivered", "Canceled"] } },
  // Paid online and not moved yet (a cash order starts at Waiting: the owner confirmed it by taking it).
  new: { paymentStatus: { $in: [...HELD_LIKE_PAID] }, orderStatus: "PAID" },
};

interface PageQuery {
  list?: KitchenList | undefined;
  orderStatus?: FulfilmentStatus | undefined;
  paymentStatus?: PaymentStatus | undefined;
  search?: string | undefined;
  deliveryDate?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}
interface Page {
  orders: OrderRecord[];
  nextCursor: string | null;
}

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
  /** The filters and search an admin typed, beside the list or view. */
  function typed(query: PageQuery): Filter<OrderRecord>[] {
    const and: Filter<OrderRecord>[] = [];
    if (query.orderStatus) and.push({ orderStatus: query.orderStatus });
    if (query.paymentStatus) and.push({ paymentStatus: query.paymentStatus });
    if (query.deliveryDate) and.push({ "delivery.date": query.deliveryDate });
    if (query.search) {
      const pattern = escapeRegex(query.search.toLowerCase());
      and.push({
        $or: [{ _id: { $regex: `^${escapeRegex(query.search)}` } }, { "customer.email": { $regex: `^${pattern}` } }],
      });
    }
    return and;
  }

  /**
   * A kitchen list's page: the kitchen's order (kitchen/domain/kitchen-order.ts) is not one the database can sort by (a
   * slot's start hour is inside its id, and a missing day must come last), so one find reads the sort keys of the
   * list's orders from the cursor's day on (a projection: a few fields each; the local database scans the collection
   * for any query not by `_id`, as for every other page of this list), sorts them here, and the page's orders are
   * then read by `_id`. The list holds only orders not yet delivered or cancelled: a few hundred at most.
   */
  async function kitchenPage(list: KitchenList, query: PageQuery): Promise<Page> {
    const after = query.cursor ? decodeKitchenCursor(query.cursor) : undefined;
    const and = [KITCHEN_LISTS[list], ...typed(query)];
    if (after) {
      const undated = { "delivery.date": { $exists: false } };
      and.push(after[0] === 1 ? undated : { $or: [{ "delivery.date": { $gte: after[1] } }, undated] });
    }
    const keyed = await orders
      .find({ $and: and }, { projection: { _id: 1, createdAt: 1, "delivery.date": 1, "delivery.slotId": 1 } })
      .toArray();
    const following = (keyed as KeyedOrder[])
      .map((order) => kitchenKey(order))
      .filter((key) => !after || compareKitchenKeys(key, after) > 0)
      .sort(compareKitchenKeys);
    const pageKeys = following.slice(0, query.limit);
    const byId = new Map(
      (await Promise.all(pageKeys.map((key) => orders.findOne({ _id: key[5] }))))
        .filter((order): order is OrderRecord => order !== null)
        .map((order) => [order._id, order]),
    );
    const last = pageKeys.at(-1);
    return {
      orders: pageKeys.flatMap((key) => byId.get(key[5]) ?? []),
      nextCursor: following.length > query.limit && last ? encodeKitchenCursor(last) : null,
    };
  }

  /** Any other page: newest first, `limit` at a time after the cursor (a range on createdAt and _id, never a skip). */
  async function newestFirstPage(query: PageQuery): Promise<Page> {
    const and = typed(query);
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    if (after) {
      and.push({
        $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, _id: { $lt: after.id } }],
      });
    }
    const found = await orders
      .find(and.length ? { $and: and } : {})
      .sort({ createdAt: -1, _id: -1 })
      .limit(query.limit + 1)
      .toArray();
    const pageOrders = found.slice(0, query.limit);
    const last = pageOrders.at(-1);
    return { orders: pageOrders, nextCursor: found.length > query.limit && last ? encodeCursor(last) : null };
  }

  return {
    /**
     * The admin's orders page, `limit` at a time after the cursor: a kitchen list (`list`, or nothing asked: the
     * active list) in the kitchen's order, else the filtered or searched orders newest first.
     */
    page(query: PageQuery): Promise<Page> {
      const nothingAsked = !query.orderStatus && !query.paymentStatus && !query.search && !query.deliveryDate;
      const list = query.list ?? (nothingAsked ? "active" : undefined);
      return list ? kitchenPage(list, query) : newestFirstPage(query);
    },
  };
}
export type OrderSearch = ReturnType<typeof orderSearch>;
