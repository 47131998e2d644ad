import { describe, expect, it } from "vitest";
import { ownerDayLabel, pickableDays } from "./DayPicker";

describe("the owner's day picker", () => {
  it("lists a fortnight back to two months ahead, in order, with a chosen day further out", () => {
    const days = pickableDays("2026-11-26", "2027-03-01");
    expect(days[0]).toBe("2026-11-12");
    expect(days).toContain("2027-01-25");
    expect(days.at(-1)).toBe("2027-03-01");
    expect(days).toEqual([...days].sort());
  });

  it("writes days in India's way whatever the browser's language, naming today and tomorrow", () => {
    expect(ownerDayLabel("2026-11-26", "2026-11-26")).toBe("Today, Thu, 26 Nov");
    expect(ownerDayLabel("2026-11-27", "2026-11-26")).toBe("Tomorrow, Fri, 27 Nov");
    expect(ownerDayLabel("2026-12-01", "2026-11-26")).toBe("Tue, 1 Dec");
  });
});
