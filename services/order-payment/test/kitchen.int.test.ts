import { addDays, dispatchDaysFrom, indiaDayKey } from "@storefront/contracts";
import { createLogger } from "@storefront/http";
import { MAHARASHTRA, SAMPLE_SHIPPING_ADDRESS, SWEETMEAT_TAX } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import { couponUsesRepository } from "../src/coupons/persistence/coupon-uses.js";
import type { KitchenNeed } from "../src/kitchen/domain/kitchen.js";
import { fulfilmentBoard } from "../src/kitchen/persistence/fulfilment-board.js";
import { type KitchenDay, type KitchenHold, kitchenRepository } from "../src/kitchen/persistence/kitchen.js";
import { holdKitchenUnits } from "../src/kitchen/usecases/hold-kitchen-units.js";
import { releaseKitchenUnits } from "../src/kitchen/usecases/release-kitchen-units.js";
import { sellKitchenUnits } from "../src/kitchen/usecases/sell-kitchen-units.js";
import { sweepKitchenHolds } from "../src/kitchen/usecases/sweep-kitchen-holds.js";
import { orderRepository } from "../src/orders/persistence/orders.js";
import { shopperTallies } from "../src/orders/persistence/shopper-tallies.js";
import type { PaymentGateway } from "../src/payments/providers/port.js";
import { salesDays } from "../src/summary/persistence/sales-days.js";
import { freshStore } from "./fresh-store.js";

/**
 * The kitchen's daily capacity on the real local database (docs/back-office.md, Production capacity): holds, sales
 * and releases that race from two clients (two instances of order-payment) must count every unit exactly once.
 */
const store = freshStore("kitchen", kitchenRepository, { otherInstance: true });
const now = new Date();
const today = indiaDayKey(now);

const day = (productId: string, on = today) =>
  store.database.db.collection<KitchenDay>("kitchen_days").findOne({ _id: `${productId}#${on}` });

/** A product whose kitchen makes `capacity` units today and is closed on every other day within reach. */
async function onlyToday(productId: string, capacity: number) {
  await store.repository.setDayCapacity(productId, today, capacity);
  for (const later of dispatchDaysFrom(today).slice(1)) await store.repository.setDayCapacity(productId, later, 0);
}

const need = (productId: string, units: number, dailyUnits?: number): KitchenNeed => ({
  productId,
  name: productId,
  units,
  dailyUnits,
});

describe("the kitchen's holds", () => {
  it("holds exactly 100 of 500 checkouts racing from two instances for 100 units, and refuses the rest by name", async () => {
    await onlyToday("race-modak", 100);
    const outcomes = await Promise.all(
      Array.from({ length: 500 }, (_, index) =>
        holdKitchenUnits(
          index % 2 ? store.repository : store.otherInstance,
          `race${index}`,
          [need("race-modak", 1, 400)],
          now,
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.held)).toHaveLength(100);
    expect(outcomes.filter((outcome) => !outcome.held)).toEqual(
      Array.from({ length: 400 }, () => ({ held: false, cannotMake: "race-modak", resource: "race-modak" })),
    );
    const counted = await day("race-modak");
    expect(counted).toMatchObject({ capacity: 100, free: 0, held: 100, sold: 0 });
    expect(Object.keys(counted?.heldFor ?? {})).toHaveLength(100);
    // Hundreds of checkouts at once: how long they take is the machine's load (other suites run beside this one),
    // not what the test checks, so it has more than the project's 30 s.
  }, 90_000);

  it("gives a slot of 20 with a day of 30 karanji to exactly 20 of 200 checkouts at once, round after round", async () => {
    // Each checkout holds the slot's place and its karanji, on a day nobody has opened yet. 16 took a slot of 20 in
    // CI: the first takes of a day missed while one of them opened it and were told "full" (17 of 20 for karanji
    // here), and lines held side by side left some holding the slot while the karanji was full of others.
    for (let round = 0; round < 5; round++) {
      const on = addDays(today, round + 1);
      const [slot, karanji] = [`slot:wai:race${round}`, `karanji-race${round}`];
      const outcomes = await Promise.all(
        Array.from({ length: 200 }, (_, index) =>
          holdKitchenUnits(
            index % 2 ? store.repository : store.otherInstance,
            `slotrace${round}x${index}`,
            [need(slot, 1, 20), need(karanji, 1, 30)],
            now,
            [on],
          ),
        ),
      );
      // What each checkout was told, counted, for the failure's message.
      const told = new Map<string, number>();
      for (const outcome of outcomes) told.set(JSON.stringify(outcome), (told.get(JSON.stringify(outcome)) ?? 0) + 1);
      const seen = JSON.stringify([...told]);
      expect(
        outcomes.filter((outcome) => outcome.held),
        `round ${round} ${seen}`,
      ).toHaveLength(20);
      expect(await day(slot, on)).toMatchObject({ held: 20, free: 0 });
      expect(await day(karanji, on)).toMatchObject({ held: 20, free: 10 });
    }
  }, 90_000);

  it("holds once for the same order id sent twenty times at once", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        holdKitchenUnits(
          index % 2 ? store.repository : store.otherInstance,
          "twin-order",
          [need("twin-ladoo", 3, 50)],
          now,
        ),
      ),
    );
    expect(outcomes.every((outcome) => outcome.held && outcome.day === today)).toBe(true);
    expect(await day("twin-ladoo")).toMatchObject({ capacity: 50, free: 47, held: 3, heldFor: { "twin-order": 3 } });
  });

  it("counts 250 g and 500 g of one sweet on one batch, and holds all of an order's lines or none", async () => {
    await onlyToday("batch-katli", 5);
    await onlyToday("batch-chakli", 2);
    const refused = await holdKitchenUnits(
      store.repository,
      "mixed-1",
      [need("batch-katli", 1 + 2 * 2), need("batch-chakli", 3)],
      now,
    );
    expect(refused).toEqual({ held: false, cannotMake: "batch-chakli", resource: "batch-chakli" });
    // Nothing of the refused order stays held, and its order id may try again.
    expect(await day("batch-katli")).toMatchObject({ free: 5, held: 0, heldFor: {} });
    expect(await store.repository.holdOf("mixed-1")).toBeNull();
    const held = await holdKitchenUnits(
      store.repository,
      "mixed-1",
      [need("batch-katli", 5), need("batch-chakli", 2)],
      now,
    );
    expect(held).toEqual({ held: true, day: today });
    expect(await day("batch-katli")).toMatchObject({ free: 0, held: 5 });
  });

  it("holds on the next day with room when today is full", async () => {
    await store.repository.setDayCapacity("next-day-modak", today, 1);
    expect(await holdKitchenUnits(store.repository, "first-today", [need("next-day-modak", 1, 10)], now)).toEqual({
      held: true,
      day: today,
    });
    expect(await holdKitchenUnits(store.repository, "then-tomorrow", [need("next-day-modak", 2, 10)], now)).toEqual({
      held: true,
      day: addDays(today, 1),
    });
    expect(await day("next-day-modak", addDays(today, 1))).toMatchObject({ capacity: 10, free: 8, held: 2 });
  });

  it("gives units back exactly once however often an expiry is told, and sells them once when paid", async () => {
    await onlyToday("release-anarse", 10);
    await holdKitchenUnits(store.repository, "expiring", [need("release-anarse", 4)], now);
    await holdKitchenUnits(store.repository, "paying", [need("release-anarse", 6)], now);
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        releaseKitchenUnits(index % 2 ? store.repository : store.otherInstance, "expiring", "held"),
      ),
    );
    const sales = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        sellKitchenUnits(index % 2 ? store.repository : store.otherInstance, "paying"),
      ),
    );
    expect(sales.every((sale) => sale.sold)).toBe(true);
    expect(await day("release-anarse")).toMatchObject({ free: 4, held: 0, sold: 6, soldTo: { paying: 6 } });
    // A cancelled paid order gives back what it bought, once.
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        releaseKitchenUnits(index % 2 ? store.repository : store.otherInstance, "paying", "held-and-sold"),
      ),
    );
    expect(await day("release-anarse")).toMatchObject({ free: 10, held: 0, sold: 0, soldTo: {} });
  });

  it("takes units again for a payment that came after its order expired, and says full when there are none", async () => {
    await onlyToday("late-karanji", 3);
    await holdKitchenUnits(store.repository, "late-big", [need("late-karanji", 2)], now);
    await holdKitchenUnits(store.repository, "late-small", [need("late-karanji", 1)], now);
    await releaseKitchenUnits(store.repository, "late-big", "held");
    await releaseKitchenUnits(store.repository, "late-small", "held");
    await holdKitchenUnits(store.repository, "meanwhile", [need("late-karanji", 2)], now);
    expect(await sellKitchenUnits(store.repository, "late-small")).toEqual({ sold: true });
    expect(await sellKitchenUnits(store.repository, "late-big")).toEqual({ sold: false, day: today });
    expect(await day("late-karanji")).toMatchObject({ free: 0, held: 2, sold: 1 });
  });

  it("follows the product's new default on days the owner did not set, and keeps the owner's day", async () => {
    const tomorrow = addDays(today, 1);
    await store.repository.openDay("default-shev", today, 10);
    await store.repository.setDayCapacity("default-shev", tomorrow, 30);
    await holdKitchenUnits(store.repository, "default-1", [need("default-shev", 4, 10)], now);
    await store.repository.openDay("default-shev", today, 20);
    await store.repository.openDay("default-shev", tomorrow, 20);
    expect(await day("default-shev")).toMatchObject({ capacity: 20, free: 16, held: 4, setByOwner: false });
    expect(await day("default-shev", tomorrow)).toMatchObject({ capacity: 30, free: 30, setByOwner: true });
    // Closing a day keeps the units its orders hold: nothing new is taken.
    await store.repository.setDayCapacity("default-shev", today, 0);
    expect(await day("default-shev")).toMatchObject({ capacity: 0, free: -4, held: 4 });
    expect(await store.repository.take("default-shev", today, "default-2", 1, 20)).toBe(false);
  });
});

describe("the kitchen's sweeper", () => {
  it("gives back what a crashed checkout or a vanished order held, and sells and counts what a paid order's crash left held", async () => {
    const orders = orderRepository(store.database.db);
    const sales = salesDays(store.database.db);
    const ctx = {
      orders,
      kitchen: store.repository,
      couponUses: couponUsesRepository(store.database.db),
      tallies: shopperTallies(store.database.db),
      sales,
      board: fulfilmentBoard(store.database.db),
      gateway: { provider: "cashfree" } as PaymentGateway,
      logger: createLogger({ service: "kitchen-test", level: "silent" }),
      now: () => new Date(),
      sealKey: "seal-key",
      cancellation: { cutoffMinutes: 18 * 60 },
    };
    await onlyToday("sweep-ladoo", 10);
    const holds = store.database.db.collection<KitchenHold>("kitchen_holds");
    // A checkout that died after taking units, before its record said so.
    await store.repository.recordHold("crashed-mid-hold", [{ productId: "sweep-ladoo", units: 2 }], now);
    await store.repository.take("sweep-ladoo", today, "crashed-mid-hold", 2, undefined);
    // A checkout that held (units and a coupon's use) and died before its order was stored.
    await holdKitchenUnits(store.repository, "never-stored", [need("sweep-ladoo", 3)], now);
    await ctx.couponUses.open("SWEEP10", 5);
    expect(await ctx.couponUses.hold("SWEEP10", "crash@example.in", "never-stored", 1)).toBe("held");
    // A paid order's use its process left held.
    expect(await ctx.couponUses.hold("SWEEP10", "crash@example.in", "paid-then-crash", 2)).toBe("held");
    // A paid order whose process died before its units were sold and its sale counted.
    await holdKitchenUnits(store.repository, "paid-then-crash", [need("sweep-ladoo", 1)], now);
    await orders.createOnce({
      _id: "paid-then-crash",
      customer: { kind: "guest", email: "crash@example.in", name: "Asha Patil", mobile: "9876543210" },
      lines: [
        {
          productId: "sweep-ladoo",
          name: "Sweep Ladoo",
          weight: "250 Gram",
          quantity: 1,
          unitPricePaise: 20000,
          lineTotalPaise: 20000,
          tax: SWEETMEAT_TAX,
        },
      ],
      charges: { itemTotalPaise: 20000, postalDeliveryPaise: 3000, platformFeePaise: 0, totalPaise: 23000 },
      coupon: { code: "SWEEP10", name: "Sweep", discountPaise: 0 },
      shippingAddress: SAMPLE_SHIPPING_ADDRESS,
      placeOfSupply: MAHARASHTRA,
      dispatchDay: today,
      paymentStatus: "SUCCESS",
      orderStatus: "PAID",
      payment: { provider: "cashfree", paymentId: "pay-crash", amountPaise: 23000, paidAt: now },
      paidDay: today,
      createdAt: now,
      updatedAt: now,
    });
    expect(await day("sweep-ladoo")).toMatchObject({ free: 4, held: 6, sold: 0 });

    // Within a minute nothing is touched: those checkouts may still be under way.
    expect(await sweepKitchenHolds(ctx, now, "sweep-test")).toBe(0);
    const later = new Date(now.getTime() + 5 * 60_000);
    await Promise.all([sweepKitchenHolds(ctx, later, "sweep-a"), sweepKitchenHolds(ctx, later, "sweep-b")]);
    expect(await day("sweep-ladoo")).toMatchObject({ free: 9, held: 0, sold: 1, soldTo: { "paid-then-crash": 1 } });
    expect(await holds.findOne({ _id: "crashed-mid-hold" })).toBeNull();
    expect(await holds.findOne({ _id: "never-stored" })).toMatchObject({ done: true });
    // The dead checkout's use is back; the paid order's is used.
    expect(await ctx.couponUses.usesOf("SWEEP10")).toMatchObject({ free: 4, held: 0, used: 1, heldFor: {} });
    expect((await ctx.couponUses.usesBy("SWEEP10", "crash@example.in"))?.orders).toEqual({
      "paid-then-crash": "used",
    });
    expect(await sales.isCounted("paid-then-crash", today)).toBe(true);
    const [figures] = await sales.between(today, today);
    expect(figures).toMatchObject({ orders: 1, revenuePaise: 23000 });
    // Swept again: nothing moves twice.
    await sweepKitchenHolds(ctx, later, "sweep-c");
    expect(await day("sweep-ladoo")).toMatchObject({ free: 9, held: 0, sold: 1 });
    expect((await sales.between(today, today))[0]).toMatchObject({ orders: 1 });
    expect(await ctx.couponUses.usesOf("SWEEP10")).toMatchObject({ free: 4, held: 0, used: 1 });
  });
});
