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
      usedBy: { ganeshB1: FIGURES },
      sales: { orders: 1, discountPaise: 5000, revenuePaise: 94900 },
    });
    expect((await store.repository.usesBy("GANESH50", "b@example.in"))?.orders).toEqual({ ganeshB1: "used" });
    await Promise.all(
      Array.from({ length: 5 }, (_, index) => instance(index).release("GANESH50", "b@example.in", "ganeshB1")),
    );
    expect(await store.repository.usesOf("GANESH50")).toMatchObject({
      free: 3,
      held: 0,
      used: 0,
      usedBy: {},
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
});
