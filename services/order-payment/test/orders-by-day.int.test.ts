import { signAccessToken } from "@storefront/auth";
import { type OrderRow, orderRowSchema } from "@storefront/contracts";
import { createLogger, type RunningServer } from "@storefront/http";
import { freePort, type IsolatedRun, isolatedRun } from "@storefront/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { loadOrderPaymentConfig } from "../src/config.js";
import type { OrderRecord } from "../src/orders/persistence/orders.js";
import { serveOrderPayment } from "./in-process-server.js";

/**
 * The owner's orders list by delivery day (docs/back-office.md, The orders list), on the real service and FerretDB:
 * which orders the active and new lists hold, and their order (day, slot start, time placed, postal last) across
 * pages read by the cursor. The orders are written straight into the database: their shape is what matters here.
 */
const logger = createLogger({ service: "orders-by-day-test", level: "silent" });
let run: IsolatedRun;
let orderPayment: RunningServer;
let keys: { secret: string; issuer: string };

beforeAll(async () => {
  run = await isolatedRun("orders_by_day");
  const port = await freePort();
  const config = loadOrderPaymentConfig({
    NODE_ENV: "test",
    ...run.env,
    // Never called: no order is placed or paid here.
    CATALOGUE_URL: "http://127.0.0.1:9",
    CASHFREE_BASE_URL: "http://127.0.0.1:9/pg",
    CASHFREE_SECRET_KEY: "unused-in-this-test",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  keys = { secret: config.JWT_SECRET, issuer: config.JWT_ISSUER };
  ({ server: orderPayment } = await serveOrderPayment(config, logger, { port }));
  await run.database.db.collection<OrderRecord>("orders").insertMany(ORDERS);
}, 60_000);
afterAll(async () => {
  await orderPayment?.close();
  await run?.cleanup();
});

const DAY = "2026-12-03";
const NEXT_DAY = "2026-12-04";
const placed = (minute: number) => new Date(Date.UTC(2026, 10, 26, 4, minute));

/** An order as the database holds it; `delivery` absent: placed before zones, the spec's postal delivery. */
function order(
  id: string,
  minute: number,
  delivery: OrderRecord["delivery"] | undefined,
  status: Pick<OrderRecord, "paymentStatus" | "orderStatus"> = { paymentStatus: "SUCCESS", orderStatus: "PAID" },
): OrderRecord {
  return {
    _id: id,
    customer: { kind: "guest", email: `${id.toLowerCase()}@example.in`, name: `Customer ${id}`, mobile: "9876543210" },
    lines: [
      {
        productId: "kaju-katli",
        name: "Kaju Katli",
        weight: "500 Gram",
        quantity: 2,
        unitPricePaise: 40_000,
        lineTotalPaise: 80_000,
        tax: "sweets" as never,
      },
    ],
    charges: { itemTotalPaise: 80_000, postalDeliveryPaise: 0, platformFeePaise: 0, totalPaise: 80_000 } as never,
    shippingAddress: `House ${id}, Ganpati Ali, Wai 412803`,
    placeOfSupply: { state: "Maharashtra", code: "27" } as never,
    createdAt: placed(minute),
    updatedAt: placed(minute),
    ...(delivery ? { delivery } : {}),
    ...status,
  } as OrderRecord;
}
const local = (date: string, slotId: string, slotLabel: string) => ({
  zoneId: "wai",
  kind: "local" as const,
  name: "Wai and nearby",
  date,
  slotId,
  slotLabel,
});
const pickup = (date: string, slotId: string, slotLabel: string) => ({
  zoneId: "shop",
  kind: "pickup" as const,
  name: "Pickup at the shop",
  date,
  slotId,
  slotLabel,
});
const courier = { zoneId: "post", kind: "courier" as const, name: "Postal delivery" };

/**
 * Placed in an order unlike the kitchen's: "9-12" starts before "17-20" though it sorts after it as text, a pickup
 * window sits between two delivery slots, postal orders (one from before zones) are placed first.
 */
const ORDERS: OrderRecord[] = [
  order("POST1", 0, courier),
  order("OLDPOST", 1, undefined),
  order("NEXTEVE", 2, local(NEXT_DAY, "17-20", "5 pm - 8 pm")),
  order("EVE2", 3, local(DAY, "17-20", "5 pm - 8 pm")),
  order("MORN2", 4, local(DAY, "9-12", "9 am - 12 pm")),
  order("EVE1", 5, local(DAY, "17-20", "5 pm - 8 pm"), { paymentStatus: "COD", orderStatus: "Waiting" }),
  order("NOON", 6, pickup(DAY, "12-14", "12 pm - 2 pm"), { paymentStatus: "SUCCESS", orderStatus: "Preparing" }),
  order("MORN1", 7, local(DAY, "9-12", "9 am - 12 pm")),
  order("NEXTMORN", 8, pickup(NEXT_DAY, "9-12", "9 am - 12 pm")),
  // Not on the kitchen's lists: cancelled (paid, and cash), delivered, unpaid, failed.
  order("CANCELPAID", 9, local(DAY, "9-12", "9 am - 12 pm"), { paymentStatus: "SUCCESS", orderStatus: "Canceled" }),
  order("CANCELCOD", 10, local(DAY, "9-12", "9 am - 12 pm"), { paymentStatus: "COD", orderStatus: "Canceled" }),
  order("DELIVERED", 11, local(DAY, "9-12", "9 am - 12 pm"), { paymentStatus: "SUCCESS", orderStatus: "Delivered" }),
  order("UNPAID", 12, local(DAY, "9-12", "9 am - 12 pm"), { paymentStatus: "PENDING", orderStatus: "Pending" }),
  order("FAILED", 13, local(DAY, "9-12", "9 am - 12 pm"), { paymentStatus: "FAILED", orderStatus: "Pending" }),
];

const pageSchema = z.object({ orders: z.array(orderRowSchema), nextCursor: z.string().nullable() });
const adminToken = () =>
  signAccessToken({ sub: "u-admin", email: "admin@shop.example", role: "ADMIN" }, { ...keys, expiresInSeconds: 600 });

async function page(query: Record<string, string>) {
  const answer = await fetch(`${orderPayment.url}/api/payment/orders?${new URLSearchParams(query)}`, {
    headers: { authorization: `Bearer ${adminToken()}` },
  });
  expect(answer.status).toBe(200);
  return pageSchema.parse(await answer.json());
}

/** Every page of a list, `limit` at a time, following the cursor. */
async function wholeList(query: Record<string, string>, limit: number) {
  const pages: OrderRow[][] = [];
  let cursor: string | null = null;
  do {
    const next = await page({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    pages.push(next.orders);
    cursor = next.nextCursor;
  } while (cursor && pages.length < 20);
  return pages;
}

const KITCHEN_ORDER = ["MORN2", "MORN1", "NOON", "EVE2", "EVE1", "NEXTMORN", "NEXTEVE", "POST1", "OLDPOST"];

describe("the orders list by delivery day", () => {
  it("lists the active orders (nothing asked) without cancelled, delivered or unpaid ones, in the kitchen's order", async () => {
    const active = await page({});
    expect(active.orders.map((row) => row.orderId)).toEqual(KITCHEN_ORDER);
    expect(active.nextCursor).toBeNull();
    expect((await page({ list: "active" })).orders.map((row) => row.orderId)).toEqual(KITCHEN_ORDER);
  });

  it("pages the active list by the cursor on its sort keys: every order once, groups continued across pages", async () => {
    const pages = await wholeList({ list: "active" }, 2);
    expect(pages.map((rows) => rows.length)).toEqual([2, 2, 2, 2, 1]);
    expect(pages.flat().map((row) => row.orderId)).toEqual(KITCHEN_ORDER);
    // The second page starts inside the day: its first row is the pickup window at noon, then the evening slot.
    expect(pages[1]!.map((row) => row.deliveryPlan)).toEqual([
      { kind: "pickup", name: "Pickup at the shop", date: DAY, slotLabel: "12 pm - 2 pm" },
      { kind: "local", name: "Wai and nearby", date: DAY, slotLabel: "5 pm - 8 pm" },
    ]);
  });

  it("lists the new orders: paid online and not moved yet, in the kitchen's order", async () => {
    const pages = await wholeList({ list: "new" }, 3);
    expect(pages.flat().map((row) => row.orderId)).toEqual([
      "MORN2",
      "MORN1",
      "EVE2",
      "NEXTMORN",
      "NEXTEVE",
      "POST1",
      "OLDPOST",
    ]);
    expect(pages.flat().every((row) => row.status === "SUCCESS" && row.orderStatus === "PAID")).toBe(true);
  });

  it("narrows a kitchen list to one day, and keeps the other views newest first", async () => {
    const day = await page({ list: "active", deliveryDate: DAY });
    expect(day.orders.map((row) => row.orderId)).toEqual(["MORN2", "MORN1", "NOON", "EVE2", "EVE1"]);
    const delivered = await page({ orderStatus: "Delivered" });
    expect(delivered.orders.map((row) => row.orderId)).toEqual(["DELIVERED"]);
    const dayAnyStatus = await page({ deliveryDate: DAY });
    expect(dayAnyStatus.orders.map((row) => row.orderId)).toEqual([
      "FAILED",
      "UNPAID",
      "DELIVERED",
      "CANCELCOD",
      "CANCELPAID",
      "MORN1",
      "NOON",
      "EVE1",
      "MORN2",
      "EVE2",
    ]);
  });

  it("starts over on a cursor that does not parse, and refuses a list it does not know", async () => {
    expect((await page({ list: "active", cursor: "not-a-cursor" })).orders).toHaveLength(KITCHEN_ORDER.length);
    const unknown = await fetch(`${orderPayment.url}/api/payment/orders?list=cancelled`, {
      headers: { authorization: `Bearer ${adminToken()}` },
    });
    expect(unknown.status).toBe(400);
  });
});
