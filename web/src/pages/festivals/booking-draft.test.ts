import { describe, expect, it } from "vitest";
import { festivalBookingRequestSchema } from "../../contracts";
import {
  type BookingDraft,
  bookingProblems,
  bookingRequestOf,
  bookingTotalPaise,
  isDelivered,
  offeredWindow,
  pickable,
  type ShopFestival,
  saysWindowFull,
  shortOfMinimumPaise,
  startingDraft,
  windowOfDay,
  windowsOf,
  withDay,
  withQuantity,
  withWindowsFull,
} from "./booking-draft";

const window = (windowId: string, placesLeft: number, kind: "pickup" | "delivery" = "pickup") => ({
  windowId,
  kind,
  start: `${windowId.slice(0, 2)}:${windowId.slice(2)}`,
  end: "11:00",
  label: `${windowId} am`,
  labelMr: `सकाळी ${windowId}`,
  placesLeft,
});

/** Ganeshotsav as the public list shows it: two days, the first one's windows all full. */
const ganeshotsav = (): ShopFestival => ({
  festivalId: "ganeshotsav-2026",
  name: "Ganeshotsav",
  nameMr: "गणेशोत्सव",
  days: ["2026-08-27", "2026-08-28"],
  bookingOpensAt: "2026-08-13T09:00:00+05:30",
  bookingClosesAt: "2026-08-26T20:00:00+05:30",
  bookingOpen: true,
  daysLeftToBook: 3,
  boxes: [
    {
      boxId: "modak-11",
      name: "11 modak",
      nameMr: "११ मोदक",
      pieces: 11,
      pricePaise: 33_000,
      hsn: "2106",
      gstRatePercent: 5,
    },
    { boxId: "modak-21", name: "21 modak", pieces: 21, pricePaise: 61_950, hsn: "2106", gstRatePercent: 5 },
  ],
  minimumPaise: 40_000,
  cashAtCounter: true,
  windows: [
    { day: "2026-08-27", windows: [window("0600", 0), window("0620", 0)] },
    { day: "2026-08-28", windows: [window("0600", 0), window("0620", 12), window("d0600", 5, "delivery")] },
  ],
});

const booker = {
  customerName: "Ravi Kale",
  customerEmail: "ravi@example.in",
  mobile: "9123456780",
  shippingAddress: "House 12, Shivaji Nagar, Shivane, Haveli, Pune, Maharashtra - 411023",
};

describe("the festival booking form's draft (docs/festivals.md, The pages)", () => {
  it("starts on the first day with a window that has room, nothing chosen", () => {
    expect(startingDraft(ganeshotsav())).toEqual({ day: "2026-08-28", quantities: {}, cash: false });
    const allFull = { ...ganeshotsav(), windows: [] };
    expect(startingDraft(allFull).day).toBe("2026-08-27");
  });

  it("lists a day's pickup and delivery windows, and keeps a window across days only where it has room", () => {
    const festival = ganeshotsav();
    expect(windowsOf(festival, "2026-08-28").map((one) => one.windowId)).toEqual(["0600", "0620", "d0600"]);
    const picked: BookingDraft = { day: "2026-08-28", windowId: "0620", quantities: {}, cash: false };
    expect(withDay(festival, picked, "2026-08-27").windowId).toBeUndefined();
    const dayFree = {
      ...festival,
      windows: [...festival.windows, { day: "2026-08-29", windows: [window("0620", 3)] }],
    };
    expect(withDay(dayFree, picked, "2026-08-29").windowId).toBe("0620");
  });

  it("totals the boxes at the list's prices and keeps counts between 0 and 50", () => {
    const festival = ganeshotsav();
    let draft = withQuantity(startingDraft(festival), "modak-11", 2);
    draft = withQuantity(draft, "modak-21", 1);
    expect(bookingTotalPaise(festival, draft)).toBe(2 * 33_000 + 61_950);
    expect(withQuantity(draft, "modak-11", 99).quantities["modak-11"]).toBe(50);
    expect(withQuantity(draft, "modak-11", -1).quantities["modak-11"]).toBe(0);
  });

  it("says what keeps it from being sent: no box, below the minimum, no window or a full one", () => {
    const festival = ganeshotsav();
    const empty = startingDraft(festival);
    expect(bookingProblems(festival, empty)).toEqual(["noBoxes", "noWindow"]);
    const one = withQuantity(empty, "modak-11", 1);
    expect(shortOfMinimumPaise(festival, one)).toBe(7_000);
    expect(bookingProblems(festival, { ...one, windowId: "0620" })).toEqual(["belowMinimum"]);
    const two = withQuantity(one, "modak-11", 2);
    expect(bookingProblems(festival, { ...two, windowId: "0600" })).toEqual(["noWindow"]);
    expect(bookingProblems(festival, { ...two, windowId: "0620" })).toEqual([]);
    expect(shortOfMinimumPaise({ ...festival, minimumPaise: undefined }, one)).toBe(0);
  });

  it("maps the draft to a request the contracts' schema takes: ids and counts, no amount", () => {
    const festival = ganeshotsav();
    const draft: BookingDraft = {
      day: "2026-08-28",
      windowId: "0620",
      quantities: { "modak-21": 1, "modak-11": 2, "modak-x": 0 },
      cash: true,
    };
    const request = bookingRequestOf(festival, draft, booker, "1732700000000123", "mr");
    expect(request).toEqual({
      orderId: "1732700000000123",
      day: "2026-08-28",
      windowId: "0620",
      boxes: [
        { boxId: "modak-11", quantity: 2 },
        { boxId: "modak-21", quantity: 1 },
      ],
      ...booker,
      language: "mr",
      paymentMethod: "cash-at-counter",
    });
    expect(festivalBookingRequestSchema.safeParse(request).success).toBe(true);
    // A mandal's GST invoice goes with it, as the schema takes it.
    const mandal = { gstin: "27AAPFG1234K1Z8", legalName: "Shivaji Chowk Ganesh Mandal" };
    const billed = bookingRequestOf(festival, draft, { ...booker, billTo: mandal }, "1732700000000123", "mr");
    expect(billed.billTo).toEqual(mandal);
    expect(festivalBookingRequestSchema.parse(billed).billTo).toEqual(mandal);
    // Cash only where the festival takes it; English sends no language.
    const online = bookingRequestOf({ ...festival, cashAtCounter: false }, draft, booker, "1732700000000123", "en");
    expect(online.paymentMethod).toBe("online");
    expect(online).not.toHaveProperty("language");
    // A delivered booking is paid online whatever was ticked: cash is taken at the counter.
    const delivered = { ...draft, windowId: "d0600" };
    expect(isDelivered(festival, delivered)).toBe(true);
    expect(isDelivered(festival, draft)).toBe(false);
    expect(bookingRequestOf(festival, delivered, booker, "1732700000000123", "en").paymentMethod).toBe("online");
  });

  it("reads the next window a full window's refusal offers, and nothing from any other refusal", () => {
    const next = { windowId: "0640", label: "6:40 - 7:00 am", labelMr: "सकाळी 6:40 ते 7:00" };
    expect(offeredWindow({ status: 409, code: "WINDOW_FULL", message: "full", nextWindow: next })).toEqual(next);
    expect(offeredWindow({ status: 409, code: "WINDOW_FULL", message: "full" })).toBeUndefined();
    expect(offeredWindow({ status: 409, code: "SOLD_OUT", nextWindow: next })).toBeUndefined();
    expect(offeredWindow("Server error")).toBeUndefined();
  });

  it("shows a window full once a refusal said so, on that day only, though the listing still counts places", () => {
    expect(saysWindowFull({ status: 409, code: "WINDOW_FULL", message: "full" })).toBe(true);
    expect(saysWindowFull({ status: 409, code: "SOLD_OUT", message: "sold out" })).toBe(false);
    const festival = ganeshotsav();
    expect(withWindowsFull(festival, new Set())).toBe(festival);
    const shown = withWindowsFull(festival, new Set([windowOfDay("2026-08-28", "0620")]));
    expect(pickable(windowsOf(shown, "2026-08-28").find((one) => one.windowId === "0620")!)).toBe(false);
    expect(windowsOf(shown, "2026-08-28").find((one) => one.windowId === "d0600")?.placesLeft).toBe(5);
    expect(
      bookingProblems(shown, { day: "2026-08-28", windowId: "0620", quantities: { "modak-21": 1 }, cash: false }),
    ).toEqual(["noWindow"]);
    expect(windowsOf(festival, "2026-08-28").find((one) => one.windowId === "0620")?.placesLeft).toBe(12);
  });
});
