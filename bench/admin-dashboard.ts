/**
 * The owner's dashboard and the kitchen's hold (docs/back-office.md), on the local database:
 *  1. the dashboard summary's answer with 50,000 orders (30 days of sales rollups, today's and tomorrow's kitchen,
 *     the fulfilment counts), as order-payment computes it (its built use case): p50/p95 over `runs` reads;
 *  2. the hold race: 500 checkouts at once for a product the kitchen makes 100 of today (and no other day), from two
 *     clients: how many were held (must be 100) and the p50/p99 of one hold.
 *
 *   node --import tsx bench/admin-dashboard.ts [orders=50000] [runs=50] [checkouts=500]
 * Needs the built services (npx turbo run build) and the local infrastructure (scripts/infra.sh up).
 */
import { useLocalInfraByDefault } from "@storefront/config";
import { freshDatabase } from "@storefront/testing";
import { MongoClient } from "mongodb";

useLocalInfraByDefault();

const ORDERS = Number(process.argv[2] ?? 50_000);
const RUNS = Number(process.argv[3] ?? 50);
const CHECKOUTS = Number(process.argv[4] ?? 500);
const CAPACITY = 100;

const dist = (path: string) => new URL(`../services/order-payment/dist/${path}`, import.meta.url).href;
const { orderRepository } = await import(dist("orders/persistence/orders.js"));
const { kitchenRepository } = await import(dist("kitchen/persistence/kitchen.js"));
const { salesDays } = await import(dist("summary/persistence/sales-days.js"));
const { fulfilmentBoard } = await import(dist("kitchen/persistence/fulfilment-board.js"));
const { readShopSummary } = await import(dist("summary/usecases/read-shop-summary.js"));
const { holdKitchenUnits } = await import(dist("kitchen/usecases/hold-kitchen-units.js"));
const { addDays, dispatchDaysFrom, indiaDayKey } = await import("@storefront/contracts");

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10;
};

/** Where an order of the last two days stands; older ones are delivered. */
const STATUSES = ["Delivered", "Dispatched", "Preparing", "Waiting", "PAID"] as const;
const RECENT_MS = 2 * 86_400_000;
const PRODUCTS = ["ukadiche-modak", "kaju-katli", "besan-ladoo", "bhajani-chakli", "poha-chivda", "karanji"];
const now = new Date();
const today = indiaDayKey(now);

/** Order i, paid on one of the last 30 days (an order every ~52 s over the month). */
function order(i: number) {
  const paidAt = new Date(now.getTime() - Math.floor((i / ORDERS) * 30 * 86_400_000));
  const productId = PRODUCTS[i % PRODUCTS.length]!;
  const quantity = 1 + (i % 3);
  return {
    _id: `${paidAt.getTime()}${String(i).padStart(6, "0")}`,
    customer: { kind: "guest", email: `shopper${i % 500}@example.in`, name: "Asha Patil", mobile: "9876543210" },
    lines: [
      {
        productId,
        name: productId,
        weight: "250 Gram",
        quantity,
        unitPricePaise: 30000,
        lineTotalPaise: 30000 * quantity,
        tax: { hsn: "210690", gstRatePercent: 5 },
      },
    ],
    charges: { itemTotalPaise: 30000 * quantity, postalDeliveryPaise: 3000, platformFeePaise: 0, totalPaise: 0 },
    shippingAddress: "Flat 4, Sai Krupa Society, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001",
    placeOfSupply: { state: "Maharashtra", stateCode: "27" },
    paymentStatus: "SUCCESS",
    orderStatus: now.getTime() - paidAt.getTime() < RECENT_MS ? STATUSES[i % STATUSES.length]! : "Delivered",
    payment: { provider: "sandbox", paymentId: `pay-${i}`, amountPaise: 30000 * quantity + 3000, paidAt },
    paidDay: indiaDayKey(paidAt),
    createdAt: paidAt,
    updatedAt: paidAt,
  };
}

const database = await freshDatabase("bench-admin-dashboard");
const secondClient = await MongoClient.connect(database.url, { maxPoolSize: 50 });
try {
  const orders = orderRepository(database.db);
  await orders.ensureIndexes();
  const kitchen = kitchenRepository(database.db);
  await kitchen.ensureIndexes();
  const sales = salesDays(database.db);
  const board = fulfilmentBoard(database.db);
  const boardEntries: { _id: string; status: string; step: number; at: Date }[] = [];
  const collection = database.db.collection<ReturnType<typeof order>>("orders");
  const seeded = performance.now();
  interface Rollup {
    _id: string;
    orders: number;
    revenuePaise: number;
    refundedPaise: number;
    products: Record<string, { name: string; units: number; revenuePaise: number }>;
    counted: Record<string, true>;
    refundsCounted: Record<string, true>;
  }
  const rollups = new Map<string, Rollup>();
  for (let start = 0; start < ORDERS; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, ORDERS - start) }, (_, k) => order(start + k));
    await collection.insertMany(batch);
    // The rollups settlement writes order by order (summary/persistence/sales-days.ts), summed here in one go: 50,000
    // guarded updates would take the bench ten minutes on this machine.
    for (const paid of batch) {
      const day = rollups.get(paid.paidDay) ?? {
        _id: paid.paidDay,
        orders: 0,
        revenuePaise: 0,
        refundedPaise: 0,
        products: {},
        counted: {},
        refundsCounted: {},
      };
      day.orders++;
      day.revenuePaise += paid.payment.amountPaise;
      day.counted[paid._id] = true;
      for (const line of paid.lines) {
        const product = day.products[line.productId] ?? { name: line.name, units: 0, revenuePaise: 0 };
        day.products[line.productId] = product;
        product.units += line.quantity;
        product.revenuePaise += line.lineTotalPaise;
      }
      rollups.set(paid.paidDay, day);
      // On the fulfilment board: orders of the last two days (older ones were delivered and swept off).
      if (now.getTime() - paid.payment.paidAt.getTime() < RECENT_MS) {
        boardEntries.push({ _id: paid._id, status: paid.orderStatus, step: 1, at: paid.payment.paidAt });
      }
    }
  }
  await database.db.collection<Rollup>("sales_days").insertMany([...rollups.values()]);
  await database.db.collection<(typeof boardEntries)[number]>("fulfilment_board").insertMany(boardEntries);
  const recountStarted = performance.now();
  await board.recount(now);
  const recountMs = Math.round(performance.now() - recountStarted);
  // As reconciliation leaves the days: order marks kept for today and yesterday only.
  await sales.forgetOrderMarks(addDays(today, -2));
  // One more sale through the real path, so the bench reads what countSale writes too.
  await sales.countSale(order(ORDERS), indiaDayKey(now));
  for (const productId of PRODUCTS) {
    for (const day of [today, addDays(today, 1)]) await kitchen.openDay(productId, day, 400);
  }
  const seedSeconds = Math.round((performance.now() - seeded) / 100) / 10;

  const times: number[] = [];
  let summary: { todays: unknown; fulfilment: unknown } | undefined;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    summary = await readShopSummary({ board, kitchen, sales }, new Date());
    times.push(performance.now() - started);
  }
  console.log(`owner's dashboard summary, ${ORDERS} orders over 30 days (seeded in ${seedSeconds} s), ${RUNS} reads`);
  console.table({ summary: { "p50 ms": percentile(times, 50), "p95 ms": percentile(times, 95) } });
  console.log("today:", JSON.stringify(summary?.todays), "fulfilment:", JSON.stringify(summary?.fulfilment));
  console.log(`reconciliation's recount of the board (${boardEntries.length} orders of two days): ${recountMs} ms`);

  // The hold race, from two clients (two instances of order-payment).
  const otherInstance = kitchenRepository(secondClient.db(database.name));
  await kitchen.setDayCapacity("race-modak", today, CAPACITY);
  for (const later of dispatchDaysFrom(today).slice(1)) await kitchen.setDayCapacity("race-modak", later, 0);
  const holdTimes: number[] = [];
  const raceStarted = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: CHECKOUTS }, async (_, i) => {
      const started = performance.now();
      const need = [{ productId: "race-modak", name: "Race Modak", units: 1 }];
      const outcome = await holdKitchenUnits(i % 2 ? kitchen : otherInstance, `race${i}`, need, now);
      holdTimes.push(performance.now() - started);
      return outcome;
    }),
  );
  const raceMs = Math.round(performance.now() - raceStarted);
  const held = outcomes.filter((outcome: { held: boolean }) => outcome.held).length;
  const [day] = await kitchen.daysBetween(today, today, ["race-modak"]);
  console.log(`hold race: ${CHECKOUTS} checkouts at once for ${CAPACITY} units, from two clients, in ${raceMs} ms`);
  console.table({
    hold: {
      held,
      refused: CHECKOUTS - held,
      "day's held": day?.held,
      "day's free": day?.free,
      "p50 ms": percentile(holdTimes, 50),
      "p99 ms": percentile(holdTimes, 99),
    },
  });
  if (held !== CAPACITY || day?.held !== CAPACITY) process.exitCode = 1;
} finally {
  await secondClient.close();
  await database.drop();
}
