import { eventually, maildev, OTP_SUBJECT } from "@storefront/testing";
import { beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "./attack.js";
import { attackSuite } from "./attack-suite.js";
import "./shop-context.js";
import { ADMIN, addresses, emailProof, logIn, shopCaller } from "./shop-visitor.js";
import { type DeliveryChoice, lastSlotOffered } from "./wai-slots.js";

/**
 * An order's life under attack (docs/order-lifecycle.md): cancelling, refunding and reading someone else's order, a
 * refund for more than was paid or of a made-up shape, the tracking form as an oracle or a brute-force door, the
 * order pass used beyond its order, and the credit-note path. Every bad input counts in the suite's tally, and none
 * may change an order or its refunds.
 */

const { tag, tally, refused, unchanged, ordersDb } = attackSuite("order-lifecycle", "life");
const from = addresses("198.51.100");

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const call = shopCaller(from);

interface StoredOrder {
  _id: string;
  orderStatus: string;
  refunds?: unknown[];
  refundedPaise?: number;
}
const stored = (orderId: string) => ordersDb.collection<StoredOrder>("orders").findOne({ _id: orderId });
/**
 * An order as stored without its outbox (docs/architecture.md, Events): the relay publishing the order's own events
 * (a cash order's `order.cash-on-delivery.placed`) rewrites those fields, which no attack did.
 */
const withoutOutbox = async (orderId: string) => {
  const {
    outbox: _o,
    outboxPending: _p,
    outboxLease: _l,
    outboxLeaseOwner: _w,
    ...order
  } = ((await stored(orderId)) ?? {}) as Record<string, unknown>;
  return JSON.stringify(order);
};
/** An order's state that no refused attack may change. */
const fingerprint = async (orderId: string) => {
  const order = await stored(orderId);
  return JSON.stringify([order?.orderStatus, order?.refunds?.length ?? 0, order?.refundedPaise ?? 0]);
};

let orderCount = 0;
const newOrderId = () => `${Date.now()}${tag}${String(orderCount++).padStart(3, "0")}`.slice(0, 40);

const ONE_MODAK = [{ productId: "ukadiche-modak", selectedWeight: "250 Gram", selectedQuantity: 1 }];

/** A guest's paid order (one modak unless `products` says otherwise): their email proof and the order id. */
async function paidOrder(email: string, products: unknown[] = ONE_MODAK): Promise<{ proof: string; orderId: string }> {
  const proof = await emailProof(email, "guest", from);
  const orderId = newOrderId();
  const created = await call("POST", "/api/payment/cashfree-order", bearer(proof), {
    orderId,
    customerName: "Sec Tester",
    customerEmail: email,
    mobile: "9876543210",
    products,
    shippingAddress: "Flat 4, Sai Krupa Society, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001",
  });
  expect(created.status, created.text).toBe(200);
  const settings = JSON.parse((await call("GET", "/api/payment/get-key")).text) as { checkoutUrl: string };
  const { paymentSessionId } = JSON.parse(created.text) as { paymentSessionId: string };
  expect((await fetch(`${settings.checkoutUrl}/checkout/${paymentSessionId}/pay`, { method: "POST" })).ok).toBe(true);
  await eventually(async () => (await stored(orderId))?.orderStatus === "PAID", { what: `order ${orderId} paid` });
  return { proof, orderId };
}

describe("nobody cancels, refunds or reads an order that is not theirs", () => {
  it("refuses another guest, an order pass of another order, a shopper at the admin's routes and bad refunds", async () => {
    const victim = await paidOrder(`victim${tag}@example.in`);
    const attacker = await paidOrder(`thief${tag}@example.in`);
    const before = await fingerprint(victim.orderId);

    // Another guest's proof: the same 404 as an order that does not exist.
    refused(
      "read another guest's order",
      await call("GET", `/api/payment/order/${victim.orderId}`, bearer(attacker.proof)),
      [404],
    );
    refused(
      "cancel another guest's order",
      await call("POST", `/api/payment/order/${victim.orderId}/cancel`, bearer(attacker.proof), {}),
      [404],
    );
    refused("cancel with no token", await call("POST", `/api/payment/order/${victim.orderId}/cancel`, {}, {}), [401]);
    refused(
      "cancel with a forged token",
      await call("POST", `/api/payment/order/${victim.orderId}/cancel`, bearer("eyJhbGciOiJub25lIn0.e30."), {}),
      [401],
    );
    refused(
      "credit note of another's order",
      await call("GET", `/api/bill/${victim.orderId}/credit-note/${victim.orderId}-R1`, bearer(attacker.proof)),
      [404],
    );
    for (const path of [
      `/api/bill/${victim.orderId}/credit-note/..%2F..%2Fetc`,
      `/api/bill/${victim.orderId}/credit-note/__proto__`,
      `/api/bill/${victim.orderId}/credit-note/${attacker.orderId}-R1`,
    ]) {
      refused(`credit note at ${path}`, await call("GET", path, bearer(victim.proof)), [400, 404]);
    }

    // The attacker's own order pass opens the attacker's order only.
    await call("POST", "/api/payment/track/code", {}, { orderId: attacker.orderId, email: `thief${tag}@example.in` });
    const mail = await maildev.latestTo(`thief${tag}@example.in`, new RegExp(`open order ${attacker.orderId}`));
    const code = maildev.codeIn(mail, attacker.orderId);
    const opened = await call(
      "POST",
      "/api/payment/track/pass",
      {},
      { orderId: attacker.orderId, email: `thief${tag}@example.in`, code },
    );
    expect(opened.status, opened.text).toBe(200);
    const pass = (JSON.parse(opened.text) as { orderPass: string }).orderPass;
    refused("a pass on another order", await call("GET", `/api/payment/order/${victim.orderId}`, bearer(pass)), [404]);
    refused(
      "a pass to cancel another order",
      await call("POST", `/api/payment/order/${victim.orderId}/cancel`, bearer(pass), {}),
      [404],
    );
    refused("a pass on the email's order list", await call("GET", "/api/payment/order-status", bearer(pass)), [401]);
    refused("a pass at checkout", await call("POST", "/api/payment/cashfree-order", bearer(pass), {}), [401, 400]);
    refused(
      "a pass at the admin's cancel",
      await call("POST", `/api/payment/admin/order/${attacker.orderId}/cancel`, bearer(pass), { reason: "other" }),
      [401, 403],
    );
    refused("a pass on another's invoice", await call("GET", `/api/bill/${victim.orderId}`, bearer(pass)), [403, 404]);

    // A shopper at the admin's routes.
    refused(
      "a guest at the admin's refund",
      await call("POST", `/api/payment/admin/order/${victim.orderId}/refund`, bearer(victim.proof), { kind: "postal" }),
      [401, 403],
    );
    refused(
      "a guest at the admin's cancel",
      await call("POST", `/api/payment/admin/order/${victim.orderId}/cancel`, bearer(victim.proof), {
        reason: "other",
      }),
      [401, 403],
    );

    // The admin's refunds: never more than was paid, never of a made-up shape.
    const admin = await logIn(ADMIN, "ADMIN", from);
    const refund = (body: unknown) =>
      call("POST", `/api/payment/admin/order/${victim.orderId}/refund`, bearer(admin), body);
    for (const [what, body] of [
      ["more than was paid", { kind: "goodwill", amountPaise: 10_000_000 }],
      ["a negative amount", { kind: "goodwill", amountPaise: -500 }],
      ["zero", { kind: "goodwill", amountPaise: 0 }],
      ["a fraction of a paisa", { kind: "goodwill", amountPaise: 10.5 }],
      ["an amount as text", { kind: "goodwill", amountPaise: "100" }],
      ["a line that does not exist", { kind: "line", lineIndex: 7 }],
      ["a negative line", { kind: "line", lineIndex: -1 }],
      ["a kind that does not exist", { kind: "everything" }],
      ["a prototype kind", { kind: "__proto__" }],
      ["a cancellation dressed as a refund", { kind: "cancellation" }],
      [
        "a prototype-polluting body",
        '{"kind":"goodwill","amountPaise":100,"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
      ],
      ["not JSON", "{kind: goodwill"],
    ] as const) {
      const answer = await refund(body);
      // The polluted body is a valid goodwill refund with extra keys stripped; anything else is refused.
      if (what === "a prototype-polluting body") {
        expect([200, 400]).toContain(answer.status);
        continue;
      }
      refused(`refund ${what}`, answer, [400, 409]);
    }
    refused(
      "cancel with a reason code that does not exist",
      await call("POST", `/api/payment/admin/order/${victim.orderId}/cancel`, bearer(admin), { reason: "toString" }),
      [400],
    );
    refused(
      "cancel an order id of another alphabet",
      await call("POST", "/api/payment/admin/order/..%2F..%2Fx/cancel", bearer(admin), { reason: "other" }),
      [400, 404],
    );
    const after = JSON.parse(await fingerprint(victim.orderId)) as [string, number, number];
    // Only the one valid (prototype-stripped) goodwill refund of ₹1 may have been written.
    expect(after[0]).toBe(JSON.parse(before)[0]);
    expect(after[1]).toBeLessThanOrEqual(1);
    expect(after[2]).toBeLessThanOrEqual(100);
    tally.changed += after[1] > 1 || after[2] > 100 ? 1 : 0;
    expect(Object.prototype).not.toHaveProperty("isAdmin");
  }, 120_000);
});

describe("a refund gives back each part of an order once (docs/order-lifecycle.md, Refunds)", () => {
  /** Three lines, so that one line is far less than the order's total: only the line's own rule can stop it. */
  const THREE_LINES = [
    { productId: "ukadiche-modak", selectedWeight: "250 Gram", selectedQuantity: 1 },
    { productId: "kaju-katli", selectedWeight: "250 Gram", selectedQuantity: 2 },
    { productId: "karanji", selectedWeight: "250 Gram", selectedQuantity: 2 },
  ];
  const refundOf = async (admin: string, orderId: string, body: unknown) =>
    call("POST", `/api/payment/admin/order/${orderId}/refund`, bearer(admin), body);
  /** The refunds written on the order that are not failed. */
  const liveRefunds = async (orderId: string) =>
    (
      ((await stored(orderId))?.refunds ?? []) as Array<{ status: string; scope: { kind: string; lineIndex?: number } }>
    ).filter((refund) => refund.status !== "FAILED");

  let admin: string;
  beforeAll(async () => {
    admin = await logIn(ADMIN, "ADMIN", from);
  });
  let orders = 0;
  const threeLineOrder = async () => (await paidOrder(`parts${orders++}${tag}@example.in`, THREE_LINES)).orderId;

  /** One live refund of the order after an attack that must not make a second: anything more is a change. */
  const expectOneRefund = async (orderId: string) => {
    const refunds = await liveRefunds(orderId);
    expect(refunds).toHaveLength(1);
    tally.changed += refunds.length > 1 ? 1 : 0;
  };

  it.each([
    { what: "a line refunded twice, whatever the order's total says", scope: { kind: "line", lineIndex: 1 } },
    { what: "the delivery refunded twice", scope: { kind: "postal" } },
  ] as const)(
    "refuses $what",
    async ({ what, scope }) => {
      const orderId = await threeLineOrder();
      const order = (await stored(orderId)) as unknown as { charges: { postalDeliveryPaise: number } };
      // The sample order has a delivery charge to refund, or the second case would prove nothing.
      expect(order.charges.postalDeliveryPaise).toBeGreaterThan(0);
      const first = await refundOf(admin, orderId, scope);
      expect(first.status, first.text).toBe(200);
      refused(what, await refundOf(admin, orderId, scope), [409]);
      await expectOneRefund(orderId);
    },
    60_000,
  );

  it("refuses a line that does not exist with a 400 naming it, and goodwill beyond what is left", async () => {
    const orderId = await threeLineOrder();
    const before = await fingerprint(orderId);
    const missing = await refundOf(admin, orderId, { kind: "line", lineIndex: 3 });
    refused("a line that does not exist", missing, [400]);
    expect(JSON.parse(missing.text).message).toMatch(/line/i);
    const delivery = await refundOf(admin, orderId, { kind: "postal" });
    expect(delivery.status, delivery.text).toBe(200);
    const left = (JSON.parse(delivery.text) as { refundableLeftPaise: number }).refundableLeftPaise;
    refused(
      "goodwill above what is left",
      await refundOf(admin, orderId, { kind: "goodwill", amountPaise: left + 1 }),
      [409],
    );
    const refunds = await liveRefunds(orderId);
    expect(refunds.map((refund) => refund.scope.kind)).toEqual(["postal"]);
    tally.changed += refunds.length > 1 || JSON.parse(before)[1] !== 0 ? 1 : 0;
  }, 60_000);

  it("gives two admins refunding one line at the same moment one refund", async () => {
    const orderId = await threeLineOrder();
    const answers = await Promise.all([0, 1, 2, 3].map(() => refundOf(admin, orderId, { kind: "line", lineIndex: 2 })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status !== 200))
      refused("one line refunded at once", answer, [409]);
    await expectOneRefund(orderId);
  }, 60_000);
});

describe("the tracking form is neither an oracle nor a brute-force door", () => {
  it("answers alike for unknown orders and wrong emails, and stops one address after ten tries", async () => {
    const owner = await paidOrder(`tracked${tag}@example.in`);
    const one = from();
    const answers: Answer[] = [];
    for (const body of [
      { orderId: owner.orderId, email: `tracked${tag}@example.in` },
      { orderId: owner.orderId, email: `stranger${tag}@example.in` },
      { orderId: newOrderId(), email: `tracked${tag}@example.in` },
      // An id in the order alphabet that names a member of Object.prototype: looked up as a plain key, unknown.
      { orderId: "__proto__", email: `tracked${tag}@example.in` },
      { orderId: "constructor", email: `tracked${tag}@example.in` },
    ]) {
      answers.push(await call("POST", "/api/payment/track/code", {}, body, one));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => (JSON.parse(answer.text) as { message: string }).message)).size).toBe(1);
    for (const [what, body] of [
      ["an order id of another alphabet", { orderId: "../../x", email: `tracked${tag}@example.in` }],
      ["no email", { orderId: owner.orderId }],
      ["an email too long", { orderId: owner.orderId, email: `${"a".repeat(200)}@example.in` }],
      ["a code of letters", { orderId: owner.orderId, email: `tracked${tag}@example.in`, code: "abcdef" }],
      ["a token too short", { orderId: owner.orderId, token: "abc" }],
    ] as const) {
      const path = "code" in body || "token" in body ? "/api/payment/track/pass" : "/api/payment/track/code";
      refused(`track with ${what}`, await call("POST", path, {}, body, one), [400, 429]);
    }
    // Guessing codes from one address: the gateway stops it (ten asks and guesses per 15 minutes).
    let limited = false;
    for (let guess = 0; guess < 12 && !limited; guess++) {
      const answer = await call(
        "POST",
        "/api/payment/track/pass",
        {},
        { orderId: owner.orderId, email: `tracked${tag}@example.in`, code: String(100000 + guess) },
        one,
      );
      refused(`guess ${guess}`, answer, [400, 429]);
      limited = answer.status === 429;
    }
    expect(limited).toBe(true);
    expect((await stored(owner.orderId))?.orderStatus).toBe("PAID");
  }, 120_000);

  it("mails the tracking code and the OTP in the body only: no digits of either in a subject, which a locked phone shows", async () => {
    const email = `subject${tag}@example.in`;
    const owner = await paidOrder(email);
    const asked = await call("POST", "/api/payment/track/code", {}, { orderId: owner.orderId, email });
    expect(asked.status, asked.text).toBe(200);
    const tracking = await maildev.latestTo(email, new RegExp(`open order ${owner.orderId}`));
    const otp = await maildev.latestTo(email, OTP_SUBJECT);
    for (const [what, mail, code] of [
      ["the tracking code's mail", tracking, maildev.codeIn(tracking, owner.orderId)],
      ["the OTP's mail", otp, maildev.codeIn(otp)],
    ] as const) {
      tally.tried++;
      // The order id is long and may hold digits; what is left of the subject must hold no code.
      const subject = mail.subject.replace(owner.orderId, "");
      expect(subject, what).not.toContain(code);
      expect(subject, what).not.toMatch(/\d{6}/);
      expect(mail.text, what).toContain(code);
      tally.refused++;
    }
  }, 120_000);
});

/** A guest's checkout of one karanji delivered in Wai on `delivery`'s date and slot, paid by `paymentMethod`. */
const waiCheckout = (orderId: string, email: string, delivery: DeliveryChoice, paymentMethod: unknown) => ({
  orderId,
  customerName: "Sec Tester",
  customerEmail: email,
  mobile: "9876543210",
  products: [{ productId: "karanji", selectedWeight: "250 Gram", selectedQuantity: 1 }],
  shippingAddress: "House 1, Ganpati Ali, Wai, Wai City, Satara, Maharashtra-412803",
  delivery,
  paymentMethod,
});

describe("cash on delivery under attack", () => {
  it("lets only the order's own email confirm it and only the owner record the door, refuses made-up methods, and changes nothing", async () => {
    const email = `cod${tag}@example.in`;
    const proof = await emailProof(email, "guest", from);
    const thief = await emailProof(`codthief${tag}@example.in`, "guest", from);
    const slot = await lastSlotOffered(call, "wai");
    const order = (orderId: string, paymentMethod: unknown) =>
      call("POST", "/api/payment/create-order", bearer(proof), waiCheckout(orderId, email, slot, paymentMethod));
    for (const method of ["cash", "__proto__", "constructor", 1, { kind: "cash-on-delivery" }]) {
      refused(`a payment method ${JSON.stringify(method)}`, await order(newOrderId(), method), [400]);
    }
    const orderId = newOrderId();
    const placed = await order(orderId, "cash-on-delivery");
    expect(placed.status, placed.text).toBe(200);
    const before = await withoutOutbox(orderId);

    const confirm = (id: string, headers: Record<string, string>) =>
      call("POST", `/api/payment/order/${id}/cash-on-delivery`, headers);
    refused("confirm with another guest's proof", await confirm(orderId, bearer(thief)), [404]);
    refused("confirm with no token", await confirm(orderId, {}), [401]);
    refused("confirm with a forged token", await confirm(orderId, bearer("eyJhbGciOiJub25lIn0.e30.")), [401]);
    for (const id of ["__proto__", "..%2F..%2Fx", "constructor"]) {
      refused(`confirm the order id ${id}`, await confirm(id, bearer(proof)), [400, 404]);
    }
    for (const door of ["cash-received", "cash-refused"]) {
      refused(
        `a guest at the admin's ${door}`,
        await call("POST", `/api/payment/admin/order/${orderId}/${door}`, bearer(proof)),
        [401, 403],
      );
    }
    // Not confirmed yet: nothing is due at the door.
    const admin = await logIn(ADMIN, "ADMIN", from);
    refused(
      "cash recorded for an unconfirmed order",
      await call("POST", `/api/payment/admin/order/${orderId}/cash-received`, bearer(admin)),
      [409],
    );
    refused(
      "cash recorded for the order id __proto__",
      await call("POST", "/api/payment/admin/order/__proto__/cash-received", bearer(admin)),
      [400, 404],
    );
    expect(await withoutOutbox(orderId)).toBe(before);
    // An order paid online has no cash due.
    const online = await paidOrder(`codonline${tag}@example.in`);
    const paidBefore = await fingerprint(online.orderId);
    refused(
      "a refusal recorded for an order paid online",
      await call("POST", `/api/payment/admin/order/${online.orderId}/cash-refused`, bearer(admin)),
      [409],
    );
    expect(await fingerprint(online.orderId)).toBe(paidBefore);
  }, 120_000);
});

describe("a step backwards reopens nothing", () => {
  it("keeps a delivered order moved back to PAID uncancellable, offers no cancel, and mails each status once", async () => {
    const email = `stepback${tag}@example.in`;
    const shopper = await paidOrder(email);
    const { orderId } = shopper;
    const admin = bearer(await logIn(ADMIN, "ADMIN", from));
    const move = async (orderStatus: string) => {
      const answer = await call("POST", "/api/payment/update-status", admin, { orderId, orderStatus });
      expect(answer.status, answer.text).toBe(200);
    };
    const delivered = new RegExp(`order ${orderId} has been delivered$`);
    await move("Delivered");
    await maildev.latestTo(email, delivered);
    // The admin may choose any status (the spec's), a step back too.
    await move("PAID");
    const before = await fingerprint(orderId);

    // The order left the kitchen once: nobody cancels it now, and no page offers it.
    for (const [who, headers] of [
      ["the shopper", bearer(shopper.proof)],
      ["the admin", admin],
    ] as const) {
      const page = await call("GET", `/api/payment/order/${orderId}`, headers);
      expect(page.status, page.text).toBe(200);
      expect((JSON.parse(page.text) as { cancellable: boolean }).cancellable, who).toBe(false);
    }
    refused(
      "the shopper cancels a delivered order moved back to PAID",
      await call("POST", `/api/payment/order/${orderId}/cancel`, bearer(shopper.proof), {}),
      [409],
    );
    refused(
      "the admin cancels a delivered order moved back to PAID",
      await call("POST", `/api/payment/admin/order/${orderId}/cancel`, admin, { reason: "customer-asked" }),
      [409],
    );
    unchanged(await fingerprint(orderId), before);

    // Forward again: Delivered was mailed already. A status reached for the first time is still mailed, and once it
    // has come (published after the second Delivered), a second "delivered" mail would have come too; wait a little more.
    await move("Delivered");
    await move("Preparing");
    await maildev.latestTo(email, new RegExp(`order ${orderId} is being prepared$`));
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(await maildev.to(email, delivered)).toHaveLength(1);
  }, 120_000);
});

describe("the door's outcome is recorded once, and never the other one after it", () => {
  it("refuses a refusal after the cash and the cash after a refusal with 409, changing nothing", async () => {
    const email = `door${tag}@example.in`;
    const proof = await emailProof(email, "guest", from);
    const slot = await lastSlotOffered(call, "wai");
    const codOrder = async () => {
      const orderId = newOrderId();
      const placed = await call(
        "POST",
        "/api/payment/create-order",
        bearer(proof),
        waiCheckout(orderId, email, slot, "cash-on-delivery"),
      );
      expect(placed.status, placed.text).toBe(200);
      const confirmed = await call("POST", `/api/payment/order/${orderId}/cash-on-delivery`, bearer(proof));
      expect(confirmed.status, confirmed.text).toBe(200);
      return orderId;
    };
    // Both placed before either outcome: a refusal makes the email pay online from then on.
    const paidAtDoor = await codOrder();
    const refusedAtDoor = await codOrder();
    const admin = bearer(await logIn(ADMIN, "ADMIN", from));
    const door = (orderId: string, outcome: "cash-received" | "cash-refused") =>
      call("POST", `/api/payment/admin/order/${orderId}/${outcome}`, admin);
    // What the door decides (the outbox drains meanwhile, on its own).
    const doorState = async (orderId: string) => {
      const { outbox, outboxPending, outboxLease, outboxLeaseOwner, ...order } = {
        ...((await stored(orderId)) as Record<string, unknown> | null),
      };
      return JSON.stringify(order);
    };

    // Each outcome, then the other one too late: refused with its words, and the order as the first left it. The
    // same outcome again is a double tap, not an error.
    const outcomes = [
      {
        orderId: paidAtDoor,
        first: "cash-received",
        late: "cash-refused",
        what: "a refusal at the door after the cash was received",
        words: "Cash was already received for this order; it cannot be refused at the door.",
      },
      {
        orderId: refusedAtDoor,
        first: "cash-refused",
        late: "cash-received",
        what: "cash received after a refusal at the door",
        words: "This order was refused at the door; its cash cannot be recorded as received.",
      },
    ] as const;
    for (const { orderId, first, late, what, words } of outcomes) {
      const decided = await door(orderId, first);
      expect(decided.status, decided.text).toBe(200);
      const decidedState = await doorState(orderId);
      const lateAnswer = await door(orderId, late);
      refused(what, lateAnswer, [409]);
      expect((JSON.parse(lateAnswer.text) as { message: string }).message).toBe(words);
      expect((await door(orderId, first)).status).toBe(200);
      unchanged(await doorState(orderId), decidedState);
    }
  }, 120_000);
});
