import { describe, expect, it } from "vitest";
import { indiaClockLabel, pickableTimes } from "./DayAndTime";

describe("a time picked India's way", () => {
  it("writes the 24-hour time as a 12-hour clock with am and pm, midnight and noon as India says them", () => {
    expect(indiaClockLabel("00:00")).toBe("12:00 am");
    expect(indiaClockLabel("09:05")).toBe("9:05 am");
    expect(indiaClockLabel("12:00")).toBe("12:00 pm");
    expect(indiaClockLabel("18:30")).toBe("6:30 pm");
    expect(indiaClockLabel("23:59")).toBe("11:59 pm");
  });

  it("offers every half hour and the end of the day, with a saved time between them kept in its place", () => {
    expect(pickableTimes("10:00")).toHaveLength(49);
    expect(pickableTimes("10:00").at(-1)).toBe("23:59");
    const times = pickableTimes("09:45");
    expect(times).toContain("09:45");
    expect(times).toEqual([...times].sort());
  });
});
