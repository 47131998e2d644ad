import { describe, expect, it } from "vitest";
import { couponUsesRepository } from "../src/coupons/persistence/coupon-uses.js";
import { freshStore } from "./fresh-store.js";

/**
 * A coupon's uses on the real local database (docs/coupons.md, Counted exactly): holds that race from two clients
 * (two instances of order-payment) must count every use exactly once, in total and per customer.
 */
const store = freshStore("coupon_uses", couponUsesRepository, { otherInstance: true });

/** Alternates between the two instances, as two processes behind the gateway would. */
const instance = (index: number) => (index % 2 === 0 ? store.repository : store.otherInstance);

/** What a paid use records: ₹50 off an order of ₹949. */
const FIGURES = { discountPaise: 5000, revenuePaise: 94900 };

describe("a coupon's uses, counted exactly", () => {
  it("gives a coupon of 100 uses to exactly 100 of 300 checkouts at once", async () => {
    await store.repository.open("DIWALI100", 100);
    const outcomes = await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        instance(index).hold("DIWALI100", `shopper${index}@example.in`, `order${String(index).padStart(4, "0")}`, 1),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "held")).toHaveLength(100);
    expect(outcomes.filter((outcome) => outcome === "used-up")).toHaveLength(200);
    const counted = await store.repository.usesOf("DIWALI100");
    expect(counted).toMatchObject({ total: 100, free: 0, held: 100, used: 0 });
    expect(Object.keys(counted?.heldFor ?? {})).toHaveLength(100);
    // The 200 refused kept no use of their own: each may try again when a use comes back.
    const refusedTaken = await Promise.all(
      outcomes.flatMap((outcome, index) =>
        outcome === "used-up" ? [store.repository.usesBy("DIWALI100", `shopper${index}@example.in`)] : [],
      ),
    );
    expect(refusedTaken.map((customer) => customer?.taken)).toEqual(Array(200).fill(0));
  });

  it("gives a once-per-customer coupon to one of 20 checkouts by the same email at once", async () => {
    await store.repository.open("MODAK1", 500);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        instance(index).hold("MODAK1", "Asha@Example.in", `asha${String(index).padStart(4, "0")}`, 1),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "held")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "used-by-you")).toHaveLength(19);
    expect(await store.repository.usesOf("MODAK1")).toMatchObject({ free: 499, held: 1 });
    expect((await store.repository.usesBy("MODAK1", "asha@example.in"))?.taken).toBe(1);
  });

  it("answers the same order asking twice once, gives an expired hold back once from 20 releases, and a cancelled paid use too", async () => {
    await store.repository.open("GANESH50", 3);
    expect(await store.repository.hold("GANESH50", "a@example.in", "ganeshA1", 2)).toBe("held");
    expect(await store.otherInstance.hold("GANESH50", "a@example.in", "ganeshA1", 2)).toBe("held");
    expect(await store.repository.usesOf("GANESH50")).toMatchObject({ free: 2, held: 1 });
    expect((await store.repository.usesBy("GANESH50", "a@example.in"))?.taken).toBe(1);

    // Expired unpaid: given back once, however many passes see it.
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => instance(index).release("GANESH50", "a@example.in", "ganeshA1")),
    );
    expect(await store.repository.usesOf("GANESH50")).toMatchObject({ free: 3, held: 0, used: 0, heldFor: {} });
    expect((await store.repository.usesBy("GANESH50", "a@example.in"))?.taken).toBe(0);

    // Paid, then cancelled before dispatch: used, then back once.
    expect(await store.repository.hold("GANESH50", "b@example.in", "ganeshB1", 1)).toBe("held");
    await Promise.all(
      Array.from({ length: 5 }, (_, index) => instance(index).confirm("GANESH50", "b@example.in", "ganeshB1", FIGURES)),
    );
    expect(await store.repository.usesOf("GANESH50")).toMatchObject({
      free: 2,
      held: 0,
      used: 1,
      sales: { orders: 1, discountPaise: 5000, revenuePaise: 94900 },
    });
    expect(await store.repository.usesBy("GANESH50", "b@example.in")).toMatchObject({
      orders: { ganeshB1: "used" },
      usedFor: { ganeshB1: FIGURES },
    });
    await Promise.all(
      Array.from({ length: 5 }, (_, index) => instance(index).release("GANESH50", "b@example.in", "ganeshB1")),
    );
    expect(await store.repository.usesOf("GANESH50")).toMatchObject({
      free: 3,
      held: 0,
      used: 0,
      sales: { orders: 0, discountPaise: 0, revenuePaise: 0 },
    });
    expect((await store.repository.usesBy("GANESH50", "b@example.in"))?.taken).toBe(0);
  });

  it("counts a payment that came after its hold was given back, once, and gives back a dead checkout's use by its order id", async () => {
    await store.repository.open("LATE1", 1);
    expect(await store.repository.hold("LATE1", "c@example.in", "lateC1", 1)).toBe("held");
    await store.repository.release("LATE1", "c@example.in", "lateC1");
    // Another shopper takes the only use meanwhile; the late payment is counted all the same (it paid the discount).
    expect(await store.repository.hold("LATE1", "d@example.in", "lateD1", 1)).toBe("held");
    await Promise.all(
      Array.from({ length: 10 }, (_, index) => instance(index).confirm("LATE1", "c@example.in", "lateC1", FIGURES)),
    );
    expect(await store.repository.usesOf("LATE1")).toMatchObject({ free: -1, held: 1, used: 1 });
    expect((await store.repository.usesBy("LATE1", "c@example.in"))?.orders).toEqual({ lateC1: "used" });
    // The sweeper's pass only moves a held use: a released one stays released.
    await store.repository.open("SWEPT1", 2);
    await store.repository.confirm("SWEPT1", "e@example.in", "sweptE1", FIGURES, { retake: false });
    expect(await store.repository.usesOf("SWEPT1")).toMatchObject({ free: 2, used: 0 });

    // A checkout that died after holding, before its order was stored: found and given back by its order id.
    expect(await store.repository.hold("SWEPT1", "f@example.in", "orphanF1", 1)).toBe("held");
    await Promise.all(Array.from({ length: 4 }, (_, index) => instance(index).releaseOrphan("orphanF1")));
    expect(await store.repository.usesOf("SWEPT1")).toMatchObject({ free: 2, held: 0, heldFor: {} });
    expect((await store.repository.usesBy("SWEPT1", "f@example.in"))?.taken).toBe(0);
  });

  it("keeps no entry per order on a coupon used by 300 orders, and gives 10 cancelled uses back once each", async () => {
    await store.repository.open("DIWALI300", 1000);
    const orders = Array.from({ length: 300 }, (_, index) => ({
      email: `festival${index}@example.in`,
      orderId: `diwali${String(index).padStart(4, "0")}`,
    }));
    for (let batch = 0; batch < orders.length; batch += 30) {
      await Promise.all(
        orders.slice(batch, batch + 30).map(async ({ email, orderId }, index) => {
          expect(await instance(index).hold("DIWALI300", email, orderId, 1)).toBe("held");
          await instance(index + 1).confirm("DIWALI300", email, orderId, FIGURES);
        }),
      );
    }
    const cancelled = orders.slice(0, 10);
    await Promise.all(
      cancelled.flatMap(({ email, orderId }) =>
        Array.from({ length: 3 }, (_, index) => instance(index).release("DIWALI300", email, orderId)),
      ),
    );
    const coupon = await store.repository.usesOf("DIWALI300");
    expect(coupon).toMatchObject({ total: 1000, free: 710, held: 0, used: 290, heldFor: {} });
    expect(coupon?.sales).toEqual({ orders: 290, discountPaise: 290 * 5000, revenuePaise: 290 * 94900 });
    // What the document carries per order: the marks of the ten give-backs, nothing for the 290 that stand.
    const stored = JSON.stringify(coupon);
    expect(orders.filter(({ orderId }) => stored.includes(orderId)).map(({ orderId }) => orderId)).toEqual(
      cancelled.map(({ orderId }) => orderId),
    );
    expect(Object.keys(coupon?.returning ?? {})).toHaveLength(10);
    expect(coupon?.usedBy).toBeUndefined();
  });

  it("counts a use once when its payment and its expiry come together, 20 times over", async () => {
    await store.repository.open("RACE20", 20);
    for (let round = 0; round < 20; round++) {
      const email = `racer${round}@example.in`;
      const orderId = `race${String(round).padStart(4, "0")}`;
      expect(await store.repository.hold("RACE20", email, orderId, 1)).toBe("held");
      await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          index % 2 === 0
            ? instance(index).confirm("RACE20", email, orderId, FIGURES)
            : instance(index).release("RACE20", email, orderId),
        ),
      );
    }
    const coupon = await store.repository.usesOf("RACE20");
    const entries = await Promise.all(
      Array.from({ length: 20 }, (_, round) => store.repository.usesBy("RACE20", `racer${round}@example.in`)),
    );
    const used = entries.filter((customer) => Object.values(customer?.orders ?? {}).includes("used")).length;
    expect(entries.every((customer) => customer?.taken === Object.keys(customer?.orders ?? {}).length)).toBe(true);
    expect(coupon).toMatchObject({ held: 0, used, free: 20 - used, heldFor: {} });
    expect(coupon?.sales?.orders).toBe(used);
  });

  it("gives back a use stored the old way (the order's figures on the coupon) once", async () => {
    await store.repository.open("OLDWAY", 5);
    const db = store.database.db;
    await db.collection("coupon_uses").updateOne(
      { _id: "OLDWAY" as never },
      {
        $set: {
          free: 4,
          used: 1,
          usedBy: { oldOrder1: FIGURES },
          sales: { orders: 1, discountPaise: 5000, revenuePaise: 94900 },
        },
      },
    );
    await db
      .collection("coupon_customers")
      .insertOne({ _id: "OLDWAY#g@example.in" as never, taken: 1, orders: { oldOrder1: "used" } });
    await Promise.all(
      Array.from({ length: 4 }, (_, index) => instance(index).release("OLDWAY", "g@example.in", "oldOrder1")),
    );
    const coupon = await store.repository.usesOf("OLDWAY");
    expect(coupon).toMatchObject({ free: 5, used: 0, sales: { orders: 0, discountPaise: 0, revenuePaise: 0 } });
    expect(coupon?.usedBy).toEqual({});
    expect(await store.repository.usesBy("OLDWAY", "g@example.in")).toMatchObject({ taken: 0, orders: {} });
  });
});
