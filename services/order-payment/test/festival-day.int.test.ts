import { randomUUID } from "node:crypto";
import { signEmailProof } from "@storefront/auth";
import { type Festival, type FestivalDay, festivalWindows } from "@storefront/contracts";
import { eventually, MANY_ORDERS_FROM_ONE_SHOPPER } from "@storefront/testing";
import { SAMPLE_CUSTOMER, SAMPLE_SHIPPING_ADDRESS } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import { festivalWindowResource } from "../src/festivals/domain/festival-resources.js";
import { dayId, type KitchenDay, type KitchenHold } from "../src/kitchen/persistence/kitchen.js";
import { checkoutShop } from "./checkout-shop.js";

/**
 * The owner's festival morning on the real servers (docs/festivals.md, The festival's day): bookings paid in the
 * sandbox, confirmed for cash, one collected at the counter; the day read by the shop's clock; a window closed and
 * another resized through PATCH; the closed window's bookings moved (five taps, once) or cancelled and refunded
 * (five taps, once), and a move racing a cancel leaving the kitchen's counters whole.
 */
let clock = new Date("2027-09-12T10:00:00+05:30");
const shop = checkoutShop("festival-day", "sandbox-secret-for-the-festival-day-test", {
  now: () => clock,
  env: { ...MANY_ORDERS_FROM_ONE_SHOPPER },
});
const ID = "gudi-padwa-2027";
const [DAY1, DAY2] = ["2027-09-13", "2027-09-14"];

const festival = (patch: Partial<Festival> = {}): Festival => ({
  _id: ID,
  name: "Gudi Padwa",
  nameMr: "गुढीपाडवा",
  days: [DAY1, DAY2],
  bookingOpensAt: "2027-09-01T09:00:00+05:30",
  bookingClosesAt: "2027-09-14T05:00:00+05:30",
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
    {
      boxId: "shrikhand-1",
      name: "Shrikhand, 1",
      pieces: 1,
      pricePaise: 30_000,
      hsn: "0403",
      gstRatePercent: 5,
      product: "shrikhand",
    },
  ],
  products: [
    { key: "puran", name: "Puran poli", piecesPerDay: 1_000 },
    { key: "shrikhand", name: "Shrikhand", piecesPerDay: 200 },
  ],
  // 0600, 0630 and 0700, ten boxes each.
  windows: festivalWindows({ kind: "pickup", from: "06:00", to: "07:30", minutes: 30, capacityBoxes: 10 }),
  cashAtCounter: true,
  version: 0,
  ...patch,
});

const db = () => shop.places.ordersDb.db;
const windowDay = (windowId: string) =>
  db()
    .collection<KitchenDay>("kitchen_days")
    .findOne({ _id: dayId(festivalWindowResource(ID, windowId), DAY2) });
const holdOf = (orderId: string) => db().collection<KitchenHold>("kitchen_holds").findOne({ _id: orderId });
const codeOf = async (orderId: string) =>
  (await db().collection<{ _id: string; code: string }>("festival_pass_orders").findOne({ _id: orderId }))?.code;
const passOf = async (orderId: string) =>
  db()
    .collection<{ _id: string; windowId: string; windowLabel: string }>("festival_passes")
    .findOne({ _id: (await codeOf(orderId)) ?? "" });

let seq = 0;
const email = (n: string) => `padwa-${n}@example.in`;

/** A booking of DAY2 by a guest, paid in the sandbox (or confirmed for cash by its OTP): its order id. */
async function booked(windowId: string, boxes: Array<{ boxId: string; quantity: number }>, cash = false) {
  const who = email(`b${++seq}`);
  const orderId = `1791${String(seq).padStart(9, "0")}day`;
  const answer = await shop.call("POST", `/api/payment/festivals/${ID}/bookings`, shop.guestProof(who), {
    orderId,
    day: DAY2,
    windowId,
    boxes,
    customerName: `${SAMPLE_CUSTOMER.name} ${seq}`,
    customerEmail: who,
    mobile: SAMPLE_CUSTOMER.mobile,
    shippingAddress: SAMPLE_SHIPPING_ADDRESS,
    ...(cash ? { paymentMethod: "cash-at-counter" } : {}),
  });
  const body = (await answer.json()) as { paymentSessionId?: string };
  expect(answer.status, JSON.stringify(body)).toBe(200);
  if (cash) {
    const proof = signEmailProof(who, "cod", { ...shop.keys, expiresInSeconds: 600 });
    const confirmed = await shop.call("POST", `/api/payment/order/${orderId}/cash-on-delivery`, proof);
    expect(confirmed.status).toBe(200);
  } else {
    const paid = await fetch(`${shop.places.sandbox.url}/checkout/${body.paymentSessionId}/pay`, { method: "POST" });
    expect(paid.status).toBe(200);
    await eventually(async () => (await shop.stored(orderId))?.paymentStatus === "SUCCESS", { what: `${orderId}` });
    await shop.unitsSold(orderId);
  }
  await eventually(async () => Boolean(await codeOf(orderId)), { what: `${orderId}'s pass` });
  return orderId;
}

const admin = () => shop.adminToken();
const readDay = async (day = DAY2, festivalId = ID) => {
  const answer = await shop.call("GET", `/api/payment/admin/festivals/${festivalId}/days/${day}`, admin());
  return { status: answer.status, body: (await answer.json()) as FestivalDay & { code?: string; message?: string } };
};
const patchWindow = (windowId: string, body: unknown) =>
  shop.call("PATCH", `/api/payment/admin/festivals/${ID}/windows/${windowId}`, admin(), body);
const move = (orderId: string, toWindowId: string) =>
  shop.call("POST", `/api/payment/admin/festivals/${ID}/bookings/${orderId}/move`, admin(), { toWindowId });
const cancel = (orderId: string) =>
  shop.call("POST", `/api/payment/admin/order/${orderId}/cancel`, admin(), { reason: "other", note: "window closed" });

const orders: Record<string, string> = {};

describe("the owner's festival day", () => {
  it("counts each window's morning by the shop's clock and lists what to fill per window", async () => {
    const saved = await shop.call("PUT", `/api/payment/admin/festivals/${ID}`, admin(), festival());
    expect(saved.status).toBe(201);
    orders.collected = await booked("0600", [{ boxId: "puran-4", quantity: 2 }]);
    orders.late = await booked("0600", [
      { boxId: "puran-4", quantity: 1 },
      { boxId: "shrikhand-1", quantity: 1 },
    ]);
    orders.paid = await booked("0630", [{ boxId: "puran-4", quantity: 3 }]);
    orders.cash = await booked("0630", [{ boxId: "shrikhand-1", quantity: 2 }], true);
    orders.refund = await booked("0630", [{ boxId: "puran-4", quantity: 1 }]);
    orders.race = await booked("0630", [{ boxId: "puran-4", quantity: 2 }]);
    const code = await codeOf(orders.collected);
    const marked = await shop.call("POST", `/api/payment/counter/passes/${code}/collected`, admin(), {
      markId: randomUUID(),
    });
    expect(marked.status).toBe(200);

    // The morning: 06:40, the first window over, the second under way.
    clock = new Date(`${DAY2}T06:40:00+05:30`);
    const { status, body } = await readDay();
    expect(status).toBe(200);
    expect(body.windows.map((window) => [window.windowId, window.capacityBoxes, window.over])).toEqual([
      ["0600", 10, true],
      ["0630", 10, false],
      ["0700", 10, false],
    ]);
    const [six, halfPast, seven] = body.windows;
    expect(six?.progress).toEqual({
      booked: { bookings: 2, boxes: 4 },
      collected: { bookings: 1, boxes: 2 },
      waiting: { bookings: 0, boxes: 0 },
      notYetCome: { bookings: 1, boxes: 2 },
    });
    expect(halfPast?.progress).toEqual({
      booked: { bookings: 4, boxes: 8 },
      collected: { bookings: 0, boxes: 0 },
      waiting: { bookings: 4, boxes: 8 },
      notYetCome: { bookings: 0, boxes: 0 },
    });
    expect(halfPast?.placesLeft).toBe(2);
    expect(seven?.progress.booked).toEqual({ bookings: 0, boxes: 0 });
    expect(six?.production).toEqual({
      boxes: [
        { boxId: "puran-4", name: "Puran poli, 4", nameMr: "पुरणपोळी, 4", pieces: 4, count: 3 },
        { boxId: "shrikhand-1", name: "Shrikhand, 1", pieces: 1, count: 1 },
      ],
      products: [
        { key: "puran", name: "Puran poli", pieces: 12 },
        { key: "shrikhand", name: "Shrikhand", pieces: 1 },
      ],
    });
    expect(body.totals.production.products).toEqual([
      { key: "puran", name: "Puran poli", pieces: 36 },
      { key: "shrikhand", name: "Shrikhand", pieces: 3 },
    ]);
    expect(body.totals.progress.booked).toEqual({ bookings: 6, boxes: 12 });
    expect(body.closedWindowBookings).toEqual([]);

    expect((await readDay("2027-09-15")).status).toBe(400);
    expect((await readDay("2027-09-15")).body.code).toBe("NOT_A_FESTIVAL_DAY");
    expect((await readDay(DAY2, "no-such-festival")).status).toBe(404);
  });

  it("closes one window and resizes another at the version read, writing the kitchen's totals; a stale version is refused", async () => {
    const closed = await patchWindow("0630", { version: 1, closed: true });
    expect(closed.status).toBe(200);
    expect(((await closed.json()) as { festival: Festival }).festival.version).toBe(2);
    expect(await windowDay("0630")).toMatchObject({ capacity: 0, sold: 8 });
    const stale = await patchWindow("0700", { version: 1, capacityBoxes: 4 });
    expect(stale.status).toBe(409);
    expect(await windowDay("0700")).toMatchObject({ capacity: 10 });
    const resized = await patchWindow("0700", { version: 2, capacityBoxes: 4 });
    expect(resized.status).toBe(200);
    expect(await windowDay("0700")).toMatchObject({ capacity: 4, free: 4, sold: 0 });
    expect((await patchWindow("0900", { version: 3, closed: true })).status).toBe(404);
    expect((await patchWindow("0700", { version: 3 })).status).toBe(400);
    const stored = (await (await shop.call("GET", `/api/payment/admin/festivals/${ID}`, admin())).json()) as Festival;
    expect(stored.version).toBe(3);
    expect(stored.windows.find((window) => window.windowId === "0630")?.closed).toBe(true);

    const { body } = await readDay();
    expect(body.windows[1]).toMatchObject({ closed: true, placesLeft: 0 });
    expect(body.closedWindowBookings.map((booking) => [booking.orderId, booking.boxes, booking.payment])).toEqual(
      [
        [orders.paid, 3, "paid"],
        [orders.cash, 2, "cash-due"],
        [orders.refund, 1, "paid"],
        [orders.race, 2, "paid"],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });

  it("moves a closed window's booking to another window once however often tapped: the kitchen's counters, the order and the pass", async () => {
    const taps = await Promise.all(Array.from({ length: 5 }, () => move(orders.paid!, "0700")));
    expect(taps.map((tap) => tap.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await windowDay("0630")).toMatchObject({ sold: 5 });
    expect(await windowDay("0700")).toMatchObject({ capacity: 4, sold: 3, free: 1 });
    expect(await shop.stored(orders.paid!)).toMatchObject({
      festival: { windowId: "0700", windowLabel: "7:00 - 7:30 am" },
      delivery: { slotId: "0700", slotLabel: "7:00 - 7:30 am" },
    });
    expect(await passOf(orders.paid!)).toMatchObject({ windowId: "0700", windowLabel: "7:00 - 7:30 am" });
    expect((await holdOf(orders.paid!))?.lines[0]).toEqual({
      productId: festivalWindowResource(ID, "0700"),
      units: 3,
    });
    // Again, now that its window is open: nothing to move.
    expect((await move(orders.paid!, "0700")).status).toBe(409);
    // A window over, or without room for the booking: refused, nothing taken.
    expect((await move(orders.cash!, "0600")).status).toBe(409);
    const full = await move(orders.cash!, "0700");
    expect(full.status).toBe(409);
    expect(((await full.json()) as { code: string }).code).toBe("WINDOW_FULL");
    expect(await windowDay("0700")).toMatchObject({ sold: 3, free: 1 });
    expect(await windowDay("0630")).toMatchObject({ sold: 5 });

    const { body } = await readDay();
    expect(body.windows[2]?.progress.booked).toEqual({ bookings: 1, boxes: 3 });
    expect(body.closedWindowBookings.map((booking) => booking.orderId)).not.toContain(orders.paid);
  });

  it("cancels and refunds a closed window's booking once however often tapped, its boxes given back once", async () => {
    const taps = await Promise.all(Array.from({ length: 5 }, () => cancel(orders.refund!)));
    expect(taps.map((tap) => tap.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const order = await shop.stored(orders.refund!);
    expect(order?.refunds).toHaveLength(1);
    expect(order?.refunds?.[0]?.amountPaise).toBe(24_000);
    expect(await windowDay("0630")).toMatchObject({ sold: 4 });
    const { body } = await readDay();
    expect(body.closedWindowBookings.map((booking) => booking.orderId)).not.toContain(orders.refund);
  });

  it("leaves the counters whole when a move and a cancel of one booking race", async () => {
    await patchWindow("0700", { version: 3, capacityBoxes: 10 });
    const [moved, cancelled] = await Promise.all([move(orders.race!, "0700"), cancel(orders.race!)]);
    expect(cancelled.status).toBe(200);
    expect([200, 409]).toContain(moved.status);
    // Its two boxes went back once, wherever they were when the cancel came.
    const [halfPast, seven] = [await windowDay("0630"), await windowDay("0700")];
    expect((halfPast?.sold ?? 0) + (seven?.sold ?? 0)).toBe(2 + 3);
    expect(halfPast?.sold).toBe(2);
    expect((await holdOf(orders.race!))?.state).toBe("returned");
  });

  it("finishes a move a crash left after the kitchen's part, on the next tap, giving the old window's boxes back once", async () => {
    const orderId = orders.cash!;
    const [from, to] = [festivalWindowResource(ID, "0630"), festivalWindowResource(ID, "0700")];
    // The crash: steps 1 and 2 done (taken on 0700, the hold's line moved), the old window and the order not yet.
    await db()
      .collection<KitchenDay>("kitchen_days")
      .updateOne({ _id: dayId(to, DAY2) }, { $inc: { sold: 2, free: -2 }, $set: { [`movedIn.${orderId}-0`]: 2 } });
    const hold = await holdOf(orderId);
    await db()
      .collection<KitchenHold>("kitchen_holds")
      .updateOne(
        { _id: orderId },
        {
          $set: {
            lines: (hold?.lines ?? []).map((line) => (line.productId === from ? { productId: to, units: 2 } : line)),
            moves: 1,
            movedFrom: { productId: from, units: 2, move: 0 },
          },
        },
      );
    expect((await readDay()).body.closedWindowBookings.map((booking) => booking.orderId)).toContain(orderId);
    const taps = await Promise.all(Array.from({ length: 3 }, () => move(orderId, "0700")));
    expect(taps.map((tap) => tap.status)).toEqual([200, 200, 200]);
    expect(await windowDay("0630")).toMatchObject({ sold: 0 });
    expect(await windowDay("0700")).toMatchObject({ sold: 5 });
    expect((await shop.stored(orderId))?.festival).toMatchObject({ windowId: "0700" });
    expect(await passOf(orderId)).toMatchObject({ windowId: "0700" });
    expect((await readDay()).body.closedWindowBookings).toEqual([]);
  });

  it("lists the bookings of a window a save took out with the closed ones, and moves them to a window of the new save", async () => {
    const current = (await (await shop.call("GET", `/api/payment/admin/festivals/${ID}`, admin())).json()) as Festival;
    const windows = [
      ...current.windows.filter((window) => window.windowId !== "0700"),
      {
        windowId: "0730",
        kind: "pickup" as const,
        start: "07:30",
        end: "08:00",
        label: "7:30 - 8:00 am",
        capacityBoxes: 10,
      },
    ];
    const saved = await shop.call("PUT", `/api/payment/admin/festivals/${ID}`, admin(), { ...current, windows });
    expect(saved.status).toBe(200);
    expect(await windowDay("0700")).toMatchObject({ capacity: 0, sold: 5 });
    const { body } = await readDay();
    expect(body.windows.at(-1)).toMatchObject({ windowId: "0700", inFestival: false, closed: true });
    expect(body.closedWindowBookings.map((booking) => booking.orderId).sort()).toEqual(
      [orders.paid!, orders.cash!].sort(),
    );
    expect((await move(orders.paid!, "0730")).status).toBe(200);
    expect(await windowDay("0700")).toMatchObject({ sold: 2 });
    expect(await windowDay("0730")).toMatchObject({ sold: 3, free: 7 });
    expect((await shop.stored(orders.paid!))?.festival).toMatchObject({
      windowId: "0730",
      windowLabel: "7:30 - 8:00 am",
    });
  });
});
