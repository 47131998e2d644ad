import { describe, expect, it } from "vitest";
import { reminderDayAt, reminderId } from "./booking-reminder.js";

const DAYS = ["2026-09-14", "2026-09-15"];
const at = (iso: string) => new Date(iso);

describe("when a festival day's bookings are reminded", () => {
  it("is due from 18:00 India time on the eve, whatever the server's zone (12:30 UTC)", () => {
    expect(reminderDayAt(at("2026-09-13T18:00:00+05:30"), DAYS)).toBe("2026-09-14");
    expect(reminderDayAt(at("2026-09-13T12:30:00Z"), DAYS)).toBe("2026-09-14");
    expect(reminderDayAt(at("2026-09-13T23:59:00+05:30"), DAYS)).toBe("2026-09-14");
  });

  it("is not due before 18:00 on the eve (17:59 India time is 12:29 UTC)", () => {
    expect(reminderDayAt(at("2026-09-13T17:59:00+05:30"), DAYS)).toBeUndefined();
    expect(reminderDayAt(at("2026-09-13T12:29:00Z"), DAYS)).toBeUndefined();
    expect(reminderDayAt(at("2026-09-13T09:00:00+05:30"), DAYS)).toBeUndefined();
  });

  it("is not due on the day nor after it, but for the festival's next day on its own eve", () => {
    // India's midnight is 18:30 UTC the day before: the day has begun, its eve is over.
    expect(reminderDayAt(at("2026-09-13T18:30:00Z"), ["2026-09-14"])).toBeUndefined();
    expect(reminderDayAt(at("2026-09-14T06:00:00+05:30"), ["2026-09-14"])).toBeUndefined();
    expect(reminderDayAt(at("2026-09-15T19:00:00+05:30"), ["2026-09-14"])).toBeUndefined();
    // The evening of the first day is the second day's eve.
    expect(reminderDayAt(at("2026-09-14T19:00:00+05:30"), DAYS)).toBe("2026-09-15");
  });

  it("is due for no day of a festival that has none tomorrow", () => {
    expect(reminderDayAt(at("2026-09-10T19:00:00+05:30"), DAYS)).toBeUndefined();
  });

  it("is claimed once per booking and day", () => {
    expect(reminderId("1789000000001bk", "2026-09-14")).toBe("1789000000001bk#2026-09-14");
  });
});
