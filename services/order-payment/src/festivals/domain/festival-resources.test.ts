import { sampleFestival } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import { isProductResource, slotResource } from "../../kitchen/domain/kitchen.js";
import { dayId } from "../../kitchen/persistence/kitchen.js";
import {
  festivalProductResource,
  festivalResourceDays,
  festivalWindowResource,
  kitchenTotalsToWrite,
} from "./festival-resources.js";

const festival = () => sampleFestival();

describe("a festival's kitchen resources", () => {
  it("names a product's day total and a window's boxes, the window as a delivery slot of the festival's zone", () => {
    expect(festivalProductResource("ganeshotsav-2026", "modak")).toBe("festival:ganeshotsav-2026:modak");
    expect(festivalWindowResource("ganeshotsav-2026", "0600")).toBe("slot:festival-ganeshotsav-2026:0600");
    expect(festivalWindowResource("ganeshotsav-2026", "0600")).toBe(slotResource("festival-ganeshotsav-2026", "0600"));
    // A window is left out of the production list and the shop's notes, like every slot.
    expect(isProductResource(festivalWindowResource("ganeshotsav-2026", "0600"))).toBe(false);
    // Two festivals never share a counter; a festival's modak never shares the catalogue's.
    expect(festivalProductResource("diwali-2026", "modak")).not.toBe(
      festivalProductResource("ganeshotsav-2026", "modak"),
    );
    expect(dayId(festivalProductResource("a", "modak"), "2026-09-14")).toBe("festival:a:modak#2026-09-14");
  });

  it("holds each product's pieces and each window's boxes on each day, a closed window none", () => {
    const saved = festival();
    saved.windows[1] = { ...saved.windows[1]!, closed: true };
    const days = festivalResourceDays(saved);
    expect(days).toHaveLength(2 * (1 + 3));
    expect(days).toContainEqual({ resource: "festival:ganeshotsav-2026:modak", day: "2026-09-15", capacity: 2000 });
    expect(days).toContainEqual({ resource: "slot:festival-ganeshotsav-2026:0600", day: "2026-09-14", capacity: 50 });
    expect(days).toContainEqual({ resource: "slot:festival-ganeshotsav-2026:0620", day: "2026-09-14", capacity: 0 });
  });

  it("closes what a replacement takes out: a day, a product, a window", () => {
    const before = festival();
    const after = { ...festival(), days: ["2026-09-14"], windows: before.windows.slice(0, 2) };
    const written = kitchenTotalsToWrite(after, before);
    const closed = written.filter((entry) => entry.capacity === 0).map((entry) => `${entry.resource}#${entry.day}`);
    expect(closed.sort()).toEqual([
      "festival:ganeshotsav-2026:modak#2026-09-15",
      "slot:festival-ganeshotsav-2026:0600#2026-09-15",
      "slot:festival-ganeshotsav-2026:0620#2026-09-15",
      "slot:festival-ganeshotsav-2026:0640#2026-09-14",
      "slot:festival-ganeshotsav-2026:0640#2026-09-15",
    ]);
    expect(kitchenTotalsToWrite(after, undefined).every((entry) => entry.capacity > 0)).toBe(true);
  });
});
