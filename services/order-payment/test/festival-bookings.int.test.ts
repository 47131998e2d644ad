import { signAccessToken } from "@storefront/auth";
import { type Festival, FestivalBookingMessages, festivalWindows, groupPassCode } from "@storefront/contracts";
import { eventually, MANY_ORDERS_FROM_ONE_SHOPPER } from "@storefront/testing";
import { SAMPLE_CUSTOMER, SAMPLE_SHIPPING_ADDRESS } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import { festivalProductResource, festivalWindowResource } from "../src/festivals/domain/festival-resources.js";
import { dayId, type KitchenDay } from "../src/kitchen/persistence/kitchen.js";
import { checkoutShop } from "./checkout-shop.js";

/**
 * The booking checkout on the real servers (docs/festivals.md, The booking checkout): a booking priced from the
 * festival, held on the kitchen's counters, paid through the sandbox with one pass however often the payment is
 * reported; its refusals; a full window answered with the next one; and 1,000 bookings racing for windows of 50.
 */
let clock = new Date("2027-09-12T10:00:00+05:30");
const shop = checkoutShop("bookings", "sandbox-secret-for-the-bookings-test", {
  now: () => clock,
  env: { ...MANY_ORDERS_FROM_ONE_SHOPPER },
});
const ID = "ganeshotsav-2026";
const [DAY1, DAY2] = ["2027-09-13", "2027-09-14"];
const OPEN = new Date("2027-09-12T10:00:00+05:30");

const festival = (id: string, patch: Partial<Festival> = {}): Festival => ({
  _id: id,
  name: "Ganeshotsav",
  nameMr: "गणेशोत्सव",
  days: [DAY1, DAY2],
  bookingOpensAt: "2027-09-01T09:00:00+05:30",
  bookingClosesAt: "2027-09-14T05:00:00+05:30",
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
  products: [{ key: "modak", name: "Ukadiche modak", piecesPerDay: 100_000 }],
  windows: festivalWindows({ kind: "pickup", from: "06:00", to: "11:00", minutes: 20, capacityBoxes: 50 }),
  minimumPaise: 40_000,
  cashAtCounter: true,
  version: 0,
  ...patch,
});

const kitchenDay = (resource: string, day = DAY2) =>
  shop.places.ordersDb.db.collection<KitchenDay>("kitchen_days").findOne({ _id: dayId(resource, day) });
const passesOf = (orderIds: string[]) =>
  shop.places.ordersDb.db
    .collection<{ _id: string; orderId: string }>("festival_passes")
    .find({ orderId: { $in: orderIds } })
    .toArray();

async function save(body: Festival) {
  const saved = await shop.call("PUT", `/api/payment/admin/festivals/${body._id}`, shop.adminToken(), body);
  expect(saved.status).toBe(201);
}

interface BookingAnswer {
  status: number;
  body: {
    paymentSessionId?: string;
    orderId?: string;
    amount?: number;
    paymentMethod?: string;
    code?: string;
    message?: string;
    nextWindow?: { windowId: string; label: string };
  };
}

let orderSeq = 0;
const newOrderId = (tag: string) => `1789${String(++orderSeq).padStart(9, "0")}${tag}`;
const email = (n: number | string) => `booker${n}@example.in`;

/** A booking by a guest (the email proof) of `boxes` in `windowId` of DAY2, with `patch` over the body. */
async function book(
  festivalId: string,
  windowId: string,
  boxes: Array<{ boxId: string; quantity: number }>,
  options: { orderId?: string; who?: string; token?: string; patch?: Record<string, unknown> } = {},
): Promise<BookingAnswer & { orderId: string }> {
  const who = options.who ?? email("asha");
  const orderId = options.orderId ?? newOrderId("bk");
  const answer = await shop.call(
    "POST",
    `/api/payment/festivals/${festivalId}/bookings`,
    options.token ?? shop.guestProof(who),
    {
      orderId,
      day: DAY2,
      windowId,
      boxes,
      customerName: SAMPLE_CUSTOMER.name,
      customerEmail: who,
      mobile: SAMPLE_CUSTOMER.mobile,
      shippingAddress: SAMPLE_SHIPPING_ADDRESS,
      ...options.patch,
    },
  );
  return { status: answer.status, body: (await answer.json()) as BookingAnswer["body"], orderId };
}

/** Pays the booking's session in the sandbox (its webhooks go out) and waits for the order to be SUCCESS. */
async function pay(orderId: string, paymentSessionId: string) {
  const paid = await fetch(`${shop.places.sandbox.url}/checkout/${paymentSessionId}/pay`, { method: "POST" });
  expect(paid.status).toBe(200);
  await eventually(async () => (await shop.stored(orderId))?.paymentStatus === "SUCCESS", { what: `${orderId} paid` });
  await shop.unitsSold(orderId);
}

describe("the booking checkout", () => {
  it("books two boxes at the festival's prices (the request's ignored), holds the window and the pieces, and pays: one pass", async () => {
    clock = OPEN;
    await save(festival(ID));
    const booked = await book(ID, "0800", [{ boxId: "modak-11", quantity: 2 }], {
      patch: { amount: 1, pricePaise: 1 },
    });
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({ orderId: booked.orderId, amount: 66_000 });
    const order = await shop.stored(booked.orderId);
    expect(order).toMatchObject({
      paymentStatus: "PENDING",
      lines: [
        {
          productId: `festival:${ID}:modak-11`,
          name: "Ukadiche modak, 11",
          pieces: 11,
          quantity: 2,
          unitPricePaise: 33_000,
          lineTotalPaise: 66_000,
          tax: { hsn: "2106", gstRatePercent: 5 },
        },
      ],
      charges: { itemTotalPaise: 66_000, postalDeliveryPaise: 0, totalPaise: 66_000 },
      delivery: { kind: "pickup", date: DAY2, slotId: "0800", slotLabel: "8:00 - 8:20 am" },
      festival: { festivalId: ID, day: DAY2, windowId: "0800", windowLabel: "8:00 - 8:20 am", cashAtCounter: true },
      placeOfSupply: { stateCode: "27" },
    });
    expect(order?.lines[0]).not.toHaveProperty("weight");
    expect(await kitchenDay(festivalWindowResource(ID, "0800"))).toMatchObject({ capacity: 50, held: 2, free: 48 });
    expect(await kitchenDay(festivalProductResource(ID, "modak"))).toMatchObject({ held: 22 });
    // The same order id again answers the same session, holding nothing more.
    const again = await book(ID, "0800", [{ boxId: "modak-11", quantity: 2 }], { orderId: booked.orderId });
    expect(again.body.paymentSessionId).toBe(booked.body.paymentSessionId);
    expect(await kitchenDay(festivalWindowResource(ID, "0800"))).toMatchObject({ held: 2 });

    await pay(booked.orderId, booked.body.paymentSessionId!);
    // Its browser's verify, five at once, after the sandbox's webhooks: still one pass.
    const asha = shop.guestProof(email("asha"));
    await Promise.all(
      Array.from({ length: 5 }, () => shop.call("GET", `/api/payment/cashfree-verify/${booked.orderId}`, asha)),
    );
    const passes = await eventually(async () => {
      const found = await passesOf([booked.orderId]);
      return found.length > 0 && found;
    });
    expect(passes).toHaveLength(1);
    expect(await kitchenDay(festivalWindowResource(ID, "0800"))).toMatchObject({ held: 0, sold: 2 });
    const page = (await (await shop.call("GET", `/api/payment/order/${booked.orderId}`, asha)).json()) as {
      pass?: { code: string };
      festival?: object;
      products: Array<Record<string, unknown>>;
    };
    expect(page.pass).toEqual({ code: groupPassCode(passes[0]!._id) });
    expect(page.festival).toMatchObject({ festivalId: ID, windowLabel: "8:00 - 8:20 am" });
    expect(page.products[0]).toMatchObject({ pieces: 11, selectedQuantity: 2 });
    expect(page.products[0]).not.toHaveProperty("selectedWeight");
    // The owner reads the booking, not the customer's pass.
    const owners = (await (
      await shop.call("GET", `/api/payment/order/${booked.orderId}`, shop.adminToken())
    ).json()) as object;
    expect(owners).not.toHaveProperty("pass");
  });

  it("issues a pass a crash left unissued when the booking's page is read, and only one", async () => {
    const booked = await book(ID, "0820", [{ boxId: "modak-21", quantity: 1 }]);
    await pay(booked.orderId, booked.body.paymentSessionId!);
    await eventually(async () => (await passesOf([booked.orderId])).length === 1);
    // The crash: the pass and its claim are gone, the booking paid.
    const db = shop.places.ordersDb.db;
    await db.collection("festival_passes").deleteMany({ orderId: booked.orderId });
    await db.collection("festival_pass_orders").deleteOne({ _id: booked.orderId } as never);
    const asha = shop.guestProof(email("asha"));
    const pages = await Promise.all(
      Array.from(
        { length: 4 },
        async () =>
          (
            (await (await shop.call("GET", `/api/payment/order/${booked.orderId}`, asha)).json()) as {
              pass?: { code: string };
            }
          ).pass,
      ),
    );
    const passes = await passesOf([booked.orderId]);
    expect(passes).toHaveLength(1);
    expect(pages).toEqual(Array.from({ length: 4 }, () => ({ code: groupPassCode(passes[0]!._id) })));
  });

  it("refuses bookings outside the booking dates, of a closed, unknown or started window, below the minimum, and cash where none is taken", async () => {
    await save(
      festival("sankranti-2026", {
        cashAtCounter: false,
        windows: festival(ID).windows.map((w) => (w.windowId === "0900" ? { ...w, closed: true } : w)),
      }),
    );
    const two = [{ boxId: "modak-11", quantity: 2 }];
    const refusals: Array<[() => Promise<BookingAnswer>, number, string]> = [
      [() => book("sankranti-2026", "0900", two), 409, FestivalBookingMessages.NO_WINDOW],
      [() => book("sankranti-2026", "0555", two), 409, FestivalBookingMessages.NO_WINDOW],
      [
        () => book("sankranti-2026", "0800", [{ boxId: "modak-11", quantity: 1 }]),
        422,
        FestivalBookingMessages.belowMinimum(40_000),
      ],
      [
        () => book("sankranti-2026", "0800", two, { patch: { paymentMethod: "cash-at-counter" } }),
        409,
        FestivalBookingMessages.CASH_NOT_TAKEN,
      ],
      [
        () => book("sankranti-2026", "0800", [{ boxId: "kaju-katli", quantity: 2 }]),
        400,
        FestivalBookingMessages.UNKNOWN_BOX,
      ],
      [() => book("diwali-2099", "0800", two), 404, FestivalBookingMessages.NOT_FOUND],
    ];
    for (const [attempt, status, message] of refusals) {
      const answer = await attempt();
      expect(answer.status, message).toBe(status);
      expect(answer.body.message).toBe(message);
    }
    // Before bookings open, after they close.
    for (const at of ["2027-09-01T08:59:00+05:30", "2027-09-14T05:00:00+05:30"]) {
      clock = new Date(at);
      const answer = await book("sankranti-2026", "0800", two);
      expect(answer).toMatchObject({ status: 409, body: { code: "BOOKINGS_NOT_OPEN" } });
    }
    // On the first day at 8:05, its 8:00 window has started; the second day's has not.
    clock = new Date("2027-09-13T08:05:00+05:30");
    const started = await book("sankranti-2026", "0800", two, { patch: { day: DAY1 } });
    expect(started).toMatchObject({ status: 409, body: { code: "WINDOW_STARTED" } });
    clock = OPEN;
    expect(await kitchenDay(festivalWindowResource("sankranti-2026", "0800"))).toMatchObject({ held: 0 });
    const orders = await shop.places.ordersDb.db
      .collection("orders")
      .countDocuments({ "festival.festivalId": "sankranti-2026" });
    expect(orders).toBe(0);
    // A counter's token is no shopper's.
    const counter = signAccessToken(
      { sub: "c-1", email: "counter@shop.example", role: "COUNTER", name: "Counter 1" },
      { ...shop.keys, expiresInSeconds: 600 },
    );
    expect((await book(ID, "0800", two, { token: counter })).status).toBe(403);
  });

  it("answers a full window 409 with the next window of the day with room, and a sold-out day 409 by its words", async () => {
    const windows = festival(ID).windows.map((w) =>
      w.windowId === "0600" || w.windowId === "0620" ? { ...w, capacityBoxes: 2 } : w,
    );
    await save(
      festival("padwa-2026", { windows, products: [{ key: "modak", name: "Ukadiche modak", piecesPerDay: 80 }] }),
    );
    expect((await book("padwa-2026", "0600", [{ boxId: "modak-11", quantity: 2 }], { who: email("f1") })).status).toBe(
      200,
    );
    expect((await book("padwa-2026", "0620", [{ boxId: "modak-11", quantity: 2 }], { who: email("f2") })).status).toBe(
      200,
    );
    const full = await book("padwa-2026", "0600", [{ boxId: "modak-11", quantity: 2 }], { who: email("f3") });
    expect(full).toMatchObject({
      status: 409,
      body: {
        code: "WINDOW_FULL",
        message: FestivalBookingMessages.WINDOW_FULL,
        nextWindow: { windowId: "0640", label: "6:40 - 7:00 am" },
      },
    });
    // 44 of 80 pieces held: two more boxes of 21 (42 pieces) do not fit the day.
    const soldOut = await book("padwa-2026", "0700", [{ boxId: "modak-21", quantity: 2 }], { who: email("f4") });
    expect(soldOut).toMatchObject({
      status: 409,
      body: { code: "SOLD_OUT", message: FestivalBookingMessages.SOLD_OUT },
    });
    expect(await kitchenDay(festivalWindowResource("padwa-2026", "0700"))).toMatchObject({ held: 0 });
  });

  it("takes a cash-at-counter booking as cash on delivery where the festival takes cash", async () => {
    const booked = await book(ID, "0840", [{ boxId: "modak-21", quantity: 1 }], {
      patch: { paymentMethod: "cash-at-counter" },
    });
    expect(booked).toMatchObject({ status: 200, body: { paymentMethod: "cash-on-delivery", amount: 60_000 } });
    expect(await shop.stored(booked.orderId)).toMatchObject({
      paymentMethod: "cash-on-delivery",
      paymentStatus: "PENDING",
    });
    expect(await passesOf([booked.orderId])).toHaveLength(0);
  });

  it("bills a mandal's booking to its GSTIN at the counter (the shop's state), and refuses a GSTIN of another state, holding nothing", async () => {
    const mandal = { gstin: "27AAPFG1234K1Z8", legalName: "Shivaji Chowk Ganesh Mandal" };
    const booked = await book(ID, "0900", [{ boxId: "modak-21", quantity: 2 }], { patch: { billTo: mandal } });
    expect(booked.status).toBe(200);
    expect(await shop.stored(booked.orderId)).toMatchObject({
      billTo: { ...mandal, address: SAMPLE_SHIPPING_ADDRESS, state: "Maharashtra", stateCode: "27" },
      placeOfSupply: { state: "Maharashtra", stateCode: "27" },
    });

    const before = await kitchenDay(festivalWindowResource(ID, "0900"));
    const refused = await book(ID, "0900", [{ boxId: "modak-21", quantity: 2 }], {
      patch: { billTo: { ...mandal, gstin: "29AAPFG1234K1Z4" } },
    });
    expect(refused).toMatchObject({ status: 400, body: { code: "BILLING_STATE_NOT_GSTIN_STATE" } });
    expect(await shop.stored(refused.orderId)).toBeNull();
    expect(await kitchenDay(festivalWindowResource(ID, "0900"))).toEqual(before);
  });

  it("books a delivery window to an address the shop's own delivery serves, with its charge and no pass; refuses others", async () => {
    clock = OPEN;
    const id = "ganeshotsav-delivered";
    const { minimumPaise: _none, ...noMinimum } = festival(id, {
      windows: [
        ...festivalWindows({ kind: "pickup", from: "06:00", to: "11:00", minutes: 20, capacityBoxes: 50 }),
        ...festivalWindows({
          kind: "delivery",
          from: "16:00",
          to: "18:00",
          minutes: 60,
          capacityBoxes: 20,
          idPrefix: "d",
        }),
      ],
    });
    await save(noMinimum);
    const one = [{ boxId: "modak-11", quantity: 1 }];
    const WAI = "House 3, Ganpati Ali, Wai, Wai, Satara, Maharashtra-412803";
    // Pune is beyond the Wai zone's 25 km: no delivery window for it, nothing held.
    const pune = await book(id, "d1600", one, { who: email("pune") });
    expect(pune).toMatchObject({
      status: 409,
      body: { code: "NO_DELIVERY_HERE", message: FestivalBookingMessages.NO_DELIVERY_HERE },
    });
    const cash = await book(id, "d1600", one, {
      who: email("wai-cash"),
      patch: { shippingAddress: WAI, paymentMethod: "cash-at-counter" },
    });
    expect(cash).toMatchObject({ status: 409, body: { message: FestivalBookingMessages.DELIVERY_PAID_ONLINE } });
    expect(await kitchenDay(festivalWindowResource(id, "d1600"))).toMatchObject({ capacity: 20, held: 0, free: 20 });

    const booked = await book(id, "d1600", one, { who: email("wai"), patch: { shippingAddress: WAI } });
    expect(booked).toMatchObject({ status: 200, body: { amount: 37_000 } });
    await pay(booked.orderId, booked.body.paymentSessionId!);
    expect(await shop.stored(booked.orderId)).toMatchObject({
      charges: { itemTotalPaise: 33_000, postalDeliveryPaise: 4_000, totalPaise: 37_000 },
      delivery: { kind: "local", zoneId: "wai", name: "Wai and nearby", date: DAY2, slotId: "d1600" },
      festival: { festivalId: id, windowId: "d1600" },
    });
    expect(await kitchenDay(festivalWindowResource(id, "d1600"))).toMatchObject({ capacity: 20, sold: 1, free: 19 });
    // Delivered, not collected at the counter: no pass, however the page is read.
    await shop.call("GET", `/api/payment/order/${booked.orderId}`, shop.guestProof(email("wai")));
    expect(await passesOf([booked.orderId])).toHaveLength(0);
  });

  it("never fills a window of 50 past 50 with 1,000 bookings at once, and gives each paid booking exactly one pass", async () => {
    const windows = festivalWindows({ kind: "pickup", from: "06:00", to: "07:40", minutes: 20, capacityBoxes: 50 });
    await save(festival("diwali-2026", { windows, minimumPaise: undefined }));
    const started = Date.now();
    const answers: Array<BookingAnswer & { orderId: string; windowId: string }> = [];
    for (let batch = 0; batch < 5; batch++) {
      answers.push(
        ...(await Promise.all(
          Array.from({ length: 200 }, async (_, index) => {
            const n = batch * 200 + index;
            const windowId = windows[n % windows.length]!.windowId;
            const answer = await book("diwali-2026", windowId, [{ boxId: "modak-11", quantity: 1 }], {
              who: email(`race${n}`),
              orderId: `1790${String(n).padStart(9, "0")}race`,
            });
            return { ...answer, windowId };
          }),
        )),
      );
    }
    const booked = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.every((answer) => answer.status === 409 && answer.body.code === "WINDOW_FULL")).toBe(true);
    expect(booked).toHaveLength(windows.length * 50);
    for (const window of windows) {
      expect(booked.filter((answer) => answer.windowId === window.windowId)).toHaveLength(50);
      expect(await kitchenDay(festivalWindowResource("diwali-2026", window.windowId))).toMatchObject({
        capacity: 50,
        held: 50,
        free: 0,
      });
    }
    const bookedAt = Date.now();
    console.info(`race: ${answers.length} bookings in ${bookedAt - started} ms`);
    // Half of them paid, in batches of 25 (each a sandbox payment and its webhooks), the rest left unpaid.
    const paid = booked.filter((_, index) => index % 2 === 0);
    for (let from = 0; from < paid.length; from += 25) {
      await Promise.all(
        paid.slice(from, from + 25).map((answer) => pay(answer.orderId, answer.body.paymentSessionId!)),
      );
    }
    const passes = await eventually(async () => {
      const found = await passesOf(booked.map((answer) => answer.orderId));
      return found.length >= paid.length && found;
    });
    expect(passes).toHaveLength(paid.length);
    expect(new Set(passes.map((pass) => pass.orderId))).toEqual(new Set(paid.map((answer) => answer.orderId)));
    console.info(
      `race: ${answers.length} bookings in ${bookedAt - started} ms, ${paid.length} paid in ${Date.now() - bookedAt} ms`,
    );
  }, 240_000);
});
