import { type Festival, festivalWindows } from "@storefront/contracts";
import { describe, expect, it } from "vitest";
import { type DayBooking, festivalDayReport, productionOf } from "./festival-day.js";

const DAY = "2027-09-14";
const festival: Festival = {
  _id: "ganeshotsav-2027",
  name: "Ganeshotsav",
  nameMr: "गणेशोत्सव",
  days: ["2027-09-13", DAY],
  bookingOpensAt: "2027-09-01T09:00:00+05:30",
  bookingClosesAt: "2027-09-14T05:00:00+05:30",
  boxes: [
    {
      boxId: "modak-11",
      name: "Modak, 11",
      nameMr: "मोदक, 11",
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
    { key: "modak", name: "Ukadiche modak", nameMr: "उकडीचे मोदक", piecesPerDay: 2_000 },
    { key: "karanji", name: "Karanji", piecesPerDay: 600 },
  ],
  // 06:00, 06:30 and 07:00, the 06:30 one closed; listed out of order: the report sorts by start.
  windows: festivalWindows({ kind: "pickup", from: "06:00", to: "07:30", minutes: 30, capacityBoxes: 40 })
    .map((window) => (window.windowId === "0630" ? { ...window, closed: true } : window))
    .reverse(),
  cashAtCounter: true,
  version: 3,
};

let seq = 0;
const line = (boxId: string, quantity: number) => {
  const box = festival.boxes.find((one) => one.boxId === boxId);
  return { productId: `festival:${festival._id}:${boxId}`, name: box?.name ?? boxId, pieces: box?.pieces, quantity };
};
const booking = (windowId: string, lines: DayBooking["lines"], patch: Partial<DayBooking> = {}): DayBooking => ({
  orderId: `order${++seq}`,
  customerName: `Customer ${seq}`,
  windowId,
  windowLabel: `label ${windowId}`,
  lines,
  payment: "paid",
  collected: false,
  ...patch,
});

/** 06:40 on the festival day: the 06:00 window is over, 06:30 under way (closed), 07:00 to come. */
const AT = new Date(`${DAY}T06:40:00+05:30`);

describe("the festival's day", () => {
  it("counts each window's morning by the shop's clock: collected, waiting, not yet come", () => {
    const bookings = [
      booking("0600", [line("modak-11", 2)], { collected: true }),
      booking("0600", [line("modak-21", 1)]),
      booking("0600", [line("karanji-6", 3)], { payment: "cash-due" }),
      booking("0700", [line("modak-11", 1), line("karanji-6", 1)]),
      booking("0700", [line("modak-11", 4)], { payment: "cash-due" }),
      booking("0700", [line("modak-11", 1)], { collected: true }),
    ];
    const report = festivalDayReport(festival, DAY, bookings, AT, (windowId) => (windowId === "0700" ? 33 : undefined));
    expect(report.windows.map((window) => window.windowId)).toEqual(["0600", "0630", "0700"]);
    const [six, halfPast, seven] = report.windows;
    expect(six).toMatchObject({ label: "6:00 - 6:30 am", over: true, capacityBoxes: 40, placesLeft: 40 });
    expect(six?.progress).toEqual({
      booked: { bookings: 3, boxes: 6 },
      collected: { bookings: 1, boxes: 2 },
      waiting: { bookings: 0, boxes: 0 },
      notYetCome: { bookings: 2, boxes: 4 },
    });
    expect(halfPast).toMatchObject({ closed: true, placesLeft: 0, over: false });
    expect(seven).toMatchObject({ over: false, placesLeft: 33 });
    expect(seven?.progress).toEqual({
      booked: { bookings: 3, boxes: 7 },
      collected: { bookings: 1, boxes: 1 },
      waiting: { bookings: 2, boxes: 6 },
      notYetCome: { bookings: 0, boxes: 0 },
    });
    expect(report.totals.progress).toEqual({
      booked: { bookings: 6, boxes: 13 },
      collected: { bookings: 2, boxes: 3 },
      waiting: { bookings: 2, boxes: 6 },
      notYetCome: { bookings: 2, boxes: 4 },
    });
    expect(report).toMatchObject({ festivalId: festival._id, nameMr: "गणेशोत्सव", day: DAY, version: 3 });
  });

  it("is over at the window's end, not its start: a window ending now is over", () => {
    const bookings = [booking("0700", [line("modak-11", 1)])];
    const before = festivalDayReport(festival, DAY, bookings, new Date(`${DAY}T07:29:59+05:30`), () => undefined);
    expect(before.windows[2]?.progress.waiting.bookings).toBe(1);
    const at = festivalDayReport(festival, DAY, bookings, new Date(`${DAY}T07:30:00+05:30`), () => undefined);
    expect(at.windows[2]?.progress.notYetCome.bookings).toBe(1);
  });

  it("lists per window the boxes by kind and the pieces per product, in the festival's order, with the day's totals", () => {
    const bookings = [
      booking("0600", [line("karanji-6", 2), line("modak-11", 1)]),
      booking("0600", [line("modak-11", 3)], { collected: true }),
      booking("0700", [line("modak-21", 2)]),
    ];
    const report = festivalDayReport(festival, DAY, bookings, AT, () => undefined);
    expect(report.windows[0]?.production).toEqual({
      boxes: [
        { boxId: "modak-11", name: "Modak, 11", nameMr: "मोदक, 11", pieces: 11, count: 4 },
        { boxId: "karanji-6", name: "Karanji, 6", pieces: 6, count: 2 },
      ],
      products: [
        { key: "modak", name: "Ukadiche modak", nameMr: "उकडीचे मोदक", pieces: 44 },
        { key: "karanji", name: "Karanji", pieces: 12 },
      ],
    });
    expect(report.windows[1]?.production).toEqual({ boxes: [], products: [] });
    expect(report.totals.production).toEqual({
      boxes: [
        { boxId: "modak-11", name: "Modak, 11", nameMr: "मोदक, 11", pieces: 11, count: 4 },
        { boxId: "modak-21", name: "Modak, 21", pieces: 21, count: 2 },
        { boxId: "karanji-6", name: "Karanji, 6", pieces: 6, count: 2 },
      ],
      products: [
        { key: "modak", name: "Ukadiche modak", nameMr: "उकडीचे मोदक", pieces: 86 },
        { key: "karanji", name: "Karanji", pieces: 12 },
      ],
    });
  });

  it("keeps a box a later save took out under its line's own name, without pieces of a product", () => {
    const gone = {
      productId: `festival:${festival._id}:laddu-4`,
      name: "Besan laddu, 4",
      pieces: 4,
      quantity: 2,
    };
    expect(productionOf(festival, [booking("0600", [gone, line("modak-11", 1)])])).toEqual({
      boxes: [
        { boxId: "modak-11", name: "Modak, 11", nameMr: "मोदक, 11", pieces: 11, count: 1 },
        { boxId: gone.productId, name: "Besan laddu, 4", pieces: 4, count: 2 },
      ],
      products: [{ key: "modak", name: "Ukadiche modak", nameMr: "उकडीचे मोदक", pieces: 11 }],
    });
  });

  it("lists the closed window's bookings not collected nor cancelled, and leaves cancelled ones out of every count", () => {
    const waiting = booking("0630", [line("modak-11", 2)]);
    const cash = booking("0630", [line("modak-21", 1)], { payment: "cash-due" });
    const bookings = [
      waiting,
      cash,
      booking("0630", [line("modak-11", 1)], { collected: true }),
      booking("0630", [line("modak-11", 5)], { payment: "cancelled" }),
      booking("0700", [line("modak-11", 1)]),
    ];
    const report = festivalDayReport(festival, DAY, bookings, AT, () => undefined);
    expect(report.closedWindowBookings).toEqual([
      {
        orderId: waiting.orderId,
        customerName: waiting.customerName,
        windowId: "0630",
        windowLabel: "label 0630",
        boxes: 2,
        payment: "paid",
      },
      {
        orderId: cash.orderId,
        customerName: cash.customerName,
        windowId: "0630",
        windowLabel: "label 0630",
        boxes: 1,
        payment: "cash-due",
      },
    ]);
    expect(report.windows[1]?.progress.booked).toEqual({ bookings: 3, boxes: 4 });
    expect(report.totals.progress.booked).toEqual({ bookings: 4, boxes: 5 });
  });

  it("books a not-paid booking (sold, cash where none is taken) without counting it as waiting or not yet come", () => {
    const report = festivalDayReport(
      festival,
      DAY,
      [booking("0700", [line("modak-11", 1)], { payment: "not-paid" })],
      AT,
      () => undefined,
    );
    expect(report.windows[2]?.progress).toMatchObject({
      booked: { bookings: 1, boxes: 1 },
      waiting: { bookings: 0, boxes: 0 },
    });
  });

  it("lists after the festival's windows one a save took out that still has bookings, with its bookings' label", () => {
    const report = festivalDayReport(festival, DAY, [booking("0500", [line("modak-11", 1)])], AT, () => undefined);
    expect(report.windows.at(-1)).toMatchObject({
      windowId: "0500",
      label: "label 0500",
      inFestival: false,
      closed: true,
      progress: { notYetCome: { bookings: 1, boxes: 1 } },
    });
    expect(report.closedWindowBookings.map((one) => one.windowId)).toEqual(["0500"]);
  });
});
