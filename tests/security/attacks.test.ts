import { createHmac } from "node:crypto";
import { maildev } from "@storefront/testing";
import jwt from "jsonwebtoken";
import type { Db } from "mongodb";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { type Answer, gzipBomb, json, send, sendRaw } from "./attack.js";
import { attackSuite } from "./attack-suite.js";
import "./shop-context.js";
import { addresses, emailProof, newCustomer, shop } from "./shop-visitor.js";

/**
 * The attack suite: bad inputs a credential-stuffing, mail-bombing or snooping client would send first, against the
 * running shop (the gateway in front of every service, as the browser journeys run it). Each one must be refused
 * (its status, the spec's error shape, no stack or internals) AND change nothing: no mail, no row, no account moved.
 * It prints "security: N bad inputs tried, N refused, 0 changed anything" (and test.sh repeats it at the end).
 */

const { tag, tally, unchanged, identityDb, catalogueDb, ordersDb } = attackSuite("attacks", "sec");
const victim = {
  email: `victim${tag}@example.in`,
  password: "victim-pass-1",
  token: "",
  id: "",
  addressId: "",
  orderId: `${Date.now()}victim${tag}`.slice(0, 40),
};
const attacker = {
  email: `attacker${tag}@example.in`,
  password: "attacker-pass-1",
  token: "",
  proof: "",
  signupProof: "",
};
// The development secret every local run uses (public in libs/config); forging with it is what an insider could do,
// so an expired token is signed with it. Anything else is signed with a secret the shop does not know.
const DEV_SECRET = "dev-only-jwt-secret-change-me";
const ISSUER = "storefront-identity";

// The sandbox provider's secret in the browser tests' shop (web/e2e/global-setup.ts): a signature made with it is
// Cashfree-valid, so only its age can be wrong.
const SANDBOX_SECRET = "e2e-sandbox-secret";
/** Every attack comes from an address of its own, so no attack is refused only because an earlier one was counted. */
const from = addresses("198.51.100");

async function countMail(): Promise<number> {
  const emails = await maildev.all();
  const ours = (address: string) => address.includes(tag) || address === inject("shopEmail");
  return emails.filter((email) => email.to.some((to) => ours(to.address))).length;
}

/** What must not move: mails to this suite's addresses, rows of every collection an attack could write, the victim. */
async function snapshot() {
  const count = (db: Db, name: string) => db.collection(name).countDocuments();
  return {
    mails: await countMail(),
    users: await count(identityDb, "users"),
    challenges: await count(identityDb, "otp_challenges"),
    resets: await count(identityDb, "password_resets"),
    addresses: await count(identityDb, "addresses"),
    enquiries: await count(catalogueDb, "enquiries"),
    victim: await identityDb
      .collection("users")
      .findOne(
        { email: victim.email },
        { projection: { outbox: 0, outboxPending: 0, outboxLease: 0, outboxLeaseOwner: 0 } },
      ),
    victimAddresses: await identityDb.collection("addresses").find({ customerId: victim.id }).toArray(),
    orders: await count(ordersDb, "orders"),
    settlements: await count(ordersDb, "settlements"),
    failedPayments: await count(ordersDb, "failed_payments"),
    victimOrder: await ordersDb
      .collection("orders")
      .findOne(
        { _id: victim.orderId as never },
        { projection: { outbox: 0, outboxPending: 0, outboxLease: 0, outboxLeaseOwner: 0 } },
      ),
  };
}

beforeAll(async () => {
  victim.token = await newCustomer(victim, from);
  attacker.token = await newCustomer(attacker, from);
  // A GUEST proof of another email: proof of a mailbox, never a login.
  attacker.proof = await emailProof(`guest${tag}@example.in`, "guest", from);
  // A sign-up proof of a new email: the one kind of proof sign-up takes.
  attacker.signupProof = await emailProof(`newbie${tag}@example.in`, "signup", from);
  const user = await identityDb.collection<{ _id: string; email: string }>("users").findOne({ email: victim.email });
  victim.id = user!._id;
  const address = await identityDb.collection<{ _id: string }>("addresses").findOne({ customerId: victim.id });
  victim.addressId = address!._id;
  const ordered = await post("/api/payment/cashfree-order", orderRequest(victim.orderId, victim.email), () =>
    bearer(victim.token),
  )();
  expect(ordered.status, ordered.text).toBe(200);
}, 90_000);

interface Attack {
  name: string;
  run: () => Promise<Answer>;
  /** The statuses that count as refused. */
  refusedWith: number[];
  /** Whether the answer must be the spec's JSON error (not for a static file that simply is not there). */
  errorShape?: boolean;
  /** Extra check of the answer (a header that must be absent, a file that must not leak). */
  also?: (answer: Answer) => void;
}

type Lazy<T> = T | (() => T);
const resolve = <T>(value: Lazy<T>): T => (typeof value === "function" ? (value as () => T)() : value);
// Bodies and headers may be given lazily: the attacks are listed before beforeAll has made the accounts they name.
const post =
  (path: string, body: Lazy<unknown>, headers: Lazy<Record<string, string>> = {}) =>
  () => {
    const value = resolve(body);
    return send(shop(), "POST", path, {
      headers: { ...from(), "content-type": "application/json", ...resolve(headers) },
      body: typeof value === "string" ? value : json(value),
    });
  };
const get =
  (path: string, headers: Lazy<Record<string, string>> = {}) =>
  () =>
    send(shop(), "GET", path, { headers: { ...from(), ...resolve(headers) } });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const orderRequest = (orderId: string, email: string, quantity = 2) => ({
  orderId,
  customerName: "Attacker Person",
  customerEmail: email,
  mobile: "9876543210",
  products: [{ productId: "ukadiche-modak", selectedWeight: "250 Gram", selectedQuantity: quantity }],
  shippingAddress: "Flat 4, Sai Krupa Society, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001",
  amount: 1,
});
/** A payment webhook as Cashfree signs it, for the victim's order, signed with `secret` at `timestamp`. */
const cashfreeWebhook = (secret: string, timestamp: number) => () => {
  const body = json({
    type: "PAYMENT_SUCCESS_WEBHOOK",
    data: {
      order: { order_id: victim.orderId, order_amount: 1 },
      payment: { cf_payment_id: `forged-${timestamp}`, payment_status: "SUCCESS", payment_amount: 99999 },
    },
  });
  const signature = createHmac("sha256", secret).update(String(timestamp)).update(body).digest("base64");
  return send(shop(), "POST", "/api/payment/webhooks/cashfree", {
    headers: {
      ...from(),
      "content-type": "application/json",
      "x-webhook-signature": signature,
      "x-webhook-timestamp": String(timestamp),
    },
    body,
  });
};
const asAttacker = () => bearer(attacker.token);
const withProof = () => bearer(attacker.proof);

const LIMITED = [
  "/api/auth/login",
  "/api/auth/signup",
  "/api/auth/forgotPassword",
  "/api/auth/resetPassword",
  "/api/v1/otp/send",
  "/api/v1/otp/validate",
  "/api/v1/enquiry",
];
const variants = (path: string): Array<[string, string]> => [
  ["trailing slash", `${path}/`],
  [
    "other case",
    path.replace(/\/([a-z])([a-zA-Z]*)$/, (_m, first: string, rest: string) => `/${first.toUpperCase()}${rest}`),
  ],
  ["double slash", path.replace("/api/", "/api//")],
  [";x", `${path};x`],
  ["percent-encoded letter", path.replace(/([a-z])$/, (letter) => `%${letter.charCodeAt(0).toString(16)}`)],
];

const tokens = () => {
  const now = Math.floor(Date.now() / 1000);
  const claims = { email: victim.email, role: "ADMIN" };
  const options = { issuer: ISSUER, audience: "storefront-api", subject: victim.id };
  const header = Buffer.from(json({ alg: "none", typ: "JWT" })).toString("base64url");
  const payload = Buffer.from(
    json({ ...claims, sub: victim.id, iss: ISSUER, aud: "storefront-api", exp: now + 600 }),
  ).toString("base64url");
  return {
    forged: jwt.sign({ ...claims }, "not-the-shops-secret-0123456789", { ...options, expiresIn: 600 }),
    expired: jwt.sign({ ...claims, exp: now - 60 }, DEV_SECRET, options),
    "alg none": `${header}.${payload}.`,
    "GUEST proof": attacker.proof,
  };
};

const PROTECTED: Array<[string, (token: string) => () => Promise<Answer>]> = [
  ["saved addresses", (token) => get("/address/getall", bearer(token))],
  ["the victim's info", (token) => get(`/api/auth/user/${encodeURIComponent(victim.email)}`, bearer(token))],
  [
    "a profile update",
    (token) => post("/api/auth/update", { username: "Hijacked Name", mobile: "9000000000" }, bearer(token)),
  ],
  ["the admin info", (token) => get("/api/auth/user", bearer(token))],
];

function attacks(): Attack[] {
  const list: Attack[] = [];
  for (const path of LIMITED) {
    for (const [kind, variant] of variants(path)) {
      list.push({
        name: `${kind} of POST ${path}: ${variant}`,
        run: post(variant, { email: victim.email, password: "guess-1234" }),
        refusedWith: [400, 404],
      });
    }
  }
  const operators: Array<[string, () => Promise<Answer>, number[]]> = [
    [
      "login with {$gt:''} as email",
      post("/api/auth/login", { email: { $gt: "" }, password: "x", userType: "USER" }),
      [400],
    ],
    [
      "login with {$gt:''} as password",
      post("/api/auth/login", { email: victim.email, password: { $gt: "" }, userType: "USER" }),
      [400],
    ],
    [
      "login with {$ne:'USER'} as userType",
      post("/api/auth/login", { email: victim.email, password: victim.password, userType: { $ne: "USER" } }),
      [400],
    ],
    [
      "login with __proto__.role ADMIN",
      post(
        "/api/auth/login",
        () => `{"email":"${victim.email}","password":"wrong-one-1","userType":"USER","__proto__":{"role":"ADMIN"}}`,
      ),
      [401],
    ],
    ["forgotPassword with {$gt:''}", post("/api/auth/forgotPassword", { email: { $gt: "" } }), [400]],
    ["forgotPassword with {$regex:'.*'}", post("/api/auth/forgotPassword", { email: { $regex: ".*" } }), [400]],
    [
      "resetPassword with {$ne:null} as token",
      post("/api/auth/resetPassword", {
        token: { $ne: null },
        newPassword: "owned-12345",
        confirmPassword: "owned-12345",
      }),
      [400],
    ],
    [
      "signup with operators under a real proof",
      post(
        "/api/auth/signup",
        { username: { $gt: "" }, email: `newbie${tag}@example.in`, password: "x1234567", mobile: "9876543210" },
        () => bearer(attacker.signupProof),
      ),
      [400],
    ],
    ["otp/send with email[$gt]", post("/api/v1/otp/send?email[$gt]=&selectedOption=signup", ""), [400]],
    [
      "otp/send with selectedOption[$ne]",
      post(`/api/v1/otp/send?email=${encodeURIComponent(victim.email)}&selectedOption[$ne]=x`, ""),
      [400],
    ],
    [
      "otp/validate with otp[$gt]",
      post(`/api/v1/otp/validate?email=${encodeURIComponent(victim.email)}&otp[$gt]=`, ""),
      [400],
    ],
    ["otp/validate with email[$ne]", post("/api/v1/otp/validate?email[$ne]=x&otp=123456", ""), [400]],
    ["checkemail with an operator as the email", get("/api/auth/checkemail/%7B%22%24gt%22%3A%22%22%7D"), [400]],
    ["another user's info by an operator path", get("/api/auth/user/%7B%24ne%3Anull%7D", asAttacker), [400]],
    [
      "address upsert with {$ne:null} as addressId",
      post("/address/upsert", { addressId: { $ne: null }, addressType: "Home" }, asAttacker),
      [400],
    ],
    [
      "address upsert with __proto__.customerId",
      post("/address/upsert", () => `{"addressType":"","__proto__":{"customerId":"${victim.id}"}}`, asAttacker),
      [400],
    ],
    [
      "profile update with {$gt:''}",
      post("/api/auth/update", { username: { $gt: "" }, mobile: "9876543210" }, asAttacker),
      [400],
    ],
    [
      "enquiry with {$gt:''} as name",
      post("/api/v1/enquiry", { name: { $gt: "" }, mobile: "9876543210", message: "hi" }),
      [400],
    ],
    [
      "enquiry with __proto__ and no name",
      post("/api/v1/enquiry", '{"__proto__":{"isAdmin":true},"mobile":"9876543210","message":"hi"}'),
      [400],
    ],
    [
      "changePassword form with currentPassword[$gt]",
      () =>
        send(shop(), "POST", "/api/auth/changePassword", {
          headers: { ...from(), ...asAttacker(), "content-type": "application/x-www-form-urlencoded" },
          body: "currentPassword[$gt]=&newPassword=owned-12345&confirmPassword=owned-12345",
        }),
      [400],
    ],
  ];
  for (const [name, run, refusedWith] of operators) list.push({ name, run, refusedWith });

  const big = json({ email: victim.email, password: "x".repeat(200 * 1024) });
  list.push(
    { name: "a 200 KB login body", run: post("/api/auth/login", big), refusedWith: [413] },
    {
      name: "a 200 KB chunked enquiry body",
      run: () =>
        send(shop(), "POST", "/api/v1/enquiry", {
          headers: { ...from(), "content-type": "application/json" },
          body: big,
          chunked: true,
        }),
      refusedWith: [413],
    },
    {
      name: "a gzip bomb to login",
      run: () =>
        send(shop(), "POST", "/api/auth/login", {
          headers: { ...from(), "content-type": "application/json", "content-encoding": "gzip" },
          body: gzipBomb(),
        }),
      refusedWith: [413, 415],
    },
    {
      name: "malformed JSON to login",
      run: post("/api/auth/login", '{"email": "a@b.in", "password":'),
      refusedWith: [400],
    },
    {
      name: "Content-Length with Transfer-Encoding (smuggling)",
      run: () =>
        sendRaw(
          shop(),
          `POST /api/auth/forgotPassword HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\nPOST /api/auth/forgotPassword HTTP/1.1\r\nHost: shop\r\n\r\n`,
        ),
      refusedWith: [400],
      errorShape: false,
    },
  );

  const noLeak = (answer: Answer) => {
    expect(answer.text).not.toMatch(/"workspaces"|root:x:0:0|"devDependencies"/);
  };
  list.push(
    {
      // The SPA's history fallback may answer index.html (200) for a path that is no file: what matters is no leak.
      name: "static traversal to package.json",
      run: get("/assets/..%2f..%2fpackage.json"),
      refusedWith: [200, 400, 404],
      errorShape: false,
      also: noLeak,
    },
    {
      name: "static traversal to /etc/passwd",
      run: get("/%2e%2e/%2e%2e/%2e%2e/etc/passwd"),
      refusedWith: [200, 400, 404],
      errorShape: false,
      also: noLeak,
    },
    {
      name: "API traversal into /internal",
      run: get("/api/v1/products/%2e%2e/%2e%2e/internal/v1/prices"),
      refusedWith: [400],
    },
    {
      name: "address traversal into /internal",
      run: get("/address/..%2f..%2finternal/v1/prices"),
      refusedWith: [400, 404],
    },
    {
      name: "POST /internal/v1/prices from outside",
      run: post("/internal/v1/prices", { lines: [] }),
      refusedWith: [404],
    },
  );

  const noCors = (answer: Answer) => expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
  list.push(
    ...(
      [
        ["preflight from a hostile Origin", "https://evil.example"],
        ["preflight from Origin null", "null"],
      ] as const
    ).map(([name, origin]) => ({
      name,
      run: () =>
        send(shop(), "OPTIONS", "/api/auth/login", {
          headers: { ...from(), origin, "access-control-request-method": "POST" },
        }),
      refusedWith: [204, 404],
      errorShape: false,
      also: noCors,
    })),
    {
      name: "login from a hostile Origin",
      run: post(
        "/api/auth/login",
        { email: victim.email, password: "wrong-guess-1", userType: "USER" },
        { origin: "https://evil.example" },
      ),
      refusedWith: [401],
      also: noCors,
    },
  );

  for (const [route, call] of PROTECTED) {
    for (const kind of ["forged", "expired", "alg none", "GUEST proof"] as const) {
      list.push({ name: `${kind} token on ${route}`, run: () => call(tokens()[kind])(), refusedWith: [401] });
    }
  }
  list.push(
    {
      name: "a USER token on the admin info",
      run: () => get("/api/auth/user", bearer(attacker.token))(),
      refusedWith: [403],
    },
    {
      name: "a USER token on another customer's info",
      run: () => get(`/api/auth/user/${encodeURIComponent(victim.email)}`, bearer(attacker.token))(),
      refusedWith: [403],
    },
    {
      name: "another customer's address, read",
      run: () => get(`/address/get/${victim.addressId}`, bearer(attacker.token))(),
      refusedWith: [404],
    },
    {
      name: "another customer's address, overwritten",
      run: () =>
        post(
          "/address/upsert",
          {
            addressId: victim.addressId,
            addressType: "Stolen",
            contactPerson: "Attacker Person",
            email: attacker.email,
            phone: "9876543210",
            addressLine1: "Somewhere else 12",
            state: "Maharashtra",
            district: "Pune",
            city: "Pune City",
            pincode: "411001",
            area: "Ghorpuri Bazar",
          },
          bearer(attacker.token),
        )(),
      refusedWith: [404],
    },
    {
      name: "another customer's address, deleted",
      run: () =>
        send(shop(), "DELETE", `/address/delete/${victim.addressId}`, {
          headers: { ...from(), ...bearer(attacker.token) },
        }),
      refusedWith: [404],
    },
  );

  // Orders and payments: another customer's order is not there for you; the provider's word needs its signature.
  const victimOrder = () => victim.orderId;
  list.push(
    {
      name: "another customer's order, read",
      run: () => get(`/api/payment/cashfree-get/${victimOrder()}`, asAttacker)(),
      refusedWith: [404],
    },
    {
      name: "another customer's order, read on the first flow's path",
      run: () => get(`/api/payment/order/${victimOrder()}`, asAttacker)(),
      refusedWith: [404],
    },
    {
      name: "another email's order, read with a guest's proof",
      run: () => get(`/api/payment/cashfree-get/${victimOrder()}`, withProof)(),
      refusedWith: [404],
    },
    {
      name: "another customer's order, verified",
      run: () => get(`/api/payment/cashfree-verify/${victimOrder()}`, asAttacker)(),
      refusedWith: [404],
    },
    {
      name: "another customer's order id, taken for a new checkout",
      run: () => post("/api/payment/cashfree-order", () => orderRequest(victimOrder(), attacker.email), asAttacker)(),
      refusedWith: [409],
    },
    {
      name: "an order of 11 units of one product",
      run: () =>
        post(
          "/api/payment/cashfree-order",
          () => orderRequest(`${victimOrder()}x11`, attacker.email, 11),
          asAttacker,
        )(),
      refusedWith: [400],
    },
    {
      name: "an order without a token",
      run: post("/api/payment/cashfree-order", () => orderRequest(`${victimOrder()}anon`, attacker.email)),
      refusedWith: [401],
    },
    {
      name: "an order id with characters a provider refuses",
      run: () => post("/api/payment/cashfree-order", () => orderRequest("1732<script>", attacker.email), asAttacker)(),
      refusedWith: [400],
    },
    {
      name: "an order to a 20-character address",
      run: () =>
        post(
          "/api/payment/cashfree-order",
          () => ({ ...orderRequest(`${victimOrder()}addr`, attacker.email), shippingAddress: "Pune 411001, India." }),
          asAttacker,
        )(),
      refusedWith: [400],
    },
    {
      name: "a guest paying as another email than the one proven",
      run: () =>
        post("/api/payment/cashfree-order", () => orderRequest(`${victimOrder()}g`, victim.email), withProof)(),
      refusedWith: [403],
    },
    {
      name: "a payment webhook with a forged signature",
      run: () => cashfreeWebhook("not-the-providers-secret", Date.now())(),
      refusedWith: [401],
    },
    {
      name: "a correctly signed payment webhook replayed 10 minutes later",
      run: () => cashfreeWebhook(SANDBOX_SECRET, Date.now() - 10 * 60_000)(),
      refusedWith: [401],
    },
    {
      name: "a Razorpay webhook where Razorpay is not configured",
      run: post(
        "/api/payment/webhooks/razorpay",
        { event: "payment.captured", payload: {} },
        {
          "x-razorpay-signature": "0".repeat(64),
        },
      ),
      refusedWith: [401],
    },
    {
      name: "a card-provider verify of another customer's order",
      run: () =>
        post(
          "/api/payment/verify",
          () => ({
            razorpay_payment_id: "pay_29QQoUBi66xm2f",
            razorpay_signature: "a".repeat(64),
            receipt: victimOrder(),
          }),
          asAttacker,
        )(),
      refusedWith: [404],
    },
    {
      name: "a USER token on the admin's orders",
      run: () => get("/api/payment/orders", asAttacker)(),
      refusedWith: [403],
    },
    {
      name: "a USER token on the admin's status update",
      run: () =>
        post("/api/payment/update-status", () => ({ orderId: victimOrder(), orderStatus: "Delivered" }), asAttacker)(),
      refusedWith: [403],
    },
    {
      name: "a guest's proof on the admin's orders",
      run: () => get("/api/payment/orders", withProof)(),
      refusedWith: [401],
    },
  );
  return list;
}

// Built once the names are known; the closures read the accounts made in beforeAll.
const ATTACKS = attacks();

describe("the attack suite", () => {
  it("tries at least 60 bad inputs", () => {
    expect(ATTACKS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(ATTACKS.map((attack) => [attack.name, attack] as const))(
    "refuses %s and changes nothing",
    async (_name, attack) => {
      tally.tried++;
      const before = await snapshot();
      const answer = await attack.run();
      expect(attack.refusedWith, `${attack.name}: ${answer.status} ${answer.text.slice(0, 200)}`).toContain(
        answer.status,
      );
      if (attack.errorShape !== false && answer.status !== 204) {
        const body = JSON.parse(answer.text) as Record<string, unknown>;
        expect(body).toMatchObject({
          status: answer.status,
          code: expect.any(String),
          message: expect.any(String),
          requestId: expect.any(String),
        });
      }
      expect(answer.text).not.toMatch(/\bat \S+ \(|node_modules|\/work\/|\/app\/|stack|MongoServerError|E11000/);
      attack.also?.(answer);
      tally.refused++;
      // Give an accidental write's event the time to become a mail before looking.
      await new Promise((resolve) => setTimeout(resolve, 100));
      unchanged(await snapshot(), before);
    },
  );

  it("mails a reset link on PUBLIC_URL whatever Host and X-Forwarded-Host the request claims", async () => {
    tally.tried++;
    const before = (await countMail()) - 0;
    const answer = await send(shop(), "POST", "/api/auth/forgotPassword", {
      headers: {
        ...from(),
        host: "evil.example",
        "x-forwarded-host": "evil.example",
        "content-type": "application/json",
      },
      body: json({ email: victim.email }),
    });
    expect(answer.status).toBe(200);
    const mail = await maildev.latestTo(victim.email, /^Reset your /, 0);
    const link = /(https?:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(mail.text)?.[1] ?? "";
    expect(link.startsWith(`${shop()}/reset-password?token=`)).toBe(true);
    expect(mail.text).not.toContain("evil.example");
    expect(await countMail()).toBe(before + 1);
    tally.refused++;
  });
});
