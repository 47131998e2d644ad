import { type Festival, festivalWindows } from "@storefront/contracts";

/**
 * The one sample festival of the tests (docs/festivals.md): Ganeshotsav 2026 on 14 and 15 September, bookings from 31
 * August 9:00 to 13 September 20:00 India time, modak boxes of 11 at ₹330, the kitchen's 2,000 modak a day, pickup
 * windows 6:00 - 7:00 in 20 minutes of 50 boxes. A test changes only what it asserts on (`overrides`). Plain data,
 * like the sample order (`@storefront/testing/samples`).
 */
export const sampleFestival = (overrides: Partial<Festival> = {}): Festival => ({
  _id: "ganeshotsav-2026",
  name: "Ganeshotsav",
  days: ["2026-09-14", "2026-09-15"],
  bookingOpensAt: "2026-08-31T09:00:00+05:30",
  bookingClosesAt: "2026-09-13T20:00:00+05:30",
  boxes: [
    {
      boxId: "modak-11",
      name: "Modak, 11",
      pieces: 11,
      pricePaise: 33_000,
      hsn: "2106",
      gstRatePercent: 5,
      product: "modak",
    },
  ],
  products: [{ key: "modak", name: "Modak", piecesPerDay: 2000 }],
  windows: festivalWindows({ kind: "pickup", from: "06:00", to: "07:00", minutes: 20, capacityBoxes: 50 }),
  cashAtCounter: false,
  version: 3,
  ...overrides,
});

/**
 * The sample festival on 14 September 2099, bookings from 31 August 2099: one the attack suites save through the
 * owner's API whatever the day they run (its bookings never open, so it can be changed and deleted), taking cash at
 * the counter, version 0 (new). `overrides` as for {@link sampleFestival}.
 */
export const sampleFarFestival = (overrides: Partial<Festival> = {}): Festival =>
  sampleFestival({
    days: ["2099-09-14"],
    bookingOpensAt: "2099-08-31T09:00:00+05:30",
    bookingClosesAt: "2099-09-13T20:00:00+05:30",
    cashAtCounter: true,
    version: 0,
    ...overrides,
  });
