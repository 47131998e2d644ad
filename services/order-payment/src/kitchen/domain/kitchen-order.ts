import { z } from "zod";
import type { Order } from "../../orders/domain/order.js";

/**
 * The kitchen's order of its lists (docs/back-office.md, The orders list): by delivery day, then the hour the slot
 * starts (a pickup window is a slot too), then the slot, then the time placed and the id (two orders placed in the
 * same millisecond keep one order). Postal orders, which have no day, come after every dated one, oldest first. A
 * slot's id is its hours ("9-12"): compared as text "17-20" would come before "9-12", hence the hour as a number.
 */
export type KitchenKey = [undated: 0 | 1, day: string, slotStart: number, slotId: string, placedAt: number, id: string];

/** What the key reads of an order (the list's scan reads only these). */
export type KeyedOrder = Pick<Order, "_id" | "createdAt"> & {
  delivery?: { date?: string | undefined; slotId?: string | undefined } | undefined;
};

const slotStart = (slotId: string | undefined) => (slotId ? Number(slotId.split("-")[0]) : -1);

export function kitchenKey(order: KeyedOrder): KitchenKey {
  const date = order.delivery?.date;
  const slotId = date ? (order.delivery?.slotId ?? "") : "";
  return [date ? 0 : 1, date ?? "", date ? slotStart(slotId) : -1, slotId, order.createdAt.getTime(), order._id];
}

export function compareKitchenKeys(a: KitchenKey, b: KitchenKey): number {
  for (let index = 0; index < a.length; index++) {
    const [left, right] = [a[index]!, b[index]!];
    if (left !== right) return left < right ? -1 : 1;
  }
  return 0;
}

/** The key as a page's cursor (opaque to the browser), and back: a cursor that does not parse starts the list over. */
const keySchema = z.tuple([
  z.union([z.literal(0), z.literal(1)]),
  z.string().max(10),
  z.number().int().min(-1).max(23),
  z.string().max(5),
  z.number().int(),
  z.string().max(40),
]);
export const encodeKitchenCursor = (key: KitchenKey) => Buffer.from(JSON.stringify(key)).toString("base64url");
export function decodeKitchenCursor(cursor: string): KitchenKey | undefined {
  try {
    const parsed = keySchema.safeParse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
