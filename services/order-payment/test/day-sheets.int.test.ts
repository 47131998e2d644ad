import { addDays, indiaDayKey } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { kitchenRepository } from "../src/kitchen/persistence/kitchen.js";
import { holdKitchenUnits } from "../src/kitchen/usecases/hold-kitchen-units.js";
import { releaseKitchenUnits } from "../src/kitchen/usecases/release-kitchen-units.js";
import { sellKitchenUnits } from "../src/kitchen/usecases/sell-kitchen-units.js";
import { freshStore } from "./fresh-store.js";

/**
 * Which orders the printouts of a day read (docs/back-office.md, Printouts), on the real local database: the ones
 * whose units are sold on that day, never an unpaid hold, a cancelled order's given-back units or another day's.
 */
const store = freshStore("day-sheets", kitchenRepository);
const now = new Date();
const day = addDays(indiaDayKey(now), 2);

const needs = (units: number) => [
  { productId: "kaju-katli", name: "Kaju Katli", units },
  { productId: "slot:wai:17-20", name: "Wai, 5 pm - 8 pm", units: 1 },
];

describe("the orders of a day's printouts", () => {
  it("are the orders sold that day, once each, without unpaid, cancelled or other days' orders", async () => {
    for (const orderId of ["PAID1", "PAID2", "UNPAID", "CANCELLED"]) {
      expect(await holdKitchenUnits(store.repository, orderId, needs(2), now, [day])).toEqual({ held: true, day });
    }
    expect(await holdKitchenUnits(store.repository, "OTHERDAY", needs(1), now, [addDays(day, 1)])).toMatchObject({
      held: true,
    });
    for (const orderId of ["PAID1", "PAID2", "CANCELLED", "OTHERDAY"]) {
      expect(await sellKitchenUnits(store.repository, orderId)).toEqual({ sold: true });
    }
    await releaseKitchenUnits(store.repository, "CANCELLED", "held-and-sold");
    expect(await store.repository.ordersSoldOn(day)).toEqual(["PAID1", "PAID2"]);
    expect(await store.repository.ordersSoldOn(addDays(day, 1))).toEqual(["OTHERDAY"]);
  });
});
