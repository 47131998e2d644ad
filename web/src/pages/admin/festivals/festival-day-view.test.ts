import { describe, expect, it } from "vitest";
import type { FestivalDay, FestivalDayWindow } from "../../../contracts";
import { asOfWords, bothNames, boxesWords, festivalDayPath, moveTargetFor } from "./festival-day-view";

const none = { bookings: 0, boxes: 0 };
const window = (windowId: string, patch: Partial<FestivalDayWindow> = {}): FestivalDayWindow => ({
  windowId,
  label: windowId,
  start: windowId,
  end: windowId,
  closed: false,
  capacityBoxes: 10,
  placesLeft: 10,
  over: false,
  inFestival: true,
  progress: { booked: none, collected: none, waiting: none, notYetCome: none },
  production: { boxes: [], products: [] },
  ...patch,
});
const day = (windows: FestivalDayWindow[]): FestivalDay => ({
  festivalId: "padwa",
  festivalName: "Gudi Padwa",
  day: "2027-09-14",
  version: 2,
  days: ["2027-09-14"],
  at: "2027-09-14T01:10:00.000Z",
  windows,
  totals: {
    progress: { booked: none, collected: none, waiting: none, notYetCome: none },
    production: windows[0]!.production,
  },
  closedWindowBookings: [],
});
const booking = (windowId: string, boxes: number) => ({
  orderId: "o1",
  customerName: "Asha",
  windowId,
  windowLabel: windowId,
  boxes,
  payment: "paid" as const,
});

describe("the festival day's page", () => {
  it("offers the first later window open, not over, with room for the booking's boxes", () => {
    const windows = [
      window("0600", { over: true }),
      window("0630", { closed: true }),
      window("0700", { placesLeft: 2 }),
      window("0730", { closed: true }),
      window("0800", { placesLeft: 3 }),
    ];
    expect(moveTargetFor(day(windows), booking("0630", 2))?.windowId).toBe("0700");
    expect(moveTargetFor(day(windows), booking("0630", 3))?.windowId).toBe("0800");
    expect(moveTargetFor(day(windows), booking("0730", 2))?.windowId).toBe("0800");
  });

  it("falls back to an earlier window, and to none when no window has room", () => {
    const windows = [
      window("0600", { placesLeft: 5 }),
      window("0630", { closed: true }),
      window("0700", { placesLeft: 0 }),
    ];
    expect(moveTargetFor(day(windows), booking("0630", 2))?.windowId).toBe("0600");
    expect(moveTargetFor(day(windows), booking("0630", 6))).toBeUndefined();
    expect(
      moveTargetFor(day([window("0500", { inFestival: false, closed: true })]), booking("0500", 1)),
    ).toBeUndefined();
  });

  it("words counts, names and the clock as the owner reads them", () => {
    expect(boxesWords({ bookings: 1, boxes: 1 })).toBe("1 box");
    expect(boxesWords({ bookings: 2, boxes: 5 })).toBe("5 boxes");
    expect(bothNames("Puran poli", "पुरणपोळी")).toBe("Puran poli (पुरणपोळी)");
    expect(bothNames("Shrikhand")).toBe("Shrikhand");
    expect(asOfWords("2027-09-14T01:10:00.000Z")).toBe("06:40");
    expect(festivalDayPath("gudi-padwa-2027", "2027-09-14")).toBe("/admin-festivals/gudi-padwa-2027/days/2027-09-14");
  });
});
