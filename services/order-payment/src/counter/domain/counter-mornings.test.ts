import { sampleFestival } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import { counterMornings } from "./counter-mornings.js";

describe("the festival mornings a counter may serve", () => {
  const ganeshotsav = sampleFestival({ days: ["2026-09-14", "2026-09-15"] });
  const diwali = sampleFestival({
    _id: "diwali-2026",
    name: "Diwali faral",
    nameMr: "दिवाळी फराळ",
    days: ["2026-09-14"],
  });

  it("offers each festival day from today (India) to a week ahead, soonest first, without prices", () => {
    // 13 September 23:30 in UTC is 14 September 05:00 in India: the morning itself.
    expect(counterMornings([ganeshotsav, diwali], new Date("2026-09-13T23:30:00Z"))).toEqual([
      { festivalId: "diwali-2026", name: "Diwali faral", nameMr: "दिवाळी फराळ", day: "2026-09-14" },
      { festivalId: "ganeshotsav-2026", name: "Ganeshotsav", day: "2026-09-14" },
      { festivalId: "ganeshotsav-2026", name: "Ganeshotsav", day: "2026-09-15" },
    ]);
  });

  it("drops the days gone and those more than a week ahead", () => {
    expect(counterMornings([ganeshotsav], new Date("2026-09-15T04:00:00+05:30")).map((m) => m.day)).toEqual([
      "2026-09-15",
    ]);
    expect(counterMornings([ganeshotsav], new Date("2026-09-07T09:00:00+05:30")).map((m) => m.day)).toEqual([
      "2026-09-14",
    ]);
    expect(counterMornings([ganeshotsav], new Date("2026-09-06T09:00:00+05:30"))).toEqual([]);
    expect(counterMornings([ganeshotsav], new Date("2026-09-16T09:00:00+05:30"))).toEqual([]);
  });
});
