import { randomUUID } from "node:crypto";
import { festivalWindows, indiaDayKey } from "@storefront/contracts";
import { sampleFarFestival, samplePaidOrder } from "@storefront/testing/samples";
import { beforeAll, describe, expect, it } from "vitest";
import { attackSuite } from "./attack-suite.js";
import "./shop-context.js";
import { ADMIN, addresses, logIn, newCustomer, shopCaller } from "./shop-visitor.js";

/**
 * The festival counter under attack (docs/counter.md), through the gateway of a whole shop: who may call which route
 * (the role table below: no token, a customer, counter staff, the owner, and a disabled counter account's token),
 * a counter token on the owner's routes and on other people's orders, pass codes guessed past the limit, malformed
 * codes and prototype names, another festival's or day's pass. Every refusal counts in the suite's tally, and none
 * may change an order or a pass.
 */
const { tag, refused, unchanged, ordersDb } = attackSuite("counter", "ctr", 8);
const from = addresses("100.64.41");
const call = shopCaller(from);
const bearer = (token: string | undefined): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

const FESTIVAL = {
  festivalId: "ganeshotsav-2026",
  festivalName: "Ganeshotsav 2026",
  day: "2026-09-14",
  windowId: "0720",
  windowLabel: "07:20 - 07:40",
  cashAtCounter: true,
};

let passCount = 0;
/**
 * A festival order stored as the booking checkout will leave it, with its pass written as `issuePass` writes it (the
 * order's claim, then the pass): paid online, or a confirmed cash booking. The code is made here, of the alphabet.
 */
async function bookingWithPass(kind: "paid" | "cash", festival = FESTIVAL): Promise<{ orderId: string; code: string }> {
  const n = passCount++;
  const orderId = `${Date.now()}${tag}${String(n).padStart(3, "0")}`;
  const alphabet = "ACDEFGHJKMNPQRTUVWXY3467";
  const code = Array.from({ length: 6 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
  const sample = samplePaidOrder(orderId);
  const at = new Date();
  await ordersDb.collection("orders").insertOne({
    _id: orderId as never,
    customer: { kind: "guest", name: "Asha Patil", email: `ctr${tag}${n}@example.in`, mobile: "9876543210" },
    lines: sample.lines,
    charges: sample.charges,
    shippingAddress: sample.shippingAddress,
    placeOfSupply: sample.placeOfSupply,
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
  await ordersDb.collection("festival_pass_orders").insertOne({ _id: orderId as never, code, at });
  await ordersDb.collection("festival_passes").insertOne({ _id: code as never, orderId, ...festival, issuedAt: at });
  return { orderId, code };
}
const passOf = (code: string) => ordersDb.collection("festival_passes").findOne({ _id: code as never });
const orderOf = (orderId: string) => ordersDb.collection("orders").findOne({ _id: orderId as never });

type Who = "none" | "USER" | "COUNTER" | "ADMIN" | "disabled";
const WHO: Who[] = ["none", "USER", "COUNTER", "ADMIN", "disabled"];
const tokens = {} as Record<Who, string | undefined>;
const customerEmail = `ctr${tag}@example.in`;
/** A festival of the owner's, for the festival day's rows (docs/festivals.md, The festival's day). */
const DAY_FESTIVAL = `ctr-day-${tag}`;
const FESTIVAL_DAY = "2099-09-14";
const dayFestival = sampleFarFestival({
  _id: DAY_FESTIVAL,
  name: "Counter Utsav",
  days: [FESTIVAL_DAY],
  windows: festivalWindows({ kind: "pickup", from: "06:00", to: "07:00", minutes: 30, capacityBoxes: 20 }),
});
/** Counter accounts the table's owner routes disable and reset (one each, made before the table). */
const targets = { disable: "", password: "" };

const staffAccount = async (name: string, email: string, password: string, admin: string) => {
  const made = await call("POST", "/api/auth/staff", bearer(admin), { name, email, password });
  expect(made.status, made.text).toBe(201);
  return (JSON.parse(made.text) as { userId: string }).userId;
};

beforeAll(async () => {
  const admin = await logIn(ADMIN, "ADMIN", from);
  tokens.ADMIN = admin;
  tokens.USER = await newCustomer({ email: customerEmail, password: "Ctr-2026-pass" }, from);
  await staffAccount("Counter 2", `c2${tag}@shop.example`, "modak-2026x", admin);
  tokens.COUNTER = await logIn({ email: `c2${tag}@shop.example`, password: "modak-2026x" }, "COUNTER", from);
  const gone = await staffAccount("Counter 7", `c7${tag}@shop.example`, "modak-2026x", admin);
  tokens.disabled = await logIn({ email: `c7${tag}@shop.example`, password: "modak-2026x" }, "COUNTER", from);
  expect((await call("POST", `/api/auth/staff/${gone}/disable`, bearer(admin))).status).toBe(200);
  targets.disable = await staffAccount("Counter 8", `c8${tag}@shop.example`, "modak-2026x", admin);
  targets.password = await staffAccount("Counter 9", `c9${tag}@shop.example`, "modak-2026x", admin);
  const saved = await call("PUT", `/api/payment/admin/festivals/${DAY_FESTIVAL}`, bearer(admin), dayFestival);
  expect(saved.status, saved.text).toBe(201);
}, 120_000);

interface Row {
  what: string;
  method: string;
  /** The path, made per caller where each needs a pass of its own (a mark or cash is once per pass). */
  path: (who: Who) => Promise<string> | string;
  body?: (who: Who) => unknown;
  expect: Record<Who, number>;
}

const counterOnly = (ok: number) => ({ none: 401, USER: 403, COUNTER: ok, ADMIN: ok, disabled: 401 });
const ownerOnly = (ok: number) => ({ none: 401, USER: 403, COUNTER: 403, ADMIN: ok, disabled: 401 });

/**
 * The role table: every counter route and the owner's staff routes, and a sample of the customer's and the owner's
 * routes, each called by each caller; the status each must answer. A disabled counter account's token is refused at
 * the gateway (401, its credential version raised: docs/security.md) whatever the route.
 */
const ROLE_TABLE: Row[] = [
  {
    what: "list the mornings a counter serves",
    method: "GET",
    path: () => "/api/payment/counter/mornings",
    expect: counterOnly(200),
  },
  {
    what: "look up a pass",
    method: "GET",
    path: async () => `/api/payment/counter/passes/${(await bookingWithPass("paid")).code}`,
    expect: counterOnly(200),
  },
  {
    what: "mark a pass collected",
    method: "POST",
    path: async () => `/api/payment/counter/passes/${(await bookingWithPass("paid")).code}/collected`,
    body: () => ({ markId: randomUUID() }),
    expect: counterOnly(200),
  },
  {
    what: "take a booking's cash",
    method: "POST",
    path: async () => `/api/payment/counter/passes/${(await bookingWithPass("cash")).code}/cash`,
    body: () => ({ markId: randomUUID() }),
    expect: counterOnly(200),
  },
  { what: "list counter accounts", method: "GET", path: () => "/api/auth/staff", expect: ownerOnly(200) },
  {
    what: "make a counter account",
    method: "POST",
    path: () => "/api/auth/staff",
    body: (who) => ({
      name: "Counter Made",
      email: `m${who.slice(0, 3).toLowerCase()}${tag}@shop.example`,
      password: "modak-2026x",
    }),
    expect: ownerOnly(201),
  },
  {
    what: "disable a counter account",
    method: "POST",
    path: () => `/api/auth/staff/${targets.disable}/disable`,
    expect: ownerOnly(200),
  },
  {
    what: "set a counter account's password",
    method: "POST",
    path: () => `/api/auth/staff/${targets.password}/password`,
    body: () => ({ newPassword: "barfi-2026x" }),
    expect: ownerOnly(200),
  },
  // The customer's routes: a counter account is nobody's customer.
  {
    what: "my orders",
    method: "GET",
    path: () => "/api/payment/order-status",
    expect: { none: 401, USER: 200, COUNTER: 403, ADMIN: 200, disabled: 401 },
  },
  {
    what: "my addresses",
    method: "GET",
    path: () => "/address/getall",
    expect: { none: 401, USER: 200, COUNTER: 403, ADMIN: 200, disabled: 401 },
  },
  {
    what: "the customer's info",
    method: "GET",
    path: () => `/api/auth/user/${encodeURIComponent(customerEmail)}`,
    expect: { none: 401, USER: 200, COUNTER: 403, ADMIN: 200, disabled: 401 },
  },
  {
    what: "check out",
    method: "POST",
    path: () => "/api/payment/create-order",
    body: () => ({}),
    expect: { none: 401, USER: 400, COUNTER: 403, ADMIN: 400, disabled: 401 },
  },
  // The owner's routes.
  { what: "the active orders", method: "GET", path: () => "/api/payment/orders", expect: ownerOnly(200) },
  { what: "the admin's info", method: "GET", path: () => "/api/auth/user", expect: ownerOnly(200) },
  { what: "the day's summary", method: "GET", path: () => "/api/payment/admin/summary", expect: ownerOnly(200) },
  { what: "the product admin", method: "GET", path: () => "/api/v1/admin/products", expect: ownerOnly(200) },
  // The month's GSTR-1 for the accountant (docs/business-buyers.md), answered by billing: the owner's alone.
  {
    what: "the month's GSTR-1 export",
    method: "GET",
    path: () => `/api/bill/admin/gstr1/${indiaDayKey(new Date()).slice(0, 7)}`,
    expect: ownerOnly(200),
  },
  {
    what: "one GSTR-1 section",
    method: "GET",
    path: () => `/api/bill/admin/gstr1/${indiaDayKey(new Date()).slice(0, 7)}/b2cs`,
    expect: ownerOnly(200),
  },
  // The on-call console's phone messages (docs/messaging.md), answered by notification.
  {
    what: "the phone messages",
    method: "GET",
    path: () => "/api/notify/admin/phone-messages",
    expect: ownerOnly(200),
  },
  // The owner's festival morning (docs/festivals.md, The festival's day): the owner's alone, never the counter's.
  {
    what: "a festival's day",
    method: "GET",
    path: () => `/api/payment/admin/festivals/${DAY_FESTIVAL}/days/${FESTIVAL_DAY}`,
    expect: ownerOnly(200),
  },
  {
    what: "close a festival's window",
    method: "PATCH",
    path: () => `/api/payment/admin/festivals/${DAY_FESTIVAL}/windows/0600`,
    // Only the owner's call changes it (from version 1), and it is the only one made at version 1 that passes.
    body: () => ({ version: 1, closed: true }),
    expect: ownerOnly(200),
  },
  {
    what: "move a festival booking",
    method: "POST",
    path: () => `/api/payment/admin/festivals/${DAY_FESTIVAL}/bookings/${Date.now()}${tag}/move`,
    body: () => ({ toWindowId: "0630" }),
    // The owner passes the role check and is told there is no such booking.
    expect: { none: 401, USER: 403, COUNTER: 403, ADMIN: 404, disabled: 401 },
  },
];

describe("who may call the counter's routes", () => {
  it("answers each caller of each route as the role table says", async () => {
    const answered: string[] = [];
    for (const row of ROLE_TABLE) {
      for (const who of WHO) {
        const path = await row.path(who);
        const answer = await call(row.method, path, bearer(tokens[who]), row.body?.(who));
        const expected = row.expect[who];
        answered.push(`${row.what} / ${who}: ${answer.status}`);
        if (expected >= 400) refused(`${row.what} by ${who}`, answer, [expected]);
        else expect(answer.status, `${row.what} by ${who}: ${answer.text.slice(0, 200)}`).toBe(expected);
      }
    }
    expect(answered).toHaveLength(ROLE_TABLE.length * WHO.length);
  }, 120_000);
});

describe("the counter under attack", () => {
  it("gives a counter token nothing of the owner's or of anyone's order, changing nothing", async () => {
    const { orderId, code } = await bookingWithPass("cash");
    const before = JSON.stringify(await orderOf(orderId));
    const counter = bearer(tokens.COUNTER);
    for (const [method, path, body] of [
      ["GET", `/api/payment/order/${orderId}`, undefined],
      ["GET", `/api/payment/cashfree-get/${orderId}`, undefined],
      ["POST", `/api/payment/order/${orderId}/cancel`, { reason: "other" }],
      ["GET", `/api/bill/${orderId}`, undefined],
      ["POST", `/api/payment/admin/order/${orderId}/cash-received`, {}],
      ["POST", `/api/payment/admin/order/${orderId}/cash-refused`, {}],
      ["POST", `/api/payment/admin/order/${orderId}/cancel`, { reason: "other" }],
      ["POST", `/api/payment/admin/order/${orderId}/refund`, { scope: "full" }],
      ["POST", "/api/payment/update-status", { orderId, orderStatus: "Delivered" }],
      ["GET", "/api/payment/admin/coupons", undefined],
      ["POST", "/api/payment/coupon", { code: "MODAK10", products: [] }],
      ["POST", "/api/ops/session", undefined],
      [
        "POST",
        "/api/auth/changePassword",
        { currentPassword: "modak-2026x", newPassword: "x-2026-abc", confirmPassword: "x-2026-abc" },
      ],
    ] as const) {
      refused(`a counter token: ${method} ${path}`, await call(method, path, counter, body), [403]);
    }
    unchanged(JSON.stringify(await orderOf(orderId)), before);
    expect((await passOf(code))?.collected).toBeUndefined();
  });

  it("refuses malformed codes, prototype names and made-up bodies, changing no pass", async () => {
    const { code } = await bookingWithPass("paid");
    const counter = bearer(tokens.COUNTER);
    for (const typed of [
      "__proto__",
      "constructor",
      "toString",
      "hasOwnProperty",
      "ACD-EF0",
      "ABC-DEF",
      "A".repeat(40),
      "%2e%2e",
      "ACD%00EF",
    ]) {
      refused(`the code ${typed}`, await call("GET", `/api/payment/counter/passes/${typed}`, counter), [400, 404]);
    }
    for (const query of ["?festivalId[__proto__]=x", "?day=__proto__", "?festivalId=../x", "?day=2026-13-40"]) {
      refused(`the query ${query}`, await call("GET", `/api/payment/counter/passes/${code}${query}`, counter), [400]);
    }
    for (const body of [
      {},
      { markId: { $ne: null } },
      { markId: "1" },
      { markId: randomUUID(), collected: { at: "2026-09-14T00:00:00Z", by: "Owner" } },
      '{"__proto__":{"markId":"x"}}',
      "not json",
    ]) {
      refused(
        `a mark of ${JSON.stringify(body).slice(0, 60)}`,
        await call("POST", `/api/payment/counter/passes/${code}/collected`, counter, body),
        [400],
      );
    }
    unchanged((await passOf(code))?.collected, undefined);
  });

  it("refuses another festival's or day's pass in words the staff can say, marking nothing", async () => {
    const { code } = await bookingWithPass("paid", { ...FESTIVAL, festivalId: "diwali-2026", day: "2026-11-08" });
    const counter = bearer(tokens.COUNTER);
    const otherFestival = await call("GET", `/api/payment/counter/passes/${code}?festivalId=ganeshotsav-2026`, counter);
    refused("another festival's pass", otherFestival, [409]);
    const otherDay = await call(
      "POST",
      `/api/payment/counter/passes/${code}/collected?festivalId=diwali-2026&day=2026-11-09`,
      counter,
      { markId: randomUUID() },
    );
    refused("another day's pass", otherDay, [409]);
    expect(JSON.parse(otherDay.text).message).toMatch(/^This pass is for 2026-11-08/);
    unchanged((await passOf(code))?.collected, undefined);
  });

  it("stops a staff account guessing codes after 30 unknown ones, whatever code it tries next", async () => {
    const admin = tokens.ADMIN as string;
    await staffAccount("Counter 5", `c5${tag}@shop.example`, "modak-2026x", admin);
    const guesser = bearer(await logIn({ email: `c5${tag}@shop.example`, password: "modak-2026x" }, "COUNTER", from));
    const { code } = await bookingWithPass("paid");
    const alphabet = "ACDEFGHJKMNPQRTUVWXY3467";
    // Random codes: one of 191 million naming a pass of this run is not to be expected.
    for (let i = 0; i < 30; i++) {
      const guess = Array.from({ length: 6 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
      const typed = i % 2 ? `${guess.slice(0, 3)}-${guess.slice(3)}` : guess.toLowerCase();
      refused(`unknown code ${i}`, await call("GET", `/api/payment/counter/passes/${typed}`, guesser), [404]);
    }
    const blocked = await call("GET", `/api/payment/counter/passes/${code}`, guesser);
    refused("the known code after 30 unknown", blocked, [429]);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // The other staff are not held back by it.
    expect((await call("GET", `/api/payment/counter/passes/${code}`, bearer(tokens.COUNTER))).status).toBe(200);
  });
});
