import { festivalWindows } from "@storefront/contracts";
import { sampleFarFestival, samplePaidOrder } from "@storefront/testing/samples";
import { beforeAll, describe, it } from "vitest";
import { attackSuite } from "./attack-suite.js";
import "./shop-context.js";
import { ADMIN, addresses, logIn, shopCaller } from "./shop-visitor.js";

/**
 * The owner's festival day under attack (docs/festivals.md, The festival's day): from the owner's own token, ids that
 * are prototype names, another festival's window or booking, and bodies that are not a window change or a move.
 * Who may call these routes at all (no token, a customer, counter staff) is the role table's, in counter.test.ts.
 * None may change a festival, a kitchen day, an order or a hold.
 */
const { tag, refused, unchanged, ordersDb } = attackSuite("festival-day", "fd", 8);
const from = addresses("192.0.7");
const call = shopCaller(from);
const FESTIVALS = "/api/payment/admin/festivals";
const DAY = "2099-09-14";
const [A, B] = [`fd-a-${tag}`, `fd-b-${tag}`];

const festival = (id: string, from: string) =>
  sampleFarFestival({
    _id: id,
    name: "Attack Utsav",
    days: [DAY],
    windows: festivalWindows({
      kind: "pickup",
      from,
      to: `${String(Number(from.slice(0, 2)) + 1).padStart(2, "0")}:00`,
      minutes: 30,
      capacityBoxes: 20,
    }).map((window, index) => (index === 0 ? { ...window, closed: true } : window)),
  });

let admin: Record<string, string> = {};
/** A paid booking of festival B's closed first window (0900), stored as the checkout and its payment leave it. */
const bookingOfB = `${Date.now()}${tag}b`;

beforeAll(async () => {
  admin = { authorization: `Bearer ${await logIn(ADMIN, "ADMIN", from)}` };
  for (const [id, start] of [
    [A, "06:00"],
    [B, "09:00"],
  ] as const) {
    const saved = await call("PUT", `${FESTIVALS}/${id}`, admin, festival(id, start));
    if (saved.status !== 201) throw new Error(`festival ${id}: ${saved.status} ${saved.text}`);
  }
  const sample = samplePaidOrder(bookingOfB);
  const at = new Date();
  await ordersDb.collection("orders").insertOne({
    _id: bookingOfB as never,
    customer: { kind: "guest", name: "Asha Patil", email: `fd${tag}@example.in`, mobile: "9876543210" },
    lines: sample.lines,
    charges: sample.charges,
    shippingAddress: sample.shippingAddress,
    placeOfSupply: sample.placeOfSupply,
    festival: {
      festivalId: B,
      festivalName: "Attack Utsav",
      day: DAY,
      windowId: "0900",
      windowLabel: "9:00 - 9:30 am",
      cashAtCounter: true,
    },
    paymentStatus: "SUCCESS",
    orderStatus: "PAID",
    payment: {
      provider: "cashfree",
      paymentId: `cf-${bookingOfB}`,
      amountPaise: sample.charges.totalPaise,
      paidAt: at,
    },
    createdAt: at,
    updatedAt: at,
  });
  await ordersDb.collection("kitchen_holds").insertOne({
    _id: bookingOfB as never,
    lines: [{ productId: `slot:festival-${B}:0900`, units: 1 }],
    day: DAY,
    state: "sold",
    movedAt: at,
    createdAt: at,
  });
}, 60_000);

/** What the attacks must leave as it was: both festivals, their kitchen days, the booking and its hold. */
const stored = async () => ({
  festivals: await ordersDb
    .collection("festivals")
    .find({ _id: { $in: [A, B] } as never }, { projection: { updatedAt: 0 } })
    .toArray(),
  days: await Promise.all(
    ["0600", "0630", "0900", "0930"].flatMap((windowId) =>
      [A, B].map((id) =>
        ordersDb.collection("kitchen_days").findOne({ _id: `slot:festival-${id}:${windowId}#${DAY}` as never }),
      ),
    ),
  ),
  order: await ordersDb.collection("orders").findOne({ _id: bookingOfB as never }),
  hold: await ordersDb.collection("kitchen_holds").findOne({ _id: bookingOfB as never }),
});

describe("the owner's festival day under attack", () => {
  it("refuses prototype names as festival, day, window and order ids, changing nothing", async () => {
    const before = await stored();
    for (const name of ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "%2e%2e", "a%2Fb"]) {
      refused(`the day of festival ${name}`, await call("GET", `${FESTIVALS}/${name}/days/${DAY}`, admin), [400, 404]);
      refused(`the day ${name}`, await call("GET", `${FESTIVALS}/${A}/days/${name}`, admin), [400]);
      refused(
        `the window ${name}`,
        await call("PATCH", `${FESTIVALS}/${A}/windows/${name}`, admin, { version: 1, closed: true }),
        [400, 404],
      );
      refused(
        `a window of festival ${name}`,
        await call("PATCH", `${FESTIVALS}/${name}/windows/0600`, admin, { version: 1, closed: true }),
        [400, 404],
      );
      refused(
        `the booking ${name}`,
        await call("POST", `${FESTIVALS}/${A}/bookings/${name}/move`, admin, { toWindowId: "0630" }),
        [400, 404],
      );
      refused(
        `a move to window ${name}`,
        await call("POST", `${FESTIVALS}/${B}/bookings/${bookingOfB}/move`, admin, { toWindowId: name }),
        [400],
      );
    }
    unchanged(await stored(), before);
  });

  it("refuses another festival's window and booking, changing neither festival", async () => {
    const before = await stored();
    // B's window through A's address, and A's through B's.
    refused(
      "B's window as A's",
      await call("PATCH", `${FESTIVALS}/${A}/windows/0900`, admin, { version: 1, closed: true }),
      [404],
    );
    refused(
      "A's window as B's",
      await call("PATCH", `${FESTIVALS}/${B}/windows/0630`, admin, { version: 1, capacityBoxes: 1 }),
      [404],
    );
    // B's booking through A's address; and moved within B to a window only A has.
    refused(
      "B's booking as A's",
      await call("POST", `${FESTIVALS}/${A}/bookings/${bookingOfB}/move`, admin, { toWindowId: "0630" }),
      [404],
    );
    refused(
      "B's booking to A's window",
      await call("POST", `${FESTIVALS}/${B}/bookings/${bookingOfB}/move`, admin, { toWindowId: "0630" }),
      [409],
    );
    // A day that is not the festival's.
    refused("a day not A's", await call("GET", `${FESTIVALS}/${A}/days/2099-09-15`, admin), [400]);
    unchanged(await stored(), before);
  });

  it("refuses bodies that are not a window change or a move, changing nothing", async () => {
    const before = await stored();
    const patch = (body: unknown) => call("PATCH", `${FESTIVALS}/${A}/windows/0630`, admin, body);
    for (const [what, body] of [
      ["no change", { version: 1 }],
      ["no version", { closed: true }],
      ["a version as text", { version: "1", closed: true }],
      ["version 0", { version: 0, closed: true }],
      ["boxes below one", { version: 1, capacityBoxes: 0 }],
      ["negative boxes", { version: 1, capacityBoxes: -5 }],
      ["a fraction of a box", { version: 1, capacityBoxes: 1.5 }],
      ["more boxes than a window holds", { version: 1, capacityBoxes: 10_001 }],
      ["boxes as text", { version: 1, capacityBoxes: "5" }],
      ["closed as text", { version: 1, closed: "yes" }],
      ["another field", { version: 1, closed: true, label: "Free modak" }],
      ["a whole festival", festival(A, "06:00")],
      ["__proto__ in the body", '{"version":1,"__proto__":{"closed":true}}'],
      ["constructor in the body", '{"version":1,"constructor":{"prototype":{"closed":true}}}'],
      ["an array", [{ version: 1, closed: true }]],
      ["not JSON", "{version:1"],
    ] as const) {
      refused(`a window change with ${what}`, await patch(body), [400]);
    }
    const move = (body: unknown) => call("POST", `${FESTIVALS}/${B}/bookings/${bookingOfB}/move`, admin, body);
    for (const [what, body] of [
      ["no window", {}],
      ["a window as a number", { toWindowId: 930 }],
      ["another field", { toWindowId: "0930", units: 50 }],
      ["__proto__ in the body", '{"toWindowId":"0930","__proto__":{"units":50}}'],
    ] as const) {
      refused(`a move with ${what}`, await move(body), [400]);
    }
    unchanged(await stored(), before);
  });
});
