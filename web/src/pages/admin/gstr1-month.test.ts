import { describe, expect, it } from "vitest";
import { lastIndiaMonth, MONTH_KEY, thisIndiaMonth } from "./gstr1-month";

describe("the GSTR-1 download's month (India time)", () => {
  it.each([
    ["2026-11-27T10:00:00Z", "2026-10", "2026-11"],
    ["2026-01-05T10:00:00Z", "2025-12", "2026-01"],
    // 31 October 20:00 UTC is 1 November 01:30 in India: October is last month.
    ["2026-10-31T20:00:00Z", "2026-10", "2026-11"],
    ["2026-10-31T18:00:00Z", "2026-09", "2026-10"],
  ])("at %s last month is %s, this month %s", (at, last, current) => {
    expect(lastIndiaMonth(new Date(at))).toBe(last);
    expect(thisIndiaMonth(new Date(at))).toBe(current);
    expect(MONTH_KEY.test(last)).toBe(true);
  });
});
