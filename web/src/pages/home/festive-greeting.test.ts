import { describe, expect, it } from "vitest";
import { festiveGreeting } from "./festive-greeting";

const on = (isoDate: string) => festiveGreeting(new Date(`${isoDate}T10:00:00`));

/** One row a day: the festival wished on it (null: none) and, where given, the catalog's message for it. */
const DAYS: readonly { day: string; festival: string | null; message?: string }[] = [
  { day: "2027-01-14", festival: "Makar Sankranti", message: "greeting.sankranti" },
  { day: "2027-01-25", festival: null },
  { day: "2027-03-15", festival: "Gudi Padwa" },
  { day: "2027-04-15", festival: "Gudi Padwa" },
  { day: "2027-04-16", festival: null },
  { day: "2027-08-14", festival: null },
  { day: "2027-08-15", festival: "Ganesh Chaturthi" },
  { day: "2027-09-30", festival: "Ganesh Chaturthi", message: "greeting.ganesh" },
  { day: "2026-10-01", festival: "Diwali" },
  { day: "2026-11-30", festival: "Diwali" },
  { day: "2026-12-01", festival: null },
  // Other days welcome everybody.
  { day: "2027-06-10", festival: null, message: "greeting.welcome" },
];

describe("festiveGreeting", () => {
  it.each(DAYS)("on $day wishes $festival", ({ day, festival, message }) => {
    expect(on(day).festival).toBe(festival);
    if (message) expect(on(day).message).toBe(message);
  });
});
