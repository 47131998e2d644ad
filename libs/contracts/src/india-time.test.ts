import { describe, expect, it } from "vitest";
import { indiaCalendarDate, indiaDayKey } from "./india-time.js";

describe("India time", () => {
  it("turns the day at midnight in India, not in UTC", () => {
    expect(indiaDayKey(new Date("2027-03-31T18:29:00Z"))).toBe("2027-03-31"); // 23:59 IST
    expect(indiaDayKey(new Date("2027-03-31T18:31:00Z"))).toBe("2027-04-01"); // 00:01 IST
    expect(indiaCalendarDate(new Date("2026-12-31T18:30:00Z"))).toEqual({ year: 2027, month: 1, day: 1 });
  });
});
