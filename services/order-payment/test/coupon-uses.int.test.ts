import { freshDatabase, type TestDatabase } from "@storefront/testing";
import { MongoClient } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CouponUsesRepository, couponUsesRepository } from "../src/persistence/coupon-uses.js";

/**
 * A coupon's uses on the real local database (docs/coupons.md, Counted exactly): holds that race from two clients
 * (two instances of order-payment) must count every use exactly once, in total and per customer.
 */
let database: TestDatabase;
let secondClient: MongoClient;
let uses: CouponUsesRepository;
let otherInstance: CouponUsesRepository;

beforeAll(async () => {
  database = await freshDatabase("coupon_uses");
  uses = couponUsesRepository(database.db);
  // Another process's connection pool: the guard must hold across clients, not only within one.
  secondClient = await MongoClient.connect(database.url, { maxPoolSize: 50 });
  otherInstance = couponUsesRepository(secondClient.db(database.name));
});
afterAll(async () => {
  await secondClient?.close();
  await database?.drop();
});

/** Alternates between the two instances, as two processes behind the gateway would. */
const instance = (index: number) => (index % 2 === 0 ? uses : otherInstance);

describe("a coupon's uses, counted exactly", () => {
  it("gives a coupon of 100 uses to exactly 100 of 300 checkouts at once", async () => {
    await uses.open("DIWALI100", 100);
    const outcomes = await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        instance(index).hold("DIWALI100", `shopper${index}@example.in`, `order${String(index).padStart(4, "0")}`, 1),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "held")).toHaveLength(100);
    expect(outcomes.filter((outcome) => outcome === "used-up")).toHaveLength(200);
    const counted = await uses.usesOf("DIWALI100");
    expect(counted).toMatchObject({ total: 100, free: 0, held: 100, used: 0 });
    expect(Object.keys(counted?.heldFor ?? {})).toHaveLength(100);
    // The 200 refused kept no use of their own: each may try again when a use comes back.
    const refusedTaken = await Promise.all(
      outcomes.flatMap((outcome, index) =>
        outcome === "used-up" ? [uses.usesBy("DIWALI100", `shopper${index}@example.in`)] : [],
      ),
    );
    expect(refusedTaken.map((customer) => customer?.taken)).toEqual(Array(200).fill(0));
  });

  it("gives a once-per-customer coupon to one of 20 checkouts by the same email at once", async () => {
    await uses.open("MODAK1", 500);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        instance(index).hold("MODAK1", "Asha@Example.in", `asha${String(index).padStart(4, "0")}`, 1),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "held")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "used-by-you")).toHaveLength(19);
    expect(await uses.usesOf("MODAK1")).toMatchObject({ free: 499, held: 1 });
    expect((await uses.usesBy("MODAK1", "asha@example.in"))?.taken).toBe(1);
  });

  it("answers the same order asking twice once, gives an expired hold back once from 20 releases, and a cancelled paid use too", async () => {
    await uses.open("GANESH50", 3);
    expect(await uses.hold("GANESH50", "a@example.in", "ganeshA1", 2)).toBe("held");
    expect(await otherInstance.hold("GANESH50", "a@example.in", "ganeshA1", 2)).toBe("held");
    expect(await uses.usesOf("GANESH50")).toMatchObject({ free: 2, held: 1 });
    expect((await uses.usesBy("GANESH50", "a@example.in"))?.taken).toBe(1);

    // Expired unpaid: given back once, however many passes see it.
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => instance(index).release("GANESH50", "a@example.in", "ganeshA1")),
    );
    expect(await uses.usesOf("GANESH50")).toMatchObject({ free: 3, held: 0, used: 0, heldFor: {} });
    expect((await uses.usesBy("GANESH50", "a@example.in"))?.taken).toBe(0);

    // Paid, then cancelled before dispatch: used, then back once.
    expect(await uses.hold("GANESH50", "b@example.in", "ganeshB1", 1)).toBe("held");
    await Promise.all(
      Array.from({ length: 5 }, (_, index) => instance(index).confirm("GANESH50", "b@example.in", "ganeshB1")),
    );
    expect(await uses.usesOf("GANESH50")).toMatchObject({ free: 2, held: 0, used: 1, usedBy: { ganeshB1: true } });
    expect((await uses.usesBy("GANESH50", "b@example.in"))?.orders).toEqual({ ganeshB1: "used" });
    await Promise.all(
      Array.from({ length: 5 }, (_, index) => instance(index).release("GANESH50", "b@example.in", "ganeshB1")),
    );
    expect(await uses.usesOf("GANESH50")).toMatchObject({ free: 3, held: 0, used: 0, usedBy: {} });
    expect((await uses.usesBy("GANESH50", "b@example.in"))?.taken).toBe(0);
  });
});
