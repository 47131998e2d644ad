import { type Festival, FestivalBookingMessages, festivalWindows } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { BookingError, type LocalZone, nextWindowWithRoom, priceBooking } from "./booking.js";

const festival: Festival = {
  _id: "ganeshotsav-2027",
  name: "Ganeshotsav",
  days: ["2027-09-13", "2027-09-14"],
  bookingOpensAt: "2027-09-01T09:00:00+05:30",
  bookingClosesAt: "2027-09-14T05:00:00+05:30",
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
    {
      boxId: "modak-21",
      name: "Modak, 21",
      pieces: 21,
      pricePaise: 60_000,
      hsn: "2106",
      gstRatePercent: 5,
      product: "modak",
    },
    {
      boxId: "karanji-6",
      name: "Karanji, 6",
      pieces: 6,
      pricePaise: 18_000,
      hsn: "2106",
      gstRatePercent: 5,
      product: "karanji",
    },
  ],
  products: [
    { key: "modak", name: "Modak", piecesPerDay: 2000 },
    { key: "karanji", name: "Karanji", piecesPerDay: 500 },
  ],
  windows: festivalWindows({ kind: "pickup", from: "06:00", to: "08:00", minutes: 20, capacityBoxes: 50 }),
  minimumPaise: 40_000,
  cashAtCounter: false,
  version: 1,
};
const open = new Date("2027-09-10T10:00:00+05:30");
const choice = { day: "2027-09-14", windowId: "0620", paymentMethod: "online" as const };
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof BookingError ? error.kind : error;
  }
  return "booked";
};

describe("a festival booking's rules", () => {
  it("prices boxes at the festival's prices and holds the window's boxes first, then each product's pieces", () => {
    const booked = priceBooking(
      festival,
      {
        ...choice,
        boxes: [
          { boxId: "modak-11", quantity: 2 },
          { boxId: "karanji-6", quantity: 1 },
          { boxId: "modak-21", quantity: 1 },
        ],
      },
      open,
    );
    expect(booked.lines.map((line) => [line.productId, line.pieces, line.quantity, line.lineTotalPaise])).toEqual([
      ["festival:ganeshotsav-2027:modak-11", 11, 2, 66_000],
      ["festival:ganeshotsav-2027:karanji-6", 6, 1, 18_000],
      ["festival:ganeshotsav-2027:modak-21", 21, 1, 60_000],
    ]);
    expect(booked.lines.every((line) => line.weight === undefined)).toBe(true);
    expect(booked.charges).toMatchObject({ itemTotalPaise: 144_000, postalDeliveryPaise: 0, totalPaise: 144_000 });
    expect(booked.needs.map(({ productId, units, dailyUnits }) => [productId, units, dailyUnits])).toEqual([
      ["slot:festival-ganeshotsav-2027:0620", 4, 50],
      ["festival:ganeshotsav-2027:modak", 43, 2000],
      ["festival:ganeshotsav-2027:karanji", 6, 500],
    ]);
  });

  it("refuses outside the booking dates, another day, a closed or unknown or started window, an unknown box, the minimum and cash", () => {
    const two = [{ boxId: "modak-11", quantity: 2 }];
    const closed = {
      ...festival,
      windows: festival.windows.map((w) => (w.windowId === "0620" ? { ...w, closed: true } : w)),
    };
    expect(
      refusal(() => priceBooking(festival, { ...choice, boxes: two }, new Date("2027-09-01T08:59:00+05:30"))),
    ).toBe("not-open");
    expect(
      refusal(() => priceBooking(festival, { ...choice, boxes: two }, new Date("2027-09-14T05:00:00+05:30"))),
    ).toBe("not-open");
    expect(refusal(() => priceBooking(festival, { ...choice, day: "2027-09-15", boxes: two }, open))).toBe("not-a-day");
    expect(refusal(() => priceBooking(closed, { ...choice, boxes: two }, open))).toBe("no-window");
    expect(refusal(() => priceBooking(festival, { ...choice, windowId: "0555", boxes: two }, open))).toBe("no-window");
    expect(
      refusal(() =>
        priceBooking(festival, { ...choice, day: "2027-09-13", boxes: two }, new Date("2027-09-13T06:20:00+05:30")),
      ),
    ).toBe("window-started");
    expect(
      refusal(() => priceBooking(festival, { ...choice, boxes: [{ boxId: "constructor", quantity: 2 }] }, open)),
    ).toBe("unknown-box");
    expect(
      refusal(() => priceBooking(festival, { ...choice, boxes: [{ boxId: "modak-11", quantity: 1 }] }, open)),
    ).toBe("below-minimum");
    expect(
      refusal(() => priceBooking(festival, { ...choice, paymentMethod: "cash-at-counter", boxes: two }, open)),
    ).toBe("cash-not-taken");
    expect(FestivalBookingMessages.belowMinimum(40_000)).toBe("The minimum booking is ₹400.");
  });

  it("offers the next window of the day with room after a full one, else an earlier one not started", () => {
    const [w0600, , w0640] = festival.windows;
    const free = (left: Record<string, number>) => (resource: string) => left[resource.split(":").at(-1) ?? ""];
    const day = "2027-09-14";
    expect(nextWindowWithRoom(festival, day, w0600!, open, free({ "0620": 0 }))?.windowId).toBe("0640");
    const allLaterFull = free({ "0620": 0, "0700": 0, "0720": 0, "0740": 0 });
    expect(nextWindowWithRoom(festival, day, w0640!, open, allLaterFull)?.windowId).toBe("0600");
    expect(
      nextWindowWithRoom(festival, day, w0640!, open, free({ "0600": 0, "0620": 0, "0700": 0, "0720": 0, "0740": 0 })),
    ).toBeUndefined();
  });

  it("prices a delivery window with the serving zone's charge (free above its threshold), online only, served or refused", () => {
    const delivered: Festival = {
      ...festival,
      windows: [
        ...festival.windows,
        ...festivalWindows({
          kind: "delivery",
          from: "16:00",
          to: "18:00",
          minutes: 60,
          capacityBoxes: 20,
          idPrefix: "d",
        }),
      ],
    };
    const wai: LocalZone = {
      kind: "local",
      zoneId: "wai",
      name: "Wai and nearby",
      chargePaise: 4_000,
      freeAbovePaise: 100_000,
      fresh: true,
      maxRoadKm: 15,
      pincodes: [],
      slots: [{ slotId: "17-20", label: "5 pm - 8 pm", cutoff: "15:00", capacity: 40 }],
      closedDates: [],
    };
    const deliveryChoice = { ...choice, windowId: "d1600", boxes: [{ boxId: "modak-11", quantity: 2 }] };
    expect(priceBooking(delivered, deliveryChoice, open, wai).charges).toMatchObject({
      itemTotalPaise: 66_000,
      postalDeliveryPaise: 4_000,
      totalPaise: 70_000,
    });
    const four = { ...deliveryChoice, boxes: [{ boxId: "modak-11", quantity: 4 }] };
    expect(priceBooking(delivered, four, open, wai).charges).toMatchObject({
      postalDeliveryPaise: 0,
      totalPaise: 132_000,
    });
    expect(priceBooking(delivered, deliveryChoice, open, wai).needs[0]).toMatchObject({
      productId: "slot:festival-ganeshotsav-2027:d1600",
      units: 2,
      dailyUnits: 20,
    });
    expect(refusal(() => priceBooking(delivered, deliveryChoice, open))).toBe("no-delivery-here");
    const cash = { ...delivered, cashAtCounter: true };
    const cashChoice = { ...deliveryChoice, paymentMethod: "cash-at-counter" as const };
    expect(refusal(() => priceBooking(cash, cashChoice, open, wai))).toBe("cash-not-taken");
    // A pickup window ignores a zone: collected at the shop, no charge.
    expect(
      priceBooking(delivered, { ...choice, boxes: deliveryChoice.boxes }, open, wai).charges.postalDeliveryPaise,
    ).toBe(0);
    // A full delivery window offers the next delivery window, never a pickup one.
    const [d1600] = delivered.windows.filter((window) => window.kind === "delivery");
    expect(nextWindowWithRoom(delivered, "2027-09-14", d1600!, open, () => undefined)?.windowId).toBe("d1700");
  });
});
