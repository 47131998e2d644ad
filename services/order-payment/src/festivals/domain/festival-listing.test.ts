import { sampleFestival } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import { festivalListing, isAnnounced } from "./festival-listing.js";

const festival = () => sampleFestival();

describe("a festival as the shop lists it", () => {
  it("is shown from 30 days before its bookings open until they close", () => {
    const saved = festival();
    expect(isAnnounced(saved, new Date("2026-08-01T09:00:00+05:30"))).toBe(true);
    expect(isAnnounced(saved, new Date("2026-07-31T09:00:00+05:30"))).toBe(false);
    expect(isAnnounced(saved, new Date("2026-09-13T19:59:00+05:30"))).toBe(true);
    expect(isAnnounced(saved, new Date("2026-09-13T20:00:00+05:30"))).toBe(false);
  });

  it("counts India days left to book, and shows each day's windows not started with places left", () => {
    const listed = festivalListing(festival(), new Date("2026-09-10T23:30:00+05:30"), (resource, day) =>
      resource.endsWith(":0620") && day === "2026-09-14" ? 7 : undefined,
    );
    expect(listed).toMatchObject({ bookingOpen: true, daysLeftToBook: 3, cashAtCounter: false });
    expect(listed.boxes[0]).not.toHaveProperty("product");
    expect(listed.windows[0]?.windows.map((window) => window.placesLeft)).toEqual([50, 7, 50]);
    const onTheMorning = festivalListing(festival(), new Date("2026-09-14T06:20:00+05:30"), () => undefined);
    expect(onTheMorning.windows[0]?.windows.map((window) => window.windowId)).toEqual(["0640"]);
    expect(onTheMorning.windows[1]?.windows).toHaveLength(3);
    expect(onTheMorning.daysLeftToBook).toBe(0);
  });
});
