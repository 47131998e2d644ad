import { addDays, type Festival, indiaDayKey, indiaMinutesOfDay, PASS_ALPHABET } from "@storefront/contracts";
import { SAMPLE_CUSTOMER, samplePaidOrder } from "@storefront/testing/samples";
import { type Document, MongoClient } from "mongodb";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { journeyBrowser } from "./browser.js";
import { ownerOn, printed } from "./owner-steps.js";
import { fitsThePhone, PHONE } from "./phone-checks.js";

/**
 * The owner's festival morning on a 390 px phone (docs/festivals.md, The festival's day): from the festivals list's
 * "Day" link, the progress per window by the shop's clock (a booking paid meanwhile shown by the 30-second refresh),
 * a window closed and another resized, the closed window's bookings moved and cancelled, and the production list
 * printed on one A4 page without the rest of the page.
 */
const browser = journeyBrowser();

let client: MongoClient | undefined;
beforeAll(async () => {
  client = await MongoClient.connect(inject("mongoUrl"));
  // Between 23:50 and 00:01 India time the day has no room for a window over and two to come: wait for the next one.
  while (indiaMinutesOfDay(new Date()) > LAST_START || indiaMinutesOfDay(new Date()) < 1) {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
  }
  const now = new Date();
  TODAY = indiaDayKey(now);
  festival = festivalOf(TODAY, indiaMinutesOfDay(now));
}, 15 * 60_000);
afterAll(async () => {
  await client?.close();
});
const ordersDb = () => {
  if (!client) throw new Error("connected in beforeAll");
  return client.db(inject("ordersDb"));
};

const FESTIVAL_ID = `padwa-${Date.now().toString(36)}`;

/** `HH:MM` of minutes since midnight. */
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * The festival of this run, on today's India date: the morning by the shop's clock needs a window already over and
 * two still to come. The early window is the day's first minute; the next one starts 2 minutes from now and the later
 * one 6 minutes from now, to the day's end (windows relative to now: fixed evening hours fail a run late at night).
 */
function festivalOf(today: string, nowMinutes: number): Festival {
  const window = (windowId: string, start: number, end: number) => ({
    windowId,
    kind: "pickup" as const,
    start: clock(start),
    end: end === 24 * 60 ? "24:00" : clock(end),
    label: `${clock(start)} - ${end === 24 * 60 ? "24:00" : clock(end)}`,
    capacityBoxes: 5,
  });
  return {
    _id: FESTIVAL_ID,
    name: "Gudi Padwa",
    nameMr: "गुढीपाडवा",
    days: [today, addDays(today, 1)],
    bookingOpensAt: `${addDays(today, -3)}T09:00:00+05:30`,
    bookingClosesAt: `${today}T00:00:00+05:30`,
    boxes: [
      {
        boxId: "puran-4",
        name: "Puran poli, 4",
        nameMr: "पुरणपोळी, 4",
        pieces: 4,
        pricePaise: 24_000,
        hsn: "1905",
        gstRatePercent: 5,
        product: "puran",
      },
    ],
    products: [{ key: "puran", name: "Puran poli", nameMr: "पुरणपोळी", piecesPerDay: 1_000 }],
    windows: [
      window("early", 0, 1),
      window("next", nowMinutes + 2, nowMinutes + 6),
      window("later", nowMinutes + 6, 24 * 60),
    ],
    cashAtCounter: true,
    version: 0,
  };
}

/** The last minute of an India day a run may start in: the later window needs its minutes before midnight. */
const LAST_START = 23 * 60 + 50;
let TODAY = "";
let festival: Festival;
/** A window's label in this run's festival. */
const labelOf = (windowId: string) => festival.windows.find((one) => one.windowId === windowId)?.label ?? "";

let seq = 0;
/**
 * A booking stored as the booking checkout and its payment leave it: the order, its kitchen hold sold on the window
 * and the pieces (with the window-day's and the product-day's counters), and its pass.
 */
async function booking(windowId: string, quantity: number, kind: "paid" | "cash", collected = false) {
  const orderId = `${Date.now()}${++seq}day`;
  const window = festival.windows.find((one) => one.windowId === windowId)!;
  const lines = [
    {
      productId: `festival:${FESTIVAL_ID}:puran-4`,
      name: "Puran poli, 4",
      pieces: 4,
      quantity,
      unitPricePaise: 24_000,
      lineTotalPaise: 24_000 * quantity,
      tax: { hsn: "1905", gstRatePercent: 5 },
    },
  ];
  const sample = samplePaidOrder(orderId, { lines: lines as never });
  const at = new Date();
  await ordersDb()
    .collection<Document>("orders")
    .insertOne({
      _id: orderId as never,
      customer: { kind: "guest", ...SAMPLE_CUSTOMER, name: `Asha ${seq}`, email: `day${seq}@example.in` },
      lines,
      charges: sample.charges,
      shippingAddress: sample.shippingAddress,
      placeOfSupply: sample.placeOfSupply,
      dispatchDay: TODAY,
      delivery: {
        zoneId: `festival-${FESTIVAL_ID}`,
        kind: "pickup",
        name: "Collect at the shop",
        date: TODAY,
        slotId: windowId,
        slotLabel: window.label,
      },
      festival: {
        festivalId: FESTIVAL_ID,
        festivalName: festival.name,
        day: TODAY,
        windowId,
        windowLabel: window.label,
        cashAtCounter: true,
      },
      ...(kind === "paid"
        ? {
            paymentStatus: "SUCCESS",
            orderStatus: "PAID",
            payment: {
              provider: "cashfree",
              paymentId: `cf-${orderId}`,
              amountPaise: sample.charges.totalPaise,
              paidAt: at,
            },
          }
        : {
            paymentStatus: "COD",
            orderStatus: "Waiting",
            paymentMethod: "cash-on-delivery",
            cashOnDelivery: { confirmedAt: at },
          }),
      createdAt: at,
      updatedAt: at,
    });
  const windowResource = `slot:festival-${FESTIVAL_ID}:${windowId}`;
  const pieces = `festival:${FESTIVAL_ID}:puran`;
  await ordersDb()
    .collection<Document>("kitchen_holds")
    .insertOne({
      _id: orderId as never,
      lines: [
        { productId: windowResource, units: quantity },
        { productId: pieces, units: quantity * 4 },
      ],
      day: TODAY,
      state: "sold",
      movedAt: at,
      createdAt: at,
    });
  for (const [resource, units] of [
    [windowResource, quantity],
    [pieces, quantity * 4],
  ] as const) {
    await ordersDb()
      .collection<Document>("kitchen_days")
      .updateOne({ _id: `${resource}#${TODAY}` as never }, { $inc: { sold: units, free: -units } });
  }
  // A code of the passes' alphabet, as issuePass makes them (events carrying it are checked against it).
  const code = Array.from({ length: 6 }, () => PASS_ALPHABET[Math.floor(Math.random() * PASS_ALPHABET.length)]).join(
    "",
  );
  await ordersDb()
    .collection<Document>("festival_pass_orders")
    .insertOne({ _id: orderId as never, code, at });
  await ordersDb()
    .collection<Document>("festival_passes")
    .insertOne({
      _id: code as never,
      orderId,
      festivalId: FESTIVAL_ID,
      festivalName: festival.name,
      day: TODAY,
      windowId,
      windowLabel: window.label,
      cashAtCounter: true,
      issuedAt: at,
      ...(collected ? { collected: { at, by: "Counter 2", byUserId: "u1", markId: "m1" } } : {}),
    });
  return orderId;
}

const order = (orderId: string) =>
  ordersDb()
    .collection<Document>("orders")
    .findOne({ _id: orderId as never });
const windowDay = (windowId: string) =>
  ordersDb()
    .collection<Document>("kitchen_days")
    .findOne({ _id: `slot:festival-${FESTIVAL_ID}:${windowId}#${TODAY}` as never });
const cell = (page: Page, windowId: string, testId: string) =>
  page.locator(`[data-testid="progress-row"][data-window="${windowId}"] [data-testid="${testId}"]`);

describe("the owner's festival day on a phone", () => {
  it("follows the morning per window, closes a window, moves and cancels its bookings, resizes one, and prints the production list", async () => {
    const { page } = await ownerOn(browser(), PHONE);
    // Saved as the owner's form saves it (its own journey is the festival-counter test's).
    const saved = await page.evaluate(async (body) => {
      const answer = await fetch(`/api/payment/admin/festivals/${body._id}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${localStorage.getItem("authToken")}` },
        body: JSON.stringify(body),
      });
      return answer.status;
    }, festival);
    expect(saved).toBe(201);
    await booking("early", 2, "paid", true);
    await booking("early", 1, "paid");
    const moved = await booking("next", 1, "paid");
    const cancelled = await booking("next", 2, "paid");
    await booking("later", 1, "cash");
    await booking("later", 1, "paid");

    await page.goto("/admin-festivals");
    await page.locator(`[data-festival="${FESTIVAL_ID}"] [data-day="${TODAY}"]`).click();
    await page.getByTestId("festival-day").waitFor();
    await expect.poll(() => cell(page, "early", "progress-collected").innerText()).toContain("2 boxes");
    expect(await cell(page, "early", "progress-not-come").innerText()).toContain("1 booking");
    expect(await cell(page, "next", "progress-waiting").innerText()).toContain("3 boxes");
    expect(await cell(page, "later", "progress-waiting").innerText()).toContain("2 boxes");
    expect(await page.locator('[data-testid="progress-total"] [data-testid="progress-booked"]').innerText()).toContain(
      "8 boxes",
    );
    await fitsThePhone(page, "festival-day-morning");

    // The next window closes: its two bookings are listed, one moved to the later one (room for 1 of its 3 left), one
    // cancelled and refunded.
    await page.locator('[data-testid="window-controls"][data-window="next"] [data-testid="window-close"]').click();
    await page.locator(`[data-testid="closed-booking"][data-order="${moved}"]`).waitFor();
    expect((await windowDay("next"))?.capacity).toBe(0);
    await fitsThePhone(page, "festival-day-closed-window");
    const moveButton = page.locator(
      `[data-testid="closed-booking"][data-order="${moved}"] [data-testid="booking-move"]`,
    );
    expect(await moveButton.innerText()).toBe(`Move to ${labelOf("later")}`);
    await moveButton.click();
    await page.locator(`[data-testid="closed-booking"][data-order="${moved}"]`).waitFor({ state: "detached" });
    expect((await order(moved))?.festival).toMatchObject({ windowId: "later", windowLabel: labelOf("later") });
    expect(await windowDay("later")).toMatchObject({ sold: 3, free: 2 });
    await page
      .locator(`[data-testid="closed-booking"][data-order="${cancelled}"] [data-testid="booking-cancel"]`)
      .click();
    await page.getByTestId("admin-confirm").click();
    await page.getByTestId("closed-bookings").waitFor({ state: "detached" });
    expect((await order(cancelled))?.orderStatus).toBe("Canceled");
    expect((await windowDay("next"))?.sold).toBe(0);

    // The later window from 5 boxes to 8.
    const seven = page.locator('[data-testid="window-controls"][data-window="later"]');
    await seven.getByTestId("window-boxes").fill("8");
    await seven.getByTestId("window-resize").click();
    await expect.poll(async () => (await windowDay("later"))?.capacity).toBe(8);
    await expect.poll(() => seven.innerText()).toContain("5 of 8 boxes left");

    const production = await page.getByTestId("production-day").innerText();
    expect(production).toContain("Puran poli, 4 (पुरणपोळी, 4)");
    expect(production).toContain("x 6");
    const print = await printed(page, "festival-day-production");
    expect(print.pages).toBe(1);
    expect(print.text).toContain("Production list");
    expect(print.text).not.toContain("The morning");
    expect(print.text).not.toContain("Set boxes");

    // A booking paid meanwhile shows within 30 seconds, without a reload: on a second phone whose timers are under
    // the test's hand (installed before its page loads), so the refresh is run, not waited for. The first phone
    // keeps the browser's own clock: its taps wait for real animation frames.
    const second = await ownerOn(browser(), PHONE);
    await second.page.clock.install();
    await second.page.goto(`/admin-festivals/${FESTIVAL_ID}/days/${TODAY}`);
    await expect.poll(() => cell(second.page, "later", "progress-waiting").innerText()).toContain("3 boxes");
    await booking("later", 1, "paid");
    // The installed clock also flows with real time (a busy machine's seconds count toward the 30): only "within".
    await second.page.clock.runFor(31_000);
    await expect.poll(() => cell(second.page, "later", "progress-waiting").innerText()).toContain("4 boxes");
  }, 120_000);
});
