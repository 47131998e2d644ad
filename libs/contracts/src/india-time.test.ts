import { describe, expect, it } from "vitest";
import { clockMinutes, indiaCalendarDate, indiaDateFormat, indiaDayKey, indiaMinutesOfDay } from "./india-time.js";

describe("India time", () => {
  it("turns the day at midnight in India, not in UTC", () => {
    expect(indiaDayKey(new Date("2027-03-31T18:29:00Z"))).toBe("2027-03-31"); // 23:59 IST
    expect(indiaDayKey(new Date("2027-03-31T18:31:00Z"))).toBe("2027-04-01"); // 00:01 IST
    expect(indiaCalendarDate(new Date("2026-12-31T18:30:00Z"))).toEqual({ year: 2027, month: 1, day: 1 });
  });

  it("reads the shop's cut-offs in India's minutes of the day", () => {
    expect(indiaMinutesOfDay(new Date("2026-11-24T12:29:00Z"))).toBe(17 * 60 + 59); // 17:59 IST
    expect(indiaMinutesOfDay(new Date("2026-11-24T12:31:00Z"))).toBe(18 * 60 + 1);
    expect(indiaMinutesOfDay(new Date("2026-11-24T18:30:00Z"))).toBe(0); // midnight IST
    expect(clockMinutes("18:00")).toBe(1080);
    expect(clockMinutes("24:00")).toBe(1440);
    for (const bad of ["18:60", "25:00", "6:00", "18.00"]) expect(() => clockMinutes(bad)).toThrow();
  });
});

describe("Marathi times", () => {
  it("are written on the 24-hour clock, without the English AM or PM", () => {
    const evening = new Date("2026-11-26T12:50:00Z"); // 18:20 in India
    const marathi = indiaDateFormat("mr-u-nu-latn", { dateStyle: "medium", timeStyle: "short" }).format(evening);
    expect(marathi).toContain("18:20");
    expect(marathi).not.toMatch(/AM|PM/);
    expect(indiaDateFormat("en-IN", { timeStyle: "short" }).format(evening)).toMatch(/6:20\s?pm/i);
  });
});
