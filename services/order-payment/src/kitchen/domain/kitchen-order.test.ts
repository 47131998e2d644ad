import { describe, expect, it } from "vitest";
import {
  compareKitchenKeys,
  decodeKitchenCursor,
  encodeKitchenCursor,
  type KeyedOrder,
  kitchenKey,
} from "./kitchen-order.js";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 4, minute));
const order = (_id: string, minute: number, date?: string, slotId?: string): KeyedOrder => ({
  _id,
  createdAt: at(minute),
  ...(date ? { delivery: { date, ...(slotId ? { slotId } : {}) } } : {}),
});
const sorted = (orders: KeyedOrder[]) =>
  orders
    .map(kitchenKey)
    .sort(compareKitchenKeys)
    .map((key) => key[5]);

describe("the kitchen's order", () => {
  it("is by day, then the hour the slot starts (9 before 17, unlike their text), then the time placed", () => {
    expect(
      sorted([
        order("eve", 0, "2026-12-03", "17-20"),
        order("morning-late", 5, "2026-12-03", "9-12"),
        order("next-day", 0, "2026-12-04", "9-12"),
        order("morning-early", 1, "2026-12-03", "9-12"),
        order("noon", 0, "2026-12-03", "12-14"),
      ]),
    ).toEqual(["morning-early", "morning-late", "noon", "eve", "next-day"]);
  });

  it("puts postal orders (no day) after every dated one, oldest first", () => {
    expect(sorted([order("post-late", 9), order("dated", 50, "2027-01-30", "9-12"), order("post-early", 1)])).toEqual([
      "dated",
      "post-early",
      "post-late",
    ]);
  });

  it("makes a cursor of a key and reads it back; anything else reads as no cursor", () => {
    const key = kitchenKey(order("MORN1", 7, "2026-12-03", "9-12"));
    expect(decodeKitchenCursor(encodeKitchenCursor(key))).toEqual(key);
    expect(decodeKitchenCursor("not-a-cursor")).toBeUndefined();
    expect(decodeKitchenCursor(Buffer.from('[0,"x",99,"",1,"a"]').toString("base64url"))).toBeUndefined();
  });
});
