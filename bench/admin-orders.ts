/**
 * Admin orders page benchmark: 10,000 orders in a throw-away database, then the admin dashboard's queries as
 * order-payment runs them (its built repository): the default view (active orders), a fulfilment-status filter, a
 * search by customer email, and paging 20 pages deep by cursor. Prints p50/p99 of each.
 *
 *   node --import tsx bench/admin-orders.ts [orders=10000] [runs=5]
 * Needs the built services (npx turbo run build) and the local infrastructure (scripts/infra.sh up).
 * The queries are indexed ranges on MongoDB 7 (see the repository's indexes); FerretDB answers from an index only a
 * lookup by _id, so locally every page reads the collection: the figure to watch is how that grows with orders.
 */
import { useLocalInfraByDefault } from "@storefront/config";
import { freshDatabase } from "@storefront/testing";

useLocalInfraByDefault();

const ORDERS = Number(process.argv[2] ?? 10_000);
const RUNS = Number(process.argv[3] ?? 5);
const PAGE = 20;
/** The parts of order-payment's build this measures (imported from dist: the bench runs what ships). */
interface OrdersPage {
  orderStatus?: string;
  search?: string;
  cursor?: string | undefined;
  limit: number;
}
const { orderRepository } = (await import(
  new URL("../services/order-payment/dist/orders/persistence/orders.js", import.meta.url).href
)) as { orderRepository: (db: unknown) => { ensureIndexes(): Promise<void> } };
const { orderSearch } = (await import(
  new URL("../services/order-payment/dist/kitchen/persistence/order-search.js", import.meta.url).href
)) as {
  orderSearch: (db: unknown) => {
    page(query: OrdersPage): Promise<{ orders: { _id: string }[]; nextCursor: string | null }>;
  };
};

const STATUSES = ["PAID", "Waiting", "Preparing", "Dispatched", "Delivered"] as const;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10;
};

function order(i: number) {
  const createdAt = new Date(Date.UTC(2026, 0, 1) + i * 60_000);
  const paid = i % 10 !== 0;
  return {
    _id: `${createdAt.getTime()}${String(i).padStart(5, "0")}`,
    customer: {
      kind: "guest" as const,
      email: `shopper${i % 500}@example.in`,
      name: "Asha Patil",
      mobile: "9876543210",
    },
    lines: [
      {
        productId: "ukadiche-modak",
        name: "Ukadiche Modak",
        weight: "500 Gram",
        quantity: 1 + (i % 3),
        unitPricePaise: 58000,
        lineTotalPaise: 58000 * (1 + (i % 3)),
        tax: { hsn: "210690", gstRatePercent: 5 },
      },
    ],
    charges: { itemTotalPaise: 58000, postalDeliveryPaise: 3000, platformFeePaise: 0, totalPaise: 61000 },
    shippingAddress: "Flat 4, Sai Krupa Society, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001",
    placeOfSupply: { state: "Maharashtra", stateCode: "27" },
    paymentStatus: paid ? "SUCCESS" : "FAILED",
    orderStatus: paid ? STATUSES[i % STATUSES.length]! : "Pending",
    createdAt,
    updatedAt: createdAt,
  };
}

const database = await freshDatabase("bench-admin-orders");
try {
  const collection = database.db.collection<ReturnType<typeof order>>("orders");
  for (let start = 0; start < ORDERS; start += 1000) {
    await collection.insertMany(Array.from({ length: Math.min(1000, ORDERS - start) }, (_, k) => order(start + k)));
  }
  await orderRepository(database.db).ensureIndexes();
  const orders = orderSearch(database.db);
  const time = async (query: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      await query();
      times.push(performance.now() - started);
    }
    return { "p50 ms": percentile(times, 50), "p99 ms": percentile(times, 99) };
  };
  let deepest = "";
  const rows = {
    "active orders (default view)": await time(() => orders.page({ limit: PAGE })),
    "orderStatus=Dispatched": await time(() => orders.page({ orderStatus: "Dispatched", limit: PAGE })),
    "search by email": await time(() => orders.page({ search: "shopper42@", limit: PAGE })),
    "20 pages deep, per page": await time(async () => {
      let cursor: string | undefined;
      for (let page = 0; page < 20; page++) {
        const found = await orders.page({ orderStatus: "Delivered", limit: PAGE, cursor });
        cursor = found.nextCursor ?? undefined;
        deepest = found.orders.at(-1)?._id ?? deepest;
      }
    }).then(({ "p50 ms": p50, "p99 ms": p99 }) => ({ "p50 ms": p50 / 20, "p99 ms": p99 / 20 })),
  };
  console.log(`admin orders page, ${ORDERS} orders, ${PAGE} a page, ${RUNS} runs each (deepest order ${deepest})`);
  console.table(rows);
} finally {
  await database.drop();
}
