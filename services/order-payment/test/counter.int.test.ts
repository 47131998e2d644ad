import { randomUUID } from "node:crypto";
import { signAccessToken } from "@storefront/auth";
import { type CounterPass, groupPassCode } from "@storefront/contracts";
import { eventually, MANY_ORDERS_FROM_ONE_SHOPPER } from "@storefront/testing";
import { SAMPLE_CUSTOMER, samplePaidOrder } from "@storefront/testing/samples";
import { MongoClient } from "mongodb";
import { describe, expect, it } from "vitest";
import type { PassFestival } from "../src/counter/domain/pass.js";
import { festivalPasses } from "../src/counter/persistence/festival-passes.js";
import { issuePass } from "../src/counter/usecases/issue-pass.js";
import type { Order } from "../src/orders/domain/order.js";
import type { OrderRecord } from "../src/orders/persistence/orders.js";
import { checkoutShop } from "./checkout-shop.js";

/**
 * The festival counter on the real servers (docs/counter.md): a pass issued once for an order however many calls race
 * (from two clients, as two instances would), two phones marking one pass at once, a phone retrying its mark, cash
 * taken once through the door's path (its `order.paid` on the bus), and unknown codes limited per staff account.
 */
const shop = checkoutShop("counter", "sandbox-secret-for-the-counter-test", {
  queues: { "test.counter": ["order.paid"] },
  env: { ...MANY_ORDERS_FROM_ONE_SHOPPER, COUNTER_GUESSES_PER_WINDOW: "30", COUNTER_GUESSES_WINDOW_S: "600" },
});

const GANESHOTSAV: PassFestival = {
  festivalId: "ganeshotsav-2026",
  festivalName: "Ganeshotsav 2026",
  day: "2026-09-14",
  windowId: "0720",
  windowLabel: "07:20 - 07:40",
  cashAtCounter: true,
};

const tokenOf = (sub: string, role: "USER" | "ADMIN" | "COUNTER", name?: string) =>
  signAccessToken(
    { sub, email: `${sub}@shop.example`, role, ...(name ? { name } : {}) },
    { ...shop.keys, expiresInSeconds: 600 },
  );
const counter2 = () => tokenOf("counter-2", "COUNTER", "Counter 2");
const counter3 = () => tokenOf("counter-3", "COUNTER", "Counter 3");

/** A festival order stored as checkout would leave it: Asha's two lines of sweets, paid online unless patched. */
async function storedOrder(orderId: string, patch: Partial<Order> = {}): Promise<string> {
  const sample = samplePaidOrder(orderId);
  const at = new Date();
  const order: OrderRecord = {
    _id: orderId,
    customer: { kind: "guest", ...SAMPLE_CUSTOMER },
    lines: sample.lines,
    charges: sample.charges,
    shippingAddress: sample.shippingAddress,
    placeOfSupply: sample.placeOfSupply,
    paymentStatus: "SUCCESS",
    orderStatus: "PAID",
    payment: { provider: "cashfree", paymentId: `cf-${orderId}`, amountPaise: sample.charges.totalPaise, paidAt: at },
    createdAt: at,
    updatedAt: at,
    ...patch,
  };
  await shop.places.ordersDb.db.collection<OrderRecord>("orders").insertOne(order);
  return orderId;
}

const passCtx = (db = shop.places.ordersDb.db) => ({
  passes: festivalPasses(db),
  orders: { byId: (orderId: string) => db.collection<OrderRecord>("orders").findOne({ _id: orderId }) },
  now: () => new Date(),
});

const passPath = (code: string, suffix = "", query = "") =>
  `/api/payment/counter/passes/${encodeURIComponent(code)}${suffix}${query}`;

describe("booking passes", () => {
  it("issues one pass for an order from 20 calls at once on two clients, and the same pass ever after", async () => {
    const orderId = await storedOrder("1788000000001passr");
    const other = await MongoClient.connect(shop.places.ordersDb.url, { maxPoolSize: 20 });
    try {
      const otherCtx = passCtx(other.db(shop.places.ordersDb.name));
      const issued = await Promise.all(
        Array.from({ length: 20 }, (_, i) => issuePass(i % 2 ? otherCtx : passCtx(), orderId, GANESHOTSAV)),
      );
      const codes = new Set(issued.map((pass) => pass._id));
      expect(codes.size).toBe(1);
      const passes = await shop.places.ordersDb.db.collection("festival_passes").find({ orderId }).toArray();
      expect(passes).toHaveLength(1);
      expect((await issuePass(passCtx(), orderId, GANESHOTSAV))._id).toBe(issued[0]?._id);
      expect(issued[0]?._id).toMatch(/^[ACDEFGHJKMNPQRTUVWXY3467]{6}$/);
    } finally {
      await other.close();
    }
  });

  it("finishes a pass whose issue died after claiming the code, under that code", async () => {
    const orderId = await storedOrder("1788000000002passr");
    await festivalPasses(shop.places.ordersDb.db).claimCode(orderId, "ACDEFG", new Date());
    expect((await issuePass(passCtx(), orderId, GANESHOTSAV))._id).toBe("ACDEFG");
  });

  it("gives an order a new code when its claimed code is another order's pass", async () => {
    const first = await storedOrder("1788000000003passr");
    const second = await storedOrder("1788000000004passr");
    const taken = await issuePass(passCtx(), first, GANESHOTSAV);
    await festivalPasses(shop.places.ordersDb.db).claimCode(second, taken._id, new Date());
    const pass = await issuePass(passCtx(), second, GANESHOTSAV);
    expect(pass._id).not.toBe(taken._id);
    expect(pass.orderId).toBe(second);
    expect((await festivalPasses(shop.places.ordersDb.db).byCode(taken._id))?.orderId).toBe(first);
  });
});

describe("the counter", () => {
  it("shows the booking without prices or contact details, in any way the code is typed", async () => {
    const orderId = await storedOrder("1788000000010count");
    const pass = await issuePass(passCtx(), orderId, GANESHOTSAV);
    for (const typed of [
      pass._id,
      pass._id.toLowerCase(),
      groupPassCode(pass._id),
      `${pass._id.slice(0, 3)} ${pass._id.slice(3)}`,
    ]) {
      const res = await shop.call("GET", passPath(typed), counter2());
      expect(res.status).toBe(200);
      const body = (await res.json()) as CounterPass;
      expect(body).toEqual({
        code: groupPassCode(pass._id),
        customerName: SAMPLE_CUSTOMER.name,
        festivalId: "ganeshotsav-2026",
        festivalName: "Ganeshotsav 2026",
        day: "2026-09-14",
        windowId: "0720",
        windowLabel: "07:20 - 07:40",
        boxes: expect.any(Array),
        payment: "paid",
      });
      expect(body.boxes.length).toBeGreaterThan(0);
      const text = JSON.stringify(body);
      expect(text).not.toContain(SAMPLE_CUSTOMER.email);
      expect(text).not.toContain(SAMPLE_CUSTOMER.mobile);
      expect(text).not.toMatch(/Paise|price|amount/i);
    }
  });

  it("marks a pass collected once when two phones mark it at once, and tells the second who collected it", async () => {
    const orderId = await storedOrder("1788000000011count");
    const { _id: code } = await issuePass(passCtx(), orderId, GANESHOTSAV);
    const [a, b] = await Promise.all([
      shop.call("POST", passPath(code, "/collected"), counter2(), { markId: randomUUID() }),
      shop.call("POST", passPath(code, "/collected"), counter3(), { markId: randomUUID() }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [won, lost] = a.status === 200 ? [a, b] : [b, a];
    const winner = ((await won.json()) as { pass: CounterPass }).pass;
    const refusal = (await lost.json()) as { code: string; message: string; errors: Record<string, string> };
    expect(refusal.code).toBe("ALREADY_COLLECTED");
    expect(refusal.message).toMatch(/^Already collected at \d\d:\d\d by Counter [23]$/);
    expect(refusal.message).toContain(`by ${winner.collected?.by}`);
    expect(refusal.errors["collected.by"]).toBe(winner.collected?.by);
    const stored = await festivalPasses(shop.places.ordersDb.db).byCode(code);
    expect(stored?.collected?.by).toBe(winner.collected?.by);
    // The look-up shows it too.
    expect(((await (await shop.call("GET", passPath(code), counter3())).json()) as CounterPass).collected).toEqual(
      winner.collected,
    );
  });

  it("answers a phone retrying its own mark as the first time, and any other mark 409 in India time", async () => {
    const orderId = await storedOrder("1788000000012count");
    const { _id: code } = await issuePass(passCtx(), orderId, GANESHOTSAV);
    const markId = randomUUID();
    const first = await shop.call("POST", passPath(code, "/collected"), counter2(), { markId });
    expect(first.status).toBe(200);
    const firstBody = await first.json();
    const retries = await Promise.all(
      Array.from({ length: 3 }, () => shop.call("POST", passPath(code, "/collected"), counter2(), { markId })),
    );
    for (const retry of retries) {
      expect(retry.status).toBe(200);
      expect(await retry.json()).toEqual(firstBody);
    }
    // Its markId from another account is not its retry.
    expect((await shop.call("POST", passPath(code, "/collected"), counter3(), { markId })).status).toBe(409);
    // 07:42 India time is 02:12 UTC.
    await shop.places.ordersDb.db
      .collection("festival_passes")
      .updateOne({ _id: code as never }, { $set: { "collected.at": new Date("2026-09-14T02:12:30Z") } });
    const again = await shop.call("POST", passPath(code, "/collected"), counter3(), { markId: randomUUID() });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: "Already collected at 07:42 by Counter 2" });
  });

  it("refuses to hand over an unpaid or cancelled booking, and a cash booking before its cash", async () => {
    const unpaid = await storedOrder("1788000000013count", { paymentStatus: "PENDING", orderStatus: "Pending" });
    const cancelled = await storedOrder("1788000000014count", {
      orderStatus: "Canceled",
      cancellation: { by: "admin", reason: "other", cancelledBy: "owner", at: new Date() },
    });
    const cash = await storedOrder("1788000000015count", {
      paymentStatus: "COD",
      orderStatus: "Waiting",
      paymentMethod: "cash-on-delivery",
      cashOnDelivery: { confirmedAt: new Date() },
      payment: undefined,
    });
    for (const [orderId, payment, code] of [
      [unpaid, "not-paid", "PASS_NOT_PAID"],
      [cancelled, "cancelled", "PASS_CANCELLED"],
      [cash, "cash-due", "PASS_CASH_DUE"],
    ] as const) {
      const pass = await issuePass(passCtx(), orderId, GANESHOTSAV);
      const seen = (await (await shop.call("GET", passPath(pass._id), counter2())).json()) as CounterPass;
      // The look-up says so, in words for the screen.
      expect(seen).toMatchObject({ payment, notice: expect.any(String) });
      const mark = await shop.call("POST", passPath(pass._id, "/collected"), counter2(), { markId: randomUUID() });
      expect(mark.status).toBe(409);
      expect(await mark.json()).toMatchObject({ status: 409, code });
      expect((await festivalPasses(shop.places.ordersDb.db).byCode(pass._id))?.collected).toBeUndefined();
    }
    // The same unpaid booking where the festival takes no cash is not cash-due: it is unpaid.
    const noCash = await storedOrder("1788000000016count", {
      paymentStatus: "COD",
      orderStatus: "Waiting",
      paymentMethod: "cash-on-delivery",
      cashOnDelivery: { confirmedAt: new Date() },
      payment: undefined,
    });
    const noCashPass = await issuePass(passCtx(), noCash, { ...GANESHOTSAV, cashAtCounter: false });
    expect(((await (await shop.call("GET", passPath(noCashPass._id), counter2())).json()) as CounterPass).payment).toBe(
      "not-paid",
    );
    expect(
      (await shop.call("POST", passPath(noCashPass._id, "/cash"), counter2(), { markId: randomUUID() })).status,
    ).toBe(409);
  });

  it("takes a cash booking's cash once from five taps on two phones: paid with one order.paid, then collected", async () => {
    const orderId = await storedOrder("1788000000017count", {
      paymentStatus: "COD",
      orderStatus: "Waiting",
      paymentMethod: "cash-on-delivery",
      cashOnDelivery: { confirmedAt: new Date() },
      payment: undefined,
    });
    const { _id: code } = await issuePass(passCtx(), orderId, GANESHOTSAV);
    const taps = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        shop.call("POST", passPath(code, "/cash"), i % 2 ? counter3() : counter2(), { markId: randomUUID() }),
      ),
    );
    expect(taps.map((tap) => tap.status)).toEqual([200, 200, 200, 200, 200]);
    const order = await shop.stored(orderId);
    expect(order).toMatchObject({ paymentStatus: "SUCCESS", cashOnDelivery: { outcome: "cash-received" } });
    expect(order?.payment).toMatchObject({ provider: "cash", amountPaise: order?.charges.totalPaise });
    const paidEvents = async () =>
      (await shop.places.vhost.peek("test.counter", 200)).filter(
        (message) => (JSON.parse(message.payload) as { data: { orderId: string } }).data.orderId === orderId,
      );
    await eventually(async () => (await paidEvents()).length > 0, { what: `order.paid of ${orderId}` });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await paidEvents()).toHaveLength(1);
    // Paid now: no cash is due, and the boxes may go.
    expect(((await (await shop.call("GET", passPath(code), counter2())).json()) as CounterPass).payment).toBe("paid");
    expect((await shop.call("POST", passPath(code, "/collected"), counter2(), { markId: randomUUID() })).status).toBe(
      200,
    );
    // A booking paid online has no cash to take.
    const online = await issuePass(passCtx(), await storedOrder("1788000000018count"), GANESHOTSAV);
    const refused = await shop.call("POST", passPath(online._id, "/cash"), counter2(), { markId: randomUUID() });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "NO_CASH_DUE" });
  });

  it("refuses a pass of another festival or day with words the staff can say", async () => {
    const orderId = await storedOrder("1788000000019count");
    const { _id: code } = await issuePass(passCtx(), orderId, GANESHOTSAV);
    const otherDay = await shop.call(
      "GET",
      passPath(code, "", "?festivalId=ganeshotsav-2026&day=2026-09-13"),
      counter2(),
    );
    expect(otherDay.status).toBe(409);
    expect(await otherDay.json()).toMatchObject({
      code: "PASS_OTHER_DAY",
      message: "This pass is for 2026-09-14, not 2026-09-13. Ask the customer to come on 2026-09-14.",
    });
    const otherFestival = await shop.call("GET", passPath(code, "", "?festivalId=diwali-2026"), counter2());
    expect(otherFestival.status).toBe(409);
    expect(await otherFestival.json()).toMatchObject({ code: "PASS_OTHER_FESTIVAL" });
    const marked = await shop.call("POST", passPath(code, "/collected", "?day=2026-09-13"), counter2(), {
      markId: randomUUID(),
    });
    expect(marked.status).toBe(409);
    expect((await festivalPasses(shop.places.ordersDb.db).byCode(code))?.collected).toBeUndefined();
    expect(
      (await shop.call("GET", passPath(code, "", "?festivalId=ganeshotsav-2026&day=2026-09-14"), counter2())).status,
    ).toBe(200);
  });

  it("lets one staff account try 30 unknown codes in the window, then refuses every code; known codes never count", async () => {
    const orderId = await storedOrder("1788000000020count");
    const { _id: code } = await issuePass(passCtx(), orderId, GANESHOTSAV);
    const guesser = tokenOf("counter-guesser", "COUNTER", "Counter 9");
    const unknown = code === "ACDACD" ? "ACDACE" : "ACDACD";
    for (let i = 0; i < 40; i++) {
      // Known codes in between count nothing.
      expect((await shop.call("GET", passPath(code), guesser)).status).toBe(200);
    }
    for (let i = 0; i < 30; i++) {
      const res = await shop.call("GET", passPath(unknown), guesser);
      expect(res.status).toBe(404);
      if (i === 0) expect(await res.json()).toMatchObject({ code: "PASS_NOT_FOUND" });
    }
    const blocked = await shop.call("GET", passPath(code), guesser);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await blocked.json()).toMatchObject({ code: "TOO_MANY_PASS_GUESSES" });
    // Another account is not held back by this one's guesses.
    expect((await shop.call("GET", passPath(code), counter2())).status).toBe(200);
  });

  it("refuses malformed codes, prototype names and bodies of another shape, in the error shape", async () => {
    for (const typed of ["__proto__", "constructor", "toString", "ACD-EF0", "A".repeat(50), "%00", "..%2F..%2Fx"]) {
      const res = await shop.call("GET", passPath(typed), counter2());
      expect([400, 404]).toContain(res.status);
      expect(await res.json()).toMatchObject({
        status: res.status,
        code: expect.any(String),
        message: expect.any(String),
      });
    }
    const orderId = await storedOrder("1788000000021count");
    const { _id: code } = await issuePass(passCtx(), orderId, GANESHOTSAV);
    for (const body of [{}, { markId: "not-a-uuid" }, { markId: randomUUID(), by: "Owner" }, { markId: { $ne: 1 } }]) {
      expect((await shop.call("POST", passPath(code, "/collected"), counter2(), body)).status).toBe(400);
    }
    expect((await festivalPasses(shop.places.ordersDb.db).byCode(code))?.collected).toBeUndefined();
  });
});
