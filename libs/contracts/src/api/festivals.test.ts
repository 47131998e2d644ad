import { describe, expect, it } from "vitest";
import {
  type Festival,
  FestivalMessages,
  festivalSchema,
  festivalWindows,
  windowLabel,
  windowLabelMr,
} from "./festivals.js";

const ganeshotsav = (): Festival => ({
  _id: "ganeshotsav-2026",
  name: "Ganeshotsav, first day",
  nameMr: "गणेशोत्सव, पहिला दिवस",
  days: ["2026-09-14"],
  bookingOpensAt: "2026-08-31T09:00:00+05:30",
  bookingClosesAt: "2026-09-13T20:00:00+05:30",
  boxes: [
    {
      boxId: "modak-11",
      name: "Ukadiche modak, 11",
      pieces: 11,
      pricePaise: 33_000,
      hsn: "2106",
      gstRatePercent: 5,
      product: "modak",
    },
    {
      boxId: "modak-21",
      name: "Ukadiche modak, 21",
      pieces: 21,
      pricePaise: 60_000,
      hsn: "2106",
      gstRatePercent: 5,
      product: "modak",
    },
  ],
  products: [{ key: "modak", name: "Ukadiche modak", nameMr: "उकडीचे मोदक", piecesPerDay: 2000 }],
  windows: festivalWindows({ kind: "pickup", from: "06:00", to: "11:00", minutes: 20, capacityBoxes: 50 }),
  cashAtCounter: true,
  version: 0,
});

const messagesOf = (festival: unknown) => {
  const parsed = festivalSchema.safeParse(festival);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe("the festival schema", () => {
  it("takes a Ganeshotsav morning of two modak boxes and 15 pickup windows", () => {
    expect(messagesOf(ganeshotsav())).toEqual([]);
  });

  it("refuses ids that are prototype names, paths or keys' separators", () => {
    for (const id of ["__proto__", "constructor", "prototype", "../x", "slot:a", "a#b", "A-b", "a--b", "a.b", ""]) {
      expect(messagesOf({ ...ganeshotsav(), _id: id }).length, id).toBeGreaterThan(0);
      const festival = ganeshotsav();
      expect(messagesOf({ ...festival, boxes: [{ ...festival.boxes[0], boxId: id }] }).length, id).toBeGreaterThan(0);
      expect(
        messagesOf({ ...festival, windows: [{ ...festival.windows[0], windowId: id }] }).length,
        id,
      ).toBeGreaterThan(0);
    }
    expect(messagesOf({ ...ganeshotsav(), _id: "constructor" })).toContain(FestivalMessages.RESERVED_ID);
  });

  it("refuses amounts that are not whole positive paise, and a GST rate the law does not have", () => {
    const festival = ganeshotsav();
    for (const pricePaise of [0, -100, 99.5, 1e12]) {
      expect(messagesOf({ ...festival, boxes: [{ ...festival.boxes[0], pricePaise }] }).length).toBeGreaterThan(0);
    }
    expect(messagesOf({ ...festival, minimumPaise: -1 }).length).toBeGreaterThan(0);
    expect(messagesOf({ ...festival, boxes: [{ ...festival.boxes[0], gstRatePercent: 7 }] }).length).toBeGreaterThan(0);
    expect(messagesOf({ ...festival, boxes: [{ ...festival.boxes[0], hsn: "abcd" }] })).toContain(
      "An HSN code has 4 to 8 digits.",
    );
    expect(messagesOf({ ...festival, windows: [{ ...festival.windows[0], capacityBoxes: 0 }] }).length).toBeGreaterThan(
      0,
    );
  });

  it("refuses too many days, boxes and windows", () => {
    const festival = ganeshotsav();
    const box = festival.boxes[0];
    expect(
      messagesOf({ ...festival, days: Array.from({ length: 6 }, (_, i) => `2026-09-0${i + 1}`) }).length,
    ).toBeGreaterThan(0);
    expect(
      messagesOf({ ...festival, boxes: Array.from({ length: 21 }, (_, i) => ({ ...box, boxId: `b${i}` })) }).length,
    ).toBeGreaterThan(0);
    const windows = festivalWindows({ kind: "pickup", from: "00:00", to: "23:00", minutes: 15, capacityBoxes: 5 });
    expect(windows).toHaveLength(60);
    expect(
      messagesOf({ ...festival, windows: [...windows, { ...windows[0], windowId: "extra" }] }).length,
    ).toBeGreaterThan(0);
  });

  it("says what is wrong with the festival's parts, in the owner's words", () => {
    const festival = ganeshotsav();
    expect(messagesOf({ ...festival, days: ["2026-09-14", "2026-09-14"] })).toContain(FestivalMessages.DAYS_UNIQUE);
    expect(messagesOf({ ...festival, bookingOpensAt: festival.bookingClosesAt })).toContain(
      FestivalMessages.OPENS_BEFORE_CLOSES,
    );
    expect(messagesOf({ ...festival, bookingClosesAt: "2026-09-14T06:01:00+05:30" })).toEqual([
      FestivalMessages.CLOSES_BEFORE_FIRST_WINDOW,
    ]);
    expect(messagesOf({ ...festival, bookingClosesAt: "2026-09-14T06:00:00+05:30" })).toEqual([]);
    expect(messagesOf({ ...festival, boxes: [festival.boxes[0], festival.boxes[0]] })).toContain(
      FestivalMessages.BOX_IDS_UNIQUE,
    );
    expect(messagesOf({ ...festival, products: [...festival.products, ...festival.products] })).toContain(
      FestivalMessages.PRODUCT_KEYS_UNIQUE,
    );
    expect(messagesOf({ ...festival, boxes: [{ ...festival.boxes[0], product: "karanji" }] })).toEqual([
      FestivalMessages.BOX_PRODUCT_UNKNOWN,
    ]);
    const [first, second] = festival.windows;
    expect(messagesOf({ ...festival, windows: [first, { ...second, windowId: first?.windowId }] })).toContain(
      FestivalMessages.WINDOW_IDS_UNIQUE,
    );
    expect(messagesOf({ ...festival, windows: [first, { ...second, start: "06:10" }] })).toEqual([
      FestivalMessages.WINDOWS_OVERLAP,
    ]);
    // A delivery slot at the same hours as a pickup window is another kind: no overlap.
    expect(messagesOf({ ...festival, windows: [first, { ...first, windowId: "d0600", kind: "delivery" }] })).toEqual(
      [],
    );
    expect(messagesOf({ ...festival, windows: [{ ...first, end: "06:00" }] })).toEqual([
      FestivalMessages.WINDOW_ENDS_AFTER_START,
    ]);
    expect(messagesOf({ ...festival, windows: [{ ...first, start: "25:00" }] })).toContain(FestivalMessages.TIME);
  });

  it("answers every malformed festival with issues, never an exception", () => {
    const festival = ganeshotsav();
    const [first] = festival.windows;
    for (const bad of [
      null,
      "festival",
      { ...festival, days: 5 },
      { ...festival, days: ["tomorrow"] },
      { ...festival, windows: [null] },
      { ...festival, windows: [{ ...first, start: 600 }] },
      {
        ...festival,
        windows: [
          { ...first, start: "6am", end: "7am" },
          { ...first, windowId: "b", start: "x" },
        ],
      },
      { ...festival, boxes: [{ ...festival.boxes[0], product: 7 }] },
      { ...festival, products: "modak" },
      { ...festival, bookingOpensAt: "soon" },
    ]) {
      expect(() => festivalSchema.safeParse(bad)).not.toThrow();
      expect(festivalSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe("the windows generator", () => {
  it("makes 6:00-11:00 in 20-minute windows of 50 boxes: 15 windows named by their start", () => {
    const windows = festivalWindows({ kind: "pickup", from: "06:00", to: "11:00", minutes: 20, capacityBoxes: 50 });
    expect(windows).toHaveLength(15);
    expect(windows.map((window) => window.windowId).slice(0, 3)).toEqual(["0600", "0620", "0640"]);
    expect(windows[0]).toEqual({
      windowId: "0600",
      kind: "pickup",
      start: "06:00",
      end: "06:20",
      label: "6:00 - 6:20 am",
      labelMr: "सकाळी 6:00 ते 6:20",
      capacityBoxes: 50,
    });
    expect(windows.at(-1)).toMatchObject({ windowId: "1040", start: "10:40", end: "11:00", label: "10:40 - 11:00 am" });
  });

  it("leaves out a last piece shorter than a window, prefixes ids, and makes nothing of a bad plan", () => {
    const windows = festivalWindows({
      kind: "delivery",
      from: "06:00",
      to: "07:10",
      minutes: 15,
      capacityBoxes: 10,
      idPrefix: "d",
    });
    expect(windows.map((window) => window.windowId)).toEqual(["d0600", "d0615", "d0630", "d0645"]);
    expect(festivalWindows({ kind: "pickup", from: "6:00", to: "11:00", minutes: 20, capacityBoxes: 1 })).toEqual([]);
    expect(festivalWindows({ kind: "pickup", from: "06:00", to: "11:00", minutes: 0, capacityBoxes: 1 })).toEqual([]);
    expect(festivalWindows({ kind: "pickup", from: "11:00", to: "06:00", minutes: 20, capacityBoxes: 1 })).toEqual([]);
  });

  it("labels windows across noon and the evening as the shop's slot labels read", () => {
    expect(windowLabel("11:40", "12:00")).toBe("11:40 am - 12:00 pm");
    expect(windowLabel("12:00", "12:20")).toBe("12:00 - 12:20 pm");
    expect(windowLabel("18:00", "18:30")).toBe("6:00 - 6:30 pm");
    expect(windowLabelMr("11:40", "12:00")).toBe("सकाळी 11:40 ते दुपारी 12:00");
    expect(windowLabelMr("05:30", "06:00")).toBe("पहाटे 5:30 ते सकाळी 6:00");
    expect(windowLabelMr("17:00", "17:20")).toBe("सायंकाळी 5:00 ते 5:20");
    expect(windowLabelMr("20:00", "20:30")).toBe("रात्री 8:00 ते 8:30");
  });
});
