import { eventually, maildev } from "@storefront/testing";
import { describe, expect, it } from "vitest";
import { type Answer, send } from "./attack.js";
import { attackSuite } from "./attack-suite.js";
import "./shop-context.js";
import { ADMIN, addresses, emailProof, logIn, newCustomer, shop, shopCaller } from "./shop-visitor.js";

/**
 * Money and accounts under attack (docs/security.md): a paid order that could never settle, password guessing
 * through changePassword, tokens that outlive their password, the console's cookie, mail caps a stranger could spend,
 * unpaid orders without end, an OTP proof used for what it was not asked for, a client's request id, caching. Each
 * case was found getting through and failed on the code before its fix. Every bad input counts in the suite's tally.
 */

const { tag, tally, refused, ordersDb, identityDb } = attackSuite("accounts-and-money", "acct");
const from = addresses("203.0.113");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const call = shopCaller(from);

let orderCount = 0;
const newOrderId = () => `${Date.now()}${tag}${String(orderCount++).padStart(3, "0")}`.slice(0, 40);
const orderRequest = (orderId: string, email: string, shippingAddress: string) => ({
  orderId,
  customerName: "Sec Tester",
  customerEmail: email,
  mobile: "9876543210",
  products: [{ productId: "ukadiche-modak", selectedWeight: "250 Gram", selectedQuantity: 1 }],
  shippingAddress,
  amount: 1,
});
const ADDRESS_IN = (state: string) => `Flat 4, Sai Krupa Society, Pune City, Ghorpuri Bazar, Pune, ${state}-411001`;
/** A checkout's first step (create-order) for `email`, to Pune in Maharashtra, with the caller's headers. */
const checkout = (headers: Record<string, string>, email: string, orderId = newOrderId()) =>
  call("POST", "/api/payment/cashfree-order", headers, orderRequest(orderId, email, ADDRESS_IN("Maharashtra")));

/** Pays an order in the payment sandbox's hosted page, as the shopper would. */
async function pay(paymentSessionId: string): Promise<void> {
  const settings = JSON.parse((await call("GET", "/api/payment/get-key")).text) as { checkoutUrl: string };
  const paid = await fetch(`${settings.checkoutUrl}/checkout/${paymentSessionId}/pay`, { method: "POST" });
  expect(paid.ok).toBe(true);
}

describe("a paid order can never get stuck", () => {
  it("refuses at create-order an address whose state is a member of Object.prototype", async () => {
    const token = await newCustomer({ email: `proto${tag}@example.in`, password: "proto-pass-12" }, from);
    for (const state of [
      "toString",
      "constructor",
      "__proto__",
      "hasOwnProperty",
      "valueOf",
      "isPrototypeOf",
      "propertyIsEnumerable",
      "toLocaleString",
    ]) {
      const orderId = newOrderId();
      const answer = await call(
        "POST",
        "/api/payment/cashfree-order",
        bearer(token),
        orderRequest(orderId, `proto${tag}@example.in`, `Flat 4, Sai Krupa Society, Pune City, Wai, ${state}-412803`),
      );
      refused(`an order to the state ${state}`, answer, [400]);
      expect(await ordersDb.collection("orders").findOne({ _id: orderId as never })).toBeNull();
    }
  });

  it("pays an order whose address was built to break settlement: refused at creation, or PAID with its invoice and mail", async () => {
    const email = `settle${tag}@example.in`;
    const token = await newCustomer({ email, password: "settle-pass-1" }, from);
    const outcomes: string[] = [];
    for (const address of [ADDRESS_IN("toString"), ADDRESS_IN("__proto__"), ADDRESS_IN("Maharashtra")]) {
      const orderId = newOrderId();
      const created = await call(
        "POST",
        "/api/payment/cashfree-order",
        bearer(token),
        orderRequest(orderId, email, address),
      );
      if (created.status === 400) {
        expect(await ordersDb.collection("orders").findOne({ _id: orderId as never })).toBeNull();
        outcomes.push("refused");
        continue;
      }
      expect(created.status, created.text).toBe(200);
      await pay((JSON.parse(created.text) as { paymentSessionId: string }).paymentSessionId);
      const verified = await eventually(
        async () => {
          const answer = await call("GET", `/api/payment/cashfree-verify/${orderId}`, bearer(token));
          const body = JSON.parse(answer.text) as { message: string; paymentStatus?: string };
          return body.message === "Payment verified" && body;
        },
        { what: `order ${orderId} verified`, timeoutMs: 20_000, intervalMs: 300 },
      );
      expect(verified.message).toBe("Payment verified");
      const receipt = await eventually(
        async () => {
          const answer = await fetch(`${shop()}/api/bill/${orderId}`, { headers: bearer(token) });
          return answer.status === 200 && answer;
        },
        { what: `the invoice of ${orderId}`, timeoutMs: 20_000, intervalMs: 300 },
      );
      expect(receipt.headers.get("content-type")).toContain("application/pdf");
      expect((await maildev.latestTo(email, new RegExp(`order ${orderId} is confirmed`))).subject).toContain(orderId);
      outcomes.push("paid");
    }
    expect(outcomes).toEqual(["refused", "refused", "paid"]);
  });
});

describe("passwords cannot be guessed through any door", () => {
  it("counts wrong current passwords at changePassword with failed logins, and stops the right one once blocked", async () => {
    const email = `guessed${tag}@example.in`;
    const token = await newCustomer({ email, password: "guessed-pass-1" }, from);
    const change = (currentPassword: string, headers: Record<string, string> = from()) =>
      send(shop(), "POST", "/api/auth/changePassword", {
        headers: { ...headers, ...bearer(token), "content-type": "application/x-www-form-urlencoded" },
        body: `currentPassword=${encodeURIComponent(currentPassword)}&newPassword=owned-12345&confirmPassword=owned-12345`,
      });
    // From one address: the gateway's rule stops the sixth try.
    const one = from();
    for (let attempt = 1; attempt <= 6; attempt++) {
      const answer = await change(`wrong-guess-${attempt}`, one);
      refused(`guess ${attempt} from one address`, answer, attempt <= 5 ? [400] : [429]);
    }
    // From many addresses: the account's own limit (failed logins per email) stops them all, the right one too.
    let blocked = false;
    for (let attempt = 1; attempt <= 20 && !blocked; attempt++) {
      const answer = await change(`another-guess-${attempt}`);
      refused(`guess ${attempt} from address ${attempt}`, answer, [400, 429]);
      blocked = answer.status === 429;
    }
    expect(blocked).toBe(true);
    refused("the right password while the account is blocked", await change("guessed-pass-1"), [429]);
    // Nothing was changed: the password's credential version never moved.
    const account = await identityDb.collection("users").findOne({ email });
    expect(account?.credentialVersion).toBeUndefined();
  });
});

describe("a token dies with its password", () => {
  const PROTECTED = (email: string): Array<[string, string, unknown?]> => [
    ["GET", `/api/auth/user/${encodeURIComponent(email)}`],
    ["GET", "/address/getall"],
    ["GET", "/api/payment/cashfree-get/order-status"],
    ["POST", "/api/auth/update", { username: "Hijacked Name", mobile: "9000000000" }],
  ];

  it("ends every older token when the password is changed, and again when it is reset", async () => {
    const email = `changer${tag}@example.in`;
    await newCustomer({ email, password: "first-pass-12" }, from);
    const [phone, laptop] = [
      await logIn({ email, password: "first-pass-12" }, "USER", from),
      await logIn({ email, password: "first-pass-12" }, "USER", from),
    ];

    const changed = await send(shop(), "POST", "/api/auth/changePassword", {
      headers: { ...from(), ...bearer(laptop), "content-type": "application/x-www-form-urlencoded" },
      body: "currentPassword=first-pass-12&newPassword=second-pass-12&confirmPassword=second-pass-12",
    });
    expect(changed.status, changed.text).toBe(200);
    const fresh = (JSON.parse(changed.text) as { access_token: string }).access_token;
    for (const [device, token] of [
      ["phone", phone],
      ["laptop", laptop],
    ] as const) {
      for (const [method, path, body] of PROTECTED(email)) {
        refused(
          `the ${device}'s token after a change, ${method} ${path}`,
          await call(method, path, bearer(token), body),
          [401],
        );
      }
    }
    expect((await call("GET", `/api/auth/user/${encodeURIComponent(email)}`, bearer(fresh))).status).toBe(200);

    const asked = await call("POST", "/api/auth/forgotPassword", {}, { email });
    expect(asked.status, asked.text).toBe(200);
    const link = /reset-password\?token=([\w-]+)/.exec((await maildev.latestTo(email, /^Reset your /)).text)?.[1];
    const reset = await call(
      "POST",
      "/api/auth/resetPassword",
      {},
      { token: link, newPassword: "third-pass-123", confirmPassword: "third-pass-123" },
    );
    expect(reset.status, reset.text).toBe(200);
    for (const [method, path, body] of PROTECTED(email)) {
      refused(`the fresh token after a reset, ${method} ${path}`, await call(method, path, bearer(fresh), body), [401]);
    }
    const after = await logIn({ email, password: "third-pass-123" }, "USER", from);
    expect((await call("GET", `/api/auth/user/${encodeURIComponent(email)}`, bearer(after))).status).toBe(200);
  });
});

describe("the on-call console has a session of its own", () => {
  it("keeps no token in its cookie, ends it at sign-out, and lets bull-board only look and retry", async () => {
    const admin = await logIn(ADMIN, "ADMIN", from);
    const board = (method: string, path: string, headers: Record<string, string>) =>
      send(shop(), method, `/ops/queues${path}`, {
        headers: { ...from(), origin: shop(), "content-type": "application/json", ...headers },
        ...(method === "GET" ? {} : { body: "{}" }),
      });
    refused(
      "the admin's token as the console cookie",
      await board("GET", "/api/queues", { cookie: `storefront_ops=${admin}` }),
      [401],
    );
    const session = await call("POST", "/api/ops/session", bearer(admin));
    expect(session.status).toBe(204);
    const setCookie = String(session.headers["set-cookie"] ?? "");
    expect(setCookie).not.toContain(admin.split(".")[1]);
    expect(setCookie).toMatch(/Max-Age=1800/);
    const cookie = setCookie.split(";")[0] ?? "";
    expect((await board("GET", "/api/queues", { cookie })).status).toBe(200);
    for (const [method, path] of [
      ["PUT", "/api/queues/payment-reconciliation/obliterate"],
      ["PUT", "/api/queues/payment-reconciliation/pause"],
      ["PUT", "/api/queues/payment-reconciliation/empty"],
      ["PUT", "/api/queues/payment-reconciliation/clean/completed"],
      ["POST", "/api/queues/payment-reconciliation/add"],
      ["PUT", "/api/queues/pause"],
    ]) {
      refused(
        `bull-board ${method} ${path} with the console's session`,
        await board(method!, path!, { cookie }),
        [405],
      );
    }
    // What the SPA's sign-out calls: the session ends at once.
    expect((await call("DELETE", "/api/ops/session", bearer(admin))).status).toBe(204);
    refused("the console cookie after sign-out", await board("GET", "/api/queues", { cookie }), [401]);
  });
});

describe("a stranger cannot lock a customer out", () => {
  it("counts reset mails per email and client network, under a higher ceiling per email", async () => {
    const email = `locked${tag}@example.in`;
    await newCustomer({ email, password: "locked-pass-1" }, from);
    // The stranger, from one IPv6 /64 (each request from another address in it).
    const stranger = (host: number) => ({ "x-forwarded-for": `2001:db8:5ec:${tag.length}::${host.toString(16)}` });
    for (let host = 1; host <= 3; host++) {
      expect((await call("POST", "/api/auth/forgotPassword", stranger(host), { email })).status).toBe(200);
    }
    for (let host = 4; host <= 6; host++) {
      refused(
        `reset mail ${host} for another's email from one /64`,
        await call("POST", "/api/auth/forgotPassword", stranger(host), { email }),
        [429],
      );
    }
    // The customer, from home: still gets a link.
    const before = 3;
    expect((await call("POST", "/api/auth/forgotPassword", {}, { email })).status).toBe(200);
    expect((await maildev.latestTo(email, /^Reset your /, before)).text).toContain("reset-password?token=");
  });

  it("reset mails spent from 4 networks do not lock the owner out for more than 10 minutes: Retry-After <= 600", async () => {
    const email = `spent${tag}@example.in`;
    await newCustomer({ email, password: "spent-pass-12" }, from);
    // The stranger, from 4 networks (an IPv6 /64 each), 3 asks from each: past the per-email ceiling (10 an hour).
    const network = (n: number) => ({ "x-forwarded-for": `2001:db8:5ed:${n}::1` });
    const statuses: number[] = [];
    for (let n = 1; n <= 4; n++) {
      for (let ask = 1; ask <= 3; ask++) {
        statuses.push((await call("POST", "/api/auth/forgotPassword", network(n), { email })).status);
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    // The customer, from home: a link now, or a wait of 10 minutes at most (one mail per 10 minutes past the ceiling).
    const owner = await call("POST", "/api/auth/forgotPassword", {}, { email });
    if (owner.status !== 200) {
      refused("the owner's reset mail past the ceiling", owner, [429]);
      expect(Number(owner.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(owner.headers["retry-after"]), "seconds the owner must wait").toBeLessThanOrEqual(600);
    }
  });

  it("lets one customer keep at most five unpaid orders open", async () => {
    const email = `opener${tag}@example.in`;
    const proof = await emailProof(email, "guest", from);
    const open: string[] = [];
    for (let n = 0; n < 5; n++) {
      const orderId = newOrderId();
      const answer = await checkout(bearer(proof), email, orderId);
      expect(answer.status, answer.text).toBe(200);
      open.push(orderId);
    }
    const before = await ordersDb.collection("orders").countDocuments({ "customer.email": email });
    for (let n = 0; n < 10; n++) {
      const answer = await checkout(bearer(proof), email);
      refused(`unpaid order ${6 + n} of one guest`, answer, [429]);
    }
    expect(await ordersDb.collection("orders").countDocuments({ "customer.email": email })).toBe(before);
    // A retried checkout of an open order still answers it.
    const retried = await checkout(bearer(proof), email, open[4]!);
    expect(retried.status, retried.text).toBe(200);
  });
});

describe("an OTP proof opens only what it was asked for", () => {
  it("refuses a login or sign-up proof at guest checkout and guest reads, and a guest proof at sign-up", async () => {
    const email = `member${tag}@example.in`;
    const token = await newCustomer({ email, password: "member-pass-1" }, from);
    const orderId = newOrderId();
    const placed = await checkout(bearer(token), email, orderId);
    expect(placed.status, placed.text).toBe(200);
    // A registered customer's mailbox, proven for "login": no ticket to guest checkout or to their orders.
    const loginProof = await emailProof(email, "login", from);
    refused("a login proof at guest checkout", await checkout(bearer(loginProof), email), [401]);
    refused(
      "a login proof reading the order",
      await call("GET", `/api/payment/cashfree-get/${orderId}`, bearer(loginProof)),
      [401],
    );
    refused(
      "a login proof listing the orders",
      await call("GET", "/api/payment/cashfree-get/order-status", bearer(loginProof)),
      [401],
    );
    refused("a login proof reading the receipt", await call("GET", `/api/bill/${orderId}`, bearer(loginProof)), [401]);

    const newcomer = `newcomer${tag}@example.in`;
    const signupProof = await emailProof(newcomer, "signup", from);
    refused("a sign-up proof at guest checkout", await checkout(bearer(signupProof), newcomer), [401]);
    const guest = `guestonly${tag}@example.in`;
    const guestProof = await emailProof(guest, "guest", from);
    refused(
      "a guest proof at sign-up",
      await call("POST", "/api/auth/signup", bearer(guestProof), {
        username: "Sec Tester",
        email: guest,
        password: "guest-pass-12",
        mobile: "9876543210",
      }),
      [401],
    );
  });
});

describe("the edge's own answers", () => {
  it("mints every request id itself: a client's id never becomes a correlation id", async () => {
    const token = await newCustomer({ email: `reqid${tag}@example.in`, password: "reqid-pass-12" }, from);
    tally.tried++;
    const chosen = `reconcile-${newOrderId()}`;
    const answer = await checkout({ ...bearer(token), "x-request-id": chosen }, `reqid${tag}@example.in`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers["x-request-id"]).not.toBe(chosen);
    expect(String(answer.headers["x-request-id"])).toMatch(UUID);
    tally.refused++;
  });

  it("answers no-store on every API answer that is not a public catalogue read", async () => {
    const email = `cache${tag}@example.in`;
    const token = await newCustomer({ email, password: "cache-pass-12" }, from);
    const admin = await logIn(ADMIN, "ADMIN", from);
    const orderId = newOrderId();
    const answers: Array<[string, Answer]> = [
      ["login", await call("POST", "/api/auth/login", {}, { email, password: "cache-pass-12", userType: "USER" })],
      ["create-order", await checkout(bearer(token), email, orderId)],
      ["verify", await call("GET", `/api/payment/cashfree-verify/${orderId}`, bearer(token))],
      ["user info", await call("GET", `/api/auth/user/${encodeURIComponent(email)}`, bearer(token))],
      ["console queues", await call("GET", "/api/ops/queues", bearer(admin))],
      ["console parked", await call("GET", "/api/ops/parked", bearer(admin))],
      ["the owner's figures", await call("GET", "/api/payment/admin/summary", bearer(admin))],
      ["the owner's kitchen", await call("GET", "/api/payment/admin/kitchen", bearer(admin))],
      ["a refusal", await call("GET", "/address/getall")],
      ["checkemail", await call("GET", `/api/auth/checkemail/${encodeURIComponent(email)}`)],
    ];
    for (const [what, answer] of answers) {
      expect(answer.status, `${what}: ${answer.text.slice(0, 120)}`).toBeLessThan(500);
      expect(String(answer.headers["cache-control"]), what).toContain("no-store");
    }
    expect(String((await call("GET", "/api/v1/products")).headers["cache-control"])).toContain("public");
    // The kitchen's notes for the shop's cards are the same for everyone: cached a few seconds.
    expect(String((await call("GET", "/api/payment/kitchen")).headers["cache-control"])).toContain("public");
  });

  it("keeps the admin's account out of checkemail and limits how often one address asks", async () => {
    tally.tried++;
    const admin = await call("GET", `/api/auth/checkemail/${encodeURIComponent(ADMIN.email)}`);
    expect(JSON.parse(admin.text)).toEqual({ registered: false });
    tally.refused++;
    const one = from();
    let limited: Answer | undefined;
    for (let n = 0; n < 11 && !limited; n++) {
      const answer = await send(shop(), "GET", `/api/auth/checkemail/someone${n}${tag}%40example.in`, { headers: one });
      if (answer.status === 429) limited = answer;
    }
    expect(limited, "the 11th check from one address").toBeDefined();
    refused("checkemail asked an 11th time from one address", limited!, [429]);
  });
});
