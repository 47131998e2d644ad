import { festivalWindows } from "@storefront/contracts";
import { sampleFarFestival } from "@storefront/testing/samples";
import { describe, expect, it } from "vitest";
import { attackSuite } from "./attack-suite.js";
import "./shop-context.js";
import { ADMIN, addresses, emailProof, logIn, newCustomer, shopCaller } from "./shop-visitor.js";

/**
 * The owner's festivals under attack (docs/festivals.md): a customer, a guest, a forged token at the owner's routes;
 * from the owner, ids that are prototype names, oversize lists, amounts that are not whole positive paise. None may
 * save, change or delete a festival, nor set a kitchen day.
 */
const { tag, refused, unchanged, ordersDb } = attackSuite("festivals", "fe", 8);
const from = addresses("192.0.5");
const call = shopCaller(from);
const ADMIN_PATH = "/api/payment/admin/festivals";

const festival = (id: string) =>
  sampleFarFestival({
    _id: id,
    name: "Attack Utsav",
    windows: festivalWindows({ kind: "pickup", from: "06:00", to: "08:00", minutes: 20, capacityBoxes: 50 }),
  });

describe("only the owner sets up festivals", () => {
  it("refuses everyone else at every owner route, and bad festivals from the owner, changing nothing", async () => {
    const stored = async () => [
      await ordersDb.collection("festivals").countDocuments(),
      await ordersDb.collection("kitchen_days").countDocuments({ _id: { $regex: "festival" } as never }),
    ];
    const before = await stored();
    const id = `atk-${tag}`;
    const customer = await newCustomer({ email: `fec${tag}@example.in`, password: "Sweet-Modak-2026" }, from);
    const guest = await emailProof(`feg${tag}@example.in`, "guest", from);
    const forged = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(
      JSON.stringify({ sub: "x", email: ADMIN.email, role: "ADMIN" }),
    ).toString("base64url")}.`;
    for (const [who, headers] of [
      ["nobody", {}],
      ["a guest's email proof", { authorization: `Bearer ${guest}` }],
      ["a customer", { authorization: `Bearer ${customer}` }],
      ["a forged ADMIN token", { authorization: `Bearer ${forged}` }],
    ] as const) {
      refused(`${who} lists festivals`, await call("GET", ADMIN_PATH, headers), [401, 403]);
      refused(`${who} reads a festival`, await call("GET", `${ADMIN_PATH}/${id}`, headers), [401, 403]);
      refused(`${who} saves a festival`, await call("PUT", `${ADMIN_PATH}/${id}`, headers, festival(id)), [401, 403]);
      refused(`${who} deletes a festival`, await call("DELETE", `${ADMIN_PATH}/${id}`, headers), [401, 403]);
    }

    const admin = { authorization: `Bearer ${await logIn(ADMIN, "ADMIN", from)}` };
    const good = festival(id);
    const [box] = good.boxes;
    const [window] = good.windows;
    const bad: Array<[string, string, unknown]> = [
      ["a festival id __proto__", "__proto__", festival("__proto__")],
      ["a festival id constructor", "constructor", festival("constructor")],
      ["a box id __proto__", id, { ...good, boxes: [{ ...box, boxId: "__proto__" }] }],
      ["a box id constructor", id, { ...good, boxes: [{ ...box, boxId: "constructor" }] }],
      ["a window id __proto__", id, { ...good, windows: [{ ...window, windowId: "__proto__" }] }],
      ["a window id constructor", id, { ...good, windows: [{ ...window, windowId: "constructor" }] }],
      [
        "a product key constructor",
        id,
        {
          ...good,
          products: [{ ...good.products[0], key: "constructor" }],
          boxes: [{ ...box, product: "constructor" }],
        },
      ],
      ["a body whose own key is __proto__", id, `{"__proto__":{"role":"ADMIN"},"_id":"${id}"}`],
      [
        "61 windows",
        id,
        {
          ...good,
          windows: festivalWindows({
            kind: "pickup",
            from: "00:00",
            to: "23:59",
            minutes: 15,
            capacityBoxes: 1,
          }).concat(
            festivalWindows({
              kind: "delivery",
              from: "00:00",
              to: "00:15",
              minutes: 15,
              capacityBoxes: 1,
              idPrefix: "d",
            }),
          ),
        },
      ],
      ["21 boxes", id, { ...good, boxes: Array.from({ length: 21 }, (_, i) => ({ ...box, boxId: `b${i}` })) }],
      [
        "6 days",
        id,
        { ...good, days: ["2099-09-09", "2099-09-10", "2099-09-11", "2099-09-12", "2099-09-13", "2099-09-14"] },
      ],
      ["10,000 windows", id, { ...good, windows: Array.from({ length: 10_000 }, () => window) }],
      ["a negative price", id, { ...good, boxes: [{ ...box, pricePaise: -100 }] }],
      ["a price in rupees with paise", id, { ...good, boxes: [{ ...box, pricePaise: 99.5 }] }],
      ["a minimum of nothing", id, { ...good, minimumPaise: 0 }],
      ["a fractional minimum", id, { ...good, minimumPaise: 0.5 }],
      ["a negative window capacity", id, { ...good, windows: [{ ...window, capacityBoxes: -5 }] }],
      ["a GST rate the law does not have", id, { ...good, boxes: [{ ...box, gstRatePercent: 7 }] }],
      ["a version as text", id, { ...good, version: "0" }],
      ["an id other than its address", id, festival(`${id}-x`)],
      ["no JSON", id, "{not json"],
    ];
    for (const [what, path, body] of bad) {
      refused(`the owner saves ${what}`, await call("PUT", `${ADMIN_PATH}/${path}`, admin, body), [400, 404, 413]);
    }
    refused(
      "a change from a version that never was",
      await call("PUT", `${ADMIN_PATH}/${id}`, admin, { ...good, version: 999 }),
      [409],
    );
    refused("a delete of a festival that does not exist", await call("DELETE", `${ADMIN_PATH}/${id}`, admin), [404]);
    refused("a read of __proto__", await call("GET", `${ADMIN_PATH}/__proto__`, admin), [400, 404]);

    unchanged(await stored(), before);
  }, 90_000);
});

describe("a festival booking cannot be bent", () => {
  it("refuses tampered prices, another festival's window, prototype names, cash where none is taken and a counter's token", async () => {
    const admin = { authorization: `Bearer ${await logIn(ADMIN, "ADMIN", from)}` };
    // Open now by the shop's real clock, for a day far ahead; no cash at the counter. Another festival at noon.
    const id = `bk-${tag}`;
    const other = `bo-${tag}`;
    const open = { bookingOpensAt: "2026-01-01T09:00:00+05:30", cashAtCounter: false, version: 0 };
    for (const [festivalId, windows] of [
      [id, festival(id).windows],
      [other, festivalWindows({ kind: "pickup", from: "12:00", to: "13:00", minutes: 20, capacityBoxes: 50 })],
    ] as const) {
      const saved = await call("PUT", `${ADMIN_PATH}/${festivalId}`, admin, {
        ...festival(festivalId),
        ...open,
        windows,
      });
      expect(saved.status, saved.text).toBe(201);
    }
    const stored = async () => [
      await ordersDb.collection("orders").countDocuments({ "festival.festivalId": id }),
      (await ordersDb.collection("kitchen_days").findOne({ _id: `slot:festival-${id}:0600#2099-09-14` } as never))
        ?.held ?? 0,
    ];
    const before = await stored();
    const who = `bkg${tag}@example.in`;
    const guest = { authorization: `Bearer ${await emailProof(who, "guest", from)}` };
    const staff = await call("POST", "/api/auth/staff", admin, {
      name: "Counter 4",
      email: `c4${tag}@shop.example`,
      password: "modak-2026x",
    });
    expect(staff.status, staff.text).toBe(201);
    const counter = await logIn({ email: `c4${tag}@shop.example`, password: "modak-2026x" }, "COUNTER", from);
    let n = 0;
    const booking = (patch: Record<string, unknown> = {}) => ({
      orderId: `1790${tag}${String(++n).padStart(4, "0")}`,
      day: "2099-09-14",
      windowId: "0600",
      boxes: [{ boxId: "modak-11", quantity: 2 }],
      customerName: "Asha Patil",
      customerEmail: who,
      mobile: "9876543210",
      shippingAddress: "Flat 4, Sai Krupa Society, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001",
      ...patch,
    });
    const path = (festivalId: string) => `/api/payment/festivals/${festivalId}/bookings`;
    const attacks: Array<[string, Record<string, string>, string, unknown, number[]]> = [
      ["a price on a box", guest, id, booking({ boxes: [{ boxId: "modak-11", quantity: 2, pricePaise: 1 }] }), [400]],
      ["a negative quantity", guest, id, booking({ boxes: [{ boxId: "modak-11", quantity: -2 }] }), [400]],
      ["a fractional quantity", guest, id, booking({ boxes: [{ boxId: "modak-11", quantity: 1.5 }] }), [400]],
      ["51 boxes of one kind", guest, id, booking({ boxes: [{ boxId: "modak-11", quantity: 51 }] }), [400]],
      ["another festival's window", guest, id, booking({ windowId: "1200" }), [409]],
      ["a window __proto__", guest, id, booking({ windowId: "__proto__" }), [400]],
      ["a window constructor", guest, id, booking({ windowId: "constructor" }), [400]],
      ["a box constructor", guest, id, booking({ boxes: [{ boxId: "constructor", quantity: 2 }] }), [400]],
      ["a box toString", guest, id, booking({ boxes: [{ boxId: "tostring", quantity: 2 }] }), [400]],
      ["a festival __proto__", guest, "__proto__", booking(), [400, 404]],
      ["a festival constructor", guest, "constructor", booking(), [400, 404]],
      ["cash where the festival takes none", guest, id, booking({ paymentMethod: "cash-at-counter" }), [409]],
      ["cash on delivery by name", guest, id, booking({ paymentMethod: "cash-on-delivery" }), [400]],
      ["another's email", guest, id, booking({ customerEmail: `x${who}` }), [403]],
      ["a counter's token", { authorization: `Bearer ${counter}` }, id, booking(), [403]],
      ["no token", {}, id, booking(), [401]],
      ["no JSON", guest, id, "{not json", [400]],
      // A mandal's bill-to is judged as the checkout's (docs/business-buyers.md).
      ["a bill-to GSTIN __proto__", guest, id, booking({ billTo: { gstin: "__proto__", legalName: "M" } }), [400]],
      [
        "a bill-to of a wrong check character",
        guest,
        id,
        booking({ billTo: { gstin: "27AAPFG1234K1Z5", legalName: "M" } }),
        [400],
      ],
      [
        "a bill-to GSTIN of another state",
        guest,
        id,
        booking({ billTo: { gstin: "29AAPFG1234K1Z4", legalName: "M" } }),
        [400],
      ],
      ["a bill-to without a legal name", guest, id, booking({ billTo: { gstin: "27AAPFG1234K1Z8" } }), [400]],
      ["a bill-to as a string", guest, id, booking({ billTo: "constructor" }), [400]],
    ];
    for (const [what, headers, festivalId, body, statuses] of attacks) {
      refused(`a booking with ${what}`, await call("POST", path(festivalId), headers, body), statuses);
    }
    unchanged(await stored(), before);

    // Amounts in the request are read and ignored: the festival's price is what is charged.
    const tampered = await call("POST", path(id), guest, booking({ amount: 1, pricePaise: 1, totalPaise: 1 }));
    expect(tampered.status, tampered.text).toBe(200);
    expect(JSON.parse(tampered.text)).toMatchObject({ amount: 66_000 });
  }, 90_000);
});
