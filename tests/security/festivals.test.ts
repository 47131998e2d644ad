import { festivalWindows } from "@storefront/contracts";
import { describe, it } from "vitest";
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

const festival = (id: string) => ({
  _id: id,
  name: "Attack Utsav",
  days: ["2099-09-14"],
  bookingOpensAt: "2099-08-31T09:00:00+05:30",
  bookingClosesAt: "2099-09-13T20:00:00+05:30",
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
  windows: festivalWindows({ kind: "pickup", from: "06:00", to: "08:00", minutes: 20, capacityBoxes: 50 }),
  cashAtCounter: true,
  version: 0,
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
