import { addDays, indiaDayKey } from "@storefront/contracts";
import { freshDatabase, type TestDatabase } from "@storefront/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type KitchenRepository, kitchenRepository } from "../src/kitchen/persistence/kitchen.js";
import { holdKitchenUnits } from "../src/kitchen/usecases/hold-kitchen-units.js";
import { releaseKitchenUnits } from "../src/kitchen/usecases/release-kitchen-units.js";
import { sellKitchenUnits } from "../src/kitchen/usecases/sell-kitchen-units.js";

/**
 * Which orders the printouts of a day read (docs/back-office.md, Printouts), on the real local database: the ones
 * whose units are sold on that day, never an unpaid hold, a cancelled order's given-back units or another day's.
 */
let database: TestDatabase;
let kitchen: KitchenRepository;
const now = new Date();
const day = addDays(indiaDayKey(now), 2);

beforeAll(async () => {
  database = await freshDatabase("day-sheets");
  kitchen = kitchenRepository(database.db);
  await kitchen.ensureIndexes();
});
afterAll(async () => {
  await database?.drop();
});

const needs = (units: number) => [
  { productId: "kaju-katli", name: "Kaju Katli", units },
  { productId: "slot:wai:17-20", name: "Wai, 5 pm - 8 pm", units: 1 },
];

describe("the orders of a day's printouts", () => {
  it("are the orders sold that day, once each, without unpaid, cancelled or other days' orders", async () => {
    for (const orderId of ["PAID1", "PAID2", "UNPAID", "CANCELLED"]) {
      expect(await holdKitchenUnits(kitchen, orderId, needs(2), now, [day])).toEqual({ held: true, day });
    }
    expect(await holdKitchenUnits(kitchen, "OTHERDAY", needs(1), now, [addDays(day, 1)])).toMatchObject({ held: true });
    for (const orderId of ["PAID1", "PAID2", "CANCELLED", "OTHERDAY"]) {
      expect(await sellKitchenUnits(kitchen, orderId)).toEqual({ sold: true });
    }
    await releaseKitchenUnits(kitchen, "CANCELLED", "held-and-sold");
    expect(await kitchen.ordersSoldOn(day)).toEqual(["PAID1", "PAID2"]);
    expect(await kitchen.ordersSoldOn(addDays(day, 1))).toEqual(["OTHERDAY"]);
  });
});
