import { addDays, indiaDayKey } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import type { Order } from "../src/orders/domain/order.js";
import { type SalesDay, salesDays } from "../src/summary/persistence/sales-days.js";
import { freshStore } from "./fresh-store.js";

/**
 * The owner's daily figures on the real local database (docs/back-office.md, The owner's dashboard): an order is
 * counted once however often and from however many processes it is counted, and once when its process died between
 * its mark and its day's increment.
 */
const store = freshStore("sales-days", salesDays, { otherInstance: true });
const today = indiaDayKey(new Date());

const paid = (orderId: string, amountPaise: number): Pick<Order, "_id" | "lines" | "payment"> => ({
  _id: orderId,
  lines: [
    {
      productId: "modak",
      name: "Ukadiche Modak",
      weight: "250 Gram",
      quantity: 2,
      unitPricePaise: amountPaise / 2,
      lineTotalPaise: amountPaise,
      tax: { hsn: "210690", gstRatePercent: 5 },
    },
  ],
  payment: { provider: "cashfree", paymentId: `pay-${orderId}`, amountPaise, paidAt: new Date() },
});

const dayOf = async (day: string) => (await store.repository.between(day, day))[0];
const marks = () => store.database.db.collection<{ _id: string } & Record<string, unknown>>("sales_day_orders");
const rawDay = (day: string) => store.database.db.collection<SalesDay>("sales_days").findOne({ _id: day });

describe("a sales day", () => {
  it("counts each order once under duplicate events from two processes", async () => {
    const day = addDays(today, -10);
    const orders = Array.from({ length: 20 }, (_, index) => paid(`dup-${index}`, 10_000));
    // Every order counted four times at once: twice by each process (a webhook's retries, the sweeper).
    await Promise.all(
      orders.flatMap((order) => [
        store.repository.countSale(order, day),
        store.otherInstance.countSale(order, day),
        store.repository.countSale(order, day),
        store.otherInstance.countSale(order, day),
      ]),
    );
    expect(await dayOf(day)).toMatchObject({
      orders: 20,
      revenuePaise: 200_000,
      refundedPaise: 0,
      products: { modak: { name: "Ukadiche Modak", units: 40, revenuePaise: 200_000 } },
    });
    // The day holds the ids in flight until the sweep says their marks are applied, then none.
    expect((await rawDay(day))?.inFlight).toHaveLength(20);
    await store.repository.forgetOrderMarks(addDays(today, -30));
    expect((await rawDay(day))?.inFlight).toEqual([]);
    expect(await marks().countDocuments({ day, applied: true })).toBe(20);
    // Counted again after the sweep: still once.
    await Promise.all(orders.map((order) => store.otherInstance.countSale(order, day)));
    expect(await dayOf(day)).toMatchObject({ orders: 20, revenuePaise: 200_000 });
    expect(await store.repository.isCounted("dup-3", day)).toBe(true);
    expect(await store.repository.isCounted("never-paid", day)).toBe(false);
  });

  it("counts once an order whose process died between its mark and its increment, and never twice when the stalled process wakes", async () => {
    const day = addDays(today, -5);
    await store.repository.countSale(paid("alive", 5_000), day);
    // Died after its mark: written as countSale writes it, with no increment.
    const markedAt = new Date(Date.now() - 2 * 60_000);
    const crashed = {
      _id: "crashed",
      day,
      figures: {
        revenuePaise: 7_000,
        lines: [{ productId: "modak", name: "Ukadiche Modak", units: 1, revenuePaise: 7_000 }],
      },
      at: markedAt,
      applied: false,
    };
    await marks().insertOne(crashed);
    expect(await store.repository.isCounted("crashed", day)).toBe(true);
    expect(await dayOf(day)).toMatchObject({ orders: 1, revenuePaise: 5_000 });

    // Within a minute of its mark, the sweep leaves it: its process may still be about to increment.
    await store.repository.forgetOrderMarks(addDays(today, -30), markedAt.getTime() + 30_000);
    expect(await dayOf(day)).toMatchObject({ orders: 1, revenuePaise: 5_000 });
    // Two overlapping passes after that: applied once.
    await Promise.all([
      store.repository.forgetOrderMarks(addDays(today, -30)),
      store.otherInstance.forgetOrderMarks(addDays(today, -30)),
    ]);
    await store.repository.forgetOrderMarks(addDays(today, -30));
    expect(await dayOf(day)).toMatchObject({ orders: 2, revenuePaise: 12_000, products: { modak: { units: 3 } } });
    expect(await marks().findOne({ _id: "crashed" })).toMatchObject({ applied: true });

    // The stalled process wakes and sends its increment: refused, the sweep finished that mark.
    const stalled = {
      ...crashed,
      _id: "stalled",
      figures: { ...crashed.figures, revenuePaise: 1_000 },
    };
    await marks().insertOne(stalled);
    await store.repository.forgetOrderMarks(addDays(today, -30));
    expect(await dayOf(day)).toMatchObject({ orders: 3, revenuePaise: 13_000 });
    await store.database.db.collection<SalesDay>("sales_days").updateOne(
      {
        _id: day,
        inFlight: { $ne: "stalled" },
        $or: [{ finishedBefore: { $exists: false } }, { finishedBefore: { $lte: markedAt } }],
      },
      { $inc: { orders: 1 } },
    );
    expect(await dayOf(day)).toMatchObject({ orders: 3, revenuePaise: 13_000 });
  });

  it("finishes a crashed order's mark once when sweeps overlap in every order, round after round", async () => {
    // A pass that read the mark before another finished it, and took the day after, applied it again (3 orders
    // counted for 2, seen in CI): passes started a few milliseconds apart, from two processes, twenty days.
    for (let round = 0; round < 20; round++) {
      const day = addDays(today, -11 - round);
      await store.repository.countSale(paid(`alive-${round}`, 5_000), day);
      await marks().insertOne({
        _id: `crashed-${round}`,
        day,
        figures: {
          revenuePaise: 7_000,
          lines: [{ productId: "modak", name: "Ukadiche Modak", units: 1, revenuePaise: 7_000 }],
        },
        at: new Date(Date.now() - 2 * 60_000),
        applied: false,
      });
      await Promise.all(
        Array.from({ length: 6 }, async (_, pass) => {
          await new Promise((resolve) => setTimeout(resolve, pass * 3));
          await (pass % 2 ? store.otherInstance : store.repository).forgetOrderMarks(addDays(today, -30));
        }),
      );
      expect(await dayOf(day), `round ${round}`).toMatchObject({ orders: 2, revenuePaise: 12_000 });
    }
  }, 60_000);

  it("drops the marks of the days two days back, and the order maps days kept before", async () => {
    const old = addDays(today, -40);
    await store.repository.countSale(paid("old-order", 1_000), old);
    await store.database.db
      .collection<SalesDay & { counted: Record<string, true> }>("sales_days")
      .updateOne({ _id: addDays(old, -1) }, { $set: { orders: 1, counted: { legacy: true } } }, { upsert: true });
    expect(await store.repository.isCounted("legacy", addDays(old, -1))).toBe(true);
    await store.repository.forgetOrderMarks(addDays(today, -2));
    expect(await marks().findOne({ _id: "old-order" })).toBeNull();
    expect(await rawDay(addDays(old, -1))).not.toHaveProperty("counted");
    expect(await dayOf(old)).toMatchObject({ orders: 1, revenuePaise: 1_000 });
  });
});
