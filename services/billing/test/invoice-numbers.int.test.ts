import { freshDatabase, type TestDatabase } from "@storefront/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceNumbers } from "../src/persistence/invoice-numbers.js";

/** The allocator's year hint is only a hint: lagging or lost, the numbers stay consecutive, one per order. */
let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase("billing-numbers");
});
afterAll(() => database.drop());

const hints = () => database.db.collection<{ _id: string; taken: number }>("invoice_sequence_hints");
const inNovember2026 = new Date("2026-11-23T06:00:00Z");

describe("invoice numbers", () => {
  it("continue after the last taken number when the hint lags behind or is gone, and keep an order's number", async () => {
    const numbers = invoiceNumbers(database.db, "GM");
    await numbers.ensureIndexes();
    const first = [];
    for (const order of ["o1", "o2", "o3"]) first.push((await numbers.numberFor(order, inNovember2026)).number);
    expect(first).toEqual(["GM/26-27/000001", "GM/26-27/000002", "GM/26-27/000003"]);
    expect(await hints().findOne({ _id: "26-27" })).toEqual({ _id: "26-27", taken: 3 });

    await hints().updateOne({ _id: "26-27" }, { $set: { taken: 1 } });
    expect((await numbers.numberFor("o4", inNovember2026)).number).toBe("GM/26-27/000004");
    await hints().deleteMany({});
    expect((await numbers.numberFor("o5", inNovember2026)).number).toBe("GM/26-27/000005");
    expect((await numbers.numberFor("o2", new Date())).number).toBe("GM/26-27/000002");
    // A new financial year starts again at 1.
    expect((await numbers.numberFor("o6", new Date("2027-04-01T00:00:00+05:30"))).number).toBe("GM/27-28/000001");
  });
});
