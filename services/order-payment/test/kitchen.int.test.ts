import { addDays, dispatchDaysFrom, indiaDayKey } from "@storefront/contracts";
import { createLogger } from "@storefront/http";
import { MAHARASHTRA, SAMPLE_SHIPPING_ADDRESS, SWEETMEAT_TAX } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import { festivalPasses } from "../src/counter/persistence/festival-passes.js";
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
/** What an order's units are: its hold's state (the day documents keep only counters). */
const stateOf = async (orderId: string) =>
  (await store.database.db.collection<KitchenHold>("kitchen_holds").findOne({ _id: orderId }))?.state;
/** The day's move markers, empty or absent once its moves are done. */
const markers = async (productId: string, on = today) => {
  const found = await day(productId, on);
  return { ...found?.retaking, ...found?.returning };
};
/** Either instance, by turn: the same work asked from two processes. */
const instance = (index: number) => (index % 2 ? store.repository : store.otherInstance);

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
    expect(await day("release-anarse")).toMatchObject({ free: 4, held: 0, sold: 6, heldFor: {} });
    expect((await day("release-anarse"))?.soldTo).toBeUndefined();
    expect(await stateOf("paying")).toBe("sold");
    expect(await stateOf("expiring")).toBe("released");
    // A cancelled paid order gives back what it bought, once.
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        releaseKitchenUnits(index % 2 ? store.repository : store.otherInstance, "paying", "held-and-sold"),
      ),
    );
    expect(await day("release-anarse")).toMatchObject({ free: 10, held: 0, sold: 0 });
    expect(await markers("release-anarse")).toEqual({});
    expect(await stateOf("paying")).toBe("returned");
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
      passes: festivalPasses(store.database.db),
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
    expect(await day("sweep-ladoo")).toMatchObject({ free: 9, held: 0, sold: 1, heldFor: {} });
    expect(await stateOf("paid-then-crash")).toBe("sold");
    expect(await stateOf("never-stored")).toBe("released");
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

describe("the kitchen's day documents and the holds' states", () => {
  it("keeps no entry per order in a day of 300 sold orders: its counters say it, the holds say whose", async () => {
    const on = addDays(today, 7);
    await store.repository.setDayCapacity("festival-modak", on, 1_000);
    for (let batch = 0; batch < 10; batch++) {
      const ids = Array.from({ length: 30 }, (_, index) => `festival${batch * 30 + index}`);
      const held = await Promise.all(
        ids.map((id, index) => holdKitchenUnits(instance(index), id, [need("festival-modak", 2, 1_000)], now, [on])),
      );
      expect(held.every((outcome) => outcome.held)).toBe(true);
      const sold = await Promise.all(ids.map((id, index) => sellKitchenUnits(instance(index), id)));
      expect(sold.every((outcome) => outcome.sold)).toBe(true);
    }
    const counted = await day("festival-modak", on);
    expect(counted).toMatchObject({ capacity: 1_000, free: 400, held: 0, sold: 600, heldFor: {} });
    expect(counted?.soldTo).toBeUndefined();
    expect(JSON.stringify(counted)).not.toMatch(/festival\d/);
    const printed = await store.repository.ordersSoldOn(on);
    expect(printed).toHaveLength(300);
    expect(printed).toContain("festival299");
  }, 90_000);

  it("counts a payment and an expiry of the same order at once as one of them, round after round", async () => {
    const on = addDays(today, 8);
    await store.repository.setDayCapacity("both-karanji", on, 100);
    let soldUnits = 0;
    for (let round = 0; round < 20; round++) {
      const orderId = `both${round}`;
      await holdKitchenUnits(instance(round), orderId, [need("both-karanji", 3)], now, [on]);
      const [sale] = await Promise.all([
        sellKitchenUnits(instance(round), orderId),
        releaseKitchenUnits(instance(round + 1), orderId, "held"),
      ]);
      const state = await stateOf(orderId);
      expect(["sold", "released"]).toContain(state);
      // Room is left all along: a sell that came second takes the released units again.
      expect(sale).toEqual({ sold: true });
      expect(state).toBe("sold");
      soldUnits += 3;
      const counted = await day("both-karanji", on);
      expect(counted).toMatchObject({ held: 0, sold: soldUnits, heldFor: {} });
      expect(await markers("both-karanji", on)).toEqual({});
      expect((counted?.free ?? 0) + (counted?.held ?? 0) + (counted?.sold ?? 0)).toBe(100);
    }
  }, 60_000);

  it("counts an expiry racing a payment as one or the other on a full day: sold iff the hold says sold", async () => {
    // The day has no room but the order's own: an expiry that wins gives it back and another order takes it, so the
    // late payment finds the day full; whichever won, the day and the hold agree.
    const on = addDays(today, 9);
    await store.repository.setDayCapacity("tight-chakli", on, 2);
    for (let round = 0; round < 20; round++) {
      const [orderId, other] = [`tight${round}`, `tight-other${round}`];
      await holdKitchenUnits(instance(round), orderId, [need("tight-chakli", 2)], now, [on]);
      const [sale, , taken] = await Promise.all([
        sellKitchenUnits(instance(round), orderId),
        releaseKitchenUnits(instance(round + 1), orderId, "held"),
        holdKitchenUnits(instance(round), other, [need("tight-chakli", 2)], now, [on]),
      ]);
      const state = await stateOf(orderId);
      const counted = await day("tight-chakli", on);
      expect((counted?.free ?? 0) + (counted?.held ?? 0) + (counted?.sold ?? 0)).toBe(2);
      expect(counted?.sold).toBe(state === "sold" ? 2 : 0);
      expect(sale.sold).toBe(state === "sold");
      expect(taken.held).toBe(state !== "sold");
      expect(counted?.held).toBe(taken.held ? 2 : 0);
      // Next round on an empty day.
      await releaseKitchenUnits(store.repository, orderId, "held-and-sold");
      await releaseKitchenUnits(store.repository, other, "held");
      expect(await day("tight-chakli", on)).toMatchObject({ free: 2, held: 0, sold: 0 });
    }
  }, 60_000);

  it("sells once for five sells of the same order at once, and gives back once for five cancels at once", async () => {
    const on = addDays(today, 10);
    await store.repository.setDayCapacity("five-anarse", on, 10);
    await store.repository.setDayCapacity("five-shev", on, 10);
    await holdKitchenUnits(store.repository, "five", [need("five-anarse", 3), need("five-shev", 1)], now, [on]);
    const sales = await Promise.all(Array.from({ length: 5 }, (_, index) => sellKitchenUnits(instance(index), "five")));
    expect(sales).toEqual(Array.from({ length: 5 }, () => ({ sold: true })));
    expect(await stateOf("five")).toBe("sold");
    expect(await day("five-anarse", on)).toMatchObject({ free: 7, held: 0, sold: 3, heldFor: {} });
    expect(await day("five-shev", on)).toMatchObject({ free: 9, held: 0, sold: 1, heldFor: {} });
    await Promise.all(
      Array.from({ length: 5 }, (_, index) => releaseKitchenUnits(instance(index), "five", "held-and-sold")),
    );
    expect(await stateOf("five")).toBe("returned");
    expect(await day("five-anarse", on)).toMatchObject({ free: 10, held: 0, sold: 0 });
    expect(await markers("five-anarse", on)).toEqual({});
    expect(await day("five-shev", on)).toMatchObject({ free: 10, held: 0, sold: 0 });
    expect(await markers("five-shev", on)).toEqual({});
    // Asked again later, and a late sell of the cancelled order: nothing moves.
    await releaseKitchenUnits(store.repository, "five", "held-and-sold");
    await sellKitchenUnits(store.repository, "five");
    expect(await day("five-anarse", on)).toMatchObject({ free: 10, held: 0, sold: 0 });
  });

  it("retakes a late-paid order's lines when they fit, and takes nothing when one line does not", async () => {
    const on = addDays(today, 11);
    await store.repository.setDayCapacity("late-ladoo", on, 5);
    await store.repository.setDayCapacity("late-peda", on, 2);
    const lines = [need("late-ladoo", 2), need("late-peda", 2)];
    await holdKitchenUnits(store.repository, "late-two", lines, now, [on]);
    await releaseKitchenUnits(store.repository, "late-two", "held");
    expect(await stateOf("late-two")).toBe("released");
    // Its peda went to another order meanwhile: the payment finds the second line full.
    await holdKitchenUnits(store.repository, "took-peda", [need("late-peda", 2)], now, [on]);
    const refused = await Promise.all([
      sellKitchenUnits(store.repository, "late-two"),
      sellKitchenUnits(store.otherInstance, "late-two"),
    ]);
    expect(refused).toEqual([
      { sold: false, day: on },
      { sold: false, day: on },
    ]);
    expect(await stateOf("late-two")).toBe("released");
    expect(await day("late-ladoo", on)).toMatchObject({ free: 5, held: 0, sold: 0 });
    expect(await markers("late-ladoo", on)).toEqual({});
    expect(await day("late-peda", on)).toMatchObject({ free: 0, held: 2, sold: 0 });
    expect(await markers("late-peda", on)).toEqual({});
    // The other order expires: now both lines fit.
    await releaseKitchenUnits(store.repository, "took-peda", "held");
    expect(await sellKitchenUnits(store.repository, "late-two")).toEqual({ sold: true });
    expect(await stateOf("late-two")).toBe("sold");
    expect(await day("late-ladoo", on)).toMatchObject({ free: 3, held: 0, sold: 2 });
    expect(await markers("late-ladoo", on)).toEqual({});
    expect(await day("late-peda", on)).toMatchObject({ free: 0, held: 0, sold: 2 });
    expect(await markers("late-peda", on)).toEqual({});
    expect(await store.repository.ordersSoldOn(on)).toEqual(["late-two"]);
  });

  it("honours a day stored with soldTo: a cancel gives its units back once, and the printouts list it until then", async () => {
    const on = addDays(today, 12);
    const days = store.database.db.collection<KitchenDay>("kitchen_days");
    await days.insertOne({
      _id: `legacy-peda#${on}`,
      productId: "legacy-peda",
      day: on,
      limited: true,
      capacity: 10,
      free: 8,
      held: 0,
      sold: 2,
      setByOwner: true,
      heldFor: {},
      soldTo: { old: 2 },
    });
    await store.database.db.collection<KitchenHold>("kitchen_holds").insertMany([
      {
        _id: "old",
        lines: [{ productId: "legacy-peda", units: 2 }],
        day: on,
        state: "held",
        done: true,
        createdAt: now,
      },
      {
        _id: "old2",
        lines: [{ productId: "legacy-peda", units: 2 }],
        day: on,
        state: "held",
        done: true,
        createdAt: now,
      },
    ]);
    await days.updateOne({ _id: `legacy-peda#${on}` }, { $set: { "soldTo.old2": 2 }, $inc: { free: -2, sold: 2 } });
    expect(await store.repository.ordersSoldOn(on)).toEqual(["old", "old2"]);
    // The sweeper sells a paid legacy order again: nothing moves, its hold says sold.
    expect(await sellKitchenUnits(store.repository, "old2")).toEqual({ sold: true });
    expect(await stateOf("old2")).toBe("sold");
    expect(await day("legacy-peda", on)).toMatchObject({ free: 6, sold: 4 });
    await Promise.all(
      Array.from({ length: 5 }, (_, index) => [
        releaseKitchenUnits(instance(index), "old", "held-and-sold"),
        releaseKitchenUnits(instance(index + 1), "old2", "held-and-sold"),
      ]).flat(),
    );
    expect(await day("legacy-peda", on)).toMatchObject({ free: 10, held: 0, sold: 0, soldTo: {} });
    expect(await store.repository.ordersSoldOn(on)).toEqual([]);
    // An order that expired before, its units given back and its hold left `held`, paid now: taken again.
    await store.database.db.collection<KitchenHold>("kitchen_holds").insertOne({
      _id: "old-expired",
      lines: [{ productId: "legacy-peda", units: 3 }],
      day: on,
      state: "held",
      done: true,
      createdAt: now,
    });
    expect(await sellKitchenUnits(store.repository, "old-expired")).toEqual({ sold: true });
    expect(await stateOf("old-expired")).toBe("sold");
    expect(await day("legacy-peda", on)).toMatchObject({ free: 7, held: 0, sold: 3 });
    expect(await store.repository.ordersSoldOn(on)).toEqual(["old-expired"]);
  });
  it("continues a move a dead process left under way, once, however many callers find it", async () => {
    const on = addDays(today, 13);
    await store.repository.setDayCapacity("left-modak", on, 10);
    await store.repository.setDayCapacity("left-karanji", on, 10);
    const holds = store.database.db.collection<KitchenHold>("kitchen_holds");
    const lines = [need("left-modak", 2), need("left-karanji", 3)];
    const longAgo = new Date(Date.now() - 5 * 60_000);
    // A cancel that died after giving back its first line.
    await holdKitchenUnits(store.repository, "left-returning", lines, now, [on]);
    await sellKitchenUnits(store.repository, "left-returning");
    await holds.updateOne({ _id: "left-returning" }, { $set: { state: "returning", movedAt: longAgo } });
    await store.repository.returnSold("left-modak", on, "left-returning", 2);
    await Promise.all(
      Array.from({ length: 5 }, (_, index) => releaseKitchenUnits(instance(index), "left-returning", "held-and-sold")),
    );
    expect(await stateOf("left-returning")).toBe("returned");
    expect(await day("left-modak", on)).toMatchObject({ free: 10, sold: 0 });
    expect(await day("left-karanji", on)).toMatchObject({ free: 10, sold: 0 });
    expect(await markers("left-modak", on)).toEqual({});
    // A late payment's retake that died after taking its first line: continued by the next sell.
    await holdKitchenUnits(store.repository, "left-retaking", lines, now, [on]);
    await releaseKitchenUnits(store.repository, "left-retaking", "held");
    await holds.updateOne({ _id: "left-retaking" }, { $set: { state: "retaking", movedAt: longAgo } });
    expect(await store.repository.retake("left-modak", on, "left-retaking", 2)).toBe(true);
    const sales = await Promise.all(
      Array.from({ length: 5 }, (_, index) => sellKitchenUnits(instance(index), "left-retaking")),
    );
    expect(sales).toEqual(Array.from({ length: 5 }, () => ({ sold: true })));
    expect(await stateOf("left-retaking")).toBe("sold");
    expect(await day("left-modak", on)).toMatchObject({ free: 8, held: 0, sold: 2 });
    expect(await day("left-karanji", on)).toMatchObject({ free: 7, held: 0, sold: 3 });
    expect(await markers("left-karanji", on)).toEqual({});
  });
});
