import { addDays, indiaDayKey } from "@storefront/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import type { Answer } from "./attack.js";
import { attackSuite } from "./attack-suite.js";
import "./shop-context.js";
import { ADMIN, addresses, emailProof, logIn, shopCaller } from "./shop-visitor.js";
import { type DeliveryChoice, lastSlotOffered } from "./wai-slots.js";

/**
 * Open orders and what they hold, under attack (docs/order-lifecycle.md, Open orders and holds; docs/coupons.md):
 * unpaid and cash-on-delivery orders raced past their limits, a product's day hoarded unpaid, a coupon that makes
 * the items free, coupon codes guessed through the checkout, and the owner's routes for all of it. Each case was
 * seen getting through on the code before its fix. Every bad input counts in the suite's tally.
 */

const { tag, tally, refused, ordersDb } = attackSuite("open-orders", "open");
const from = addresses("192.0.2");

let admin: string;
beforeAll(async () => {
  admin = await logIn(ADMIN, "ADMIN", from);
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const call = shopCaller(from);
const orders = () => ordersDb.collection<{ _id: string; dispatchDay?: string; paymentStatus: string }>("orders");

let orderCount = 0;
const newOrderId = () => `${Date.now()}${tag}${String(orderCount++).padStart(3, "0")}`.slice(0, 40);
const PUNE = "Flat 4, Sai Krupa Society, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001";
const WAI = "House 1, Ganpati Ali, Wai, Wai City, Satara, Maharashtra-412803";

interface Checkout {
  email: string;
  proof: string;
  products?: Array<{ productId: string; selectedWeight: string; selectedQuantity: number }>;
  address?: string;
  delivery?: DeliveryChoice;
  paymentMethod?: "cash-on-delivery";
  couponCode?: string;
  mobile?: string;
}
const checkout = (order: Checkout, orderId = newOrderId(), source = from()): Promise<Answer> =>
  call(
    "POST",
    "/api/payment/create-order",
    bearer(order.proof),
    {
      orderId,
      customerName: "Sec Tester",
      customerEmail: order.email,
      mobile: order.mobile ?? "9876543210",
      products: order.products ?? [{ productId: "karanji", selectedWeight: "250 Gram", selectedQuantity: 1 }],
      shippingAddress: order.address ?? PUNE,
      ...(order.delivery ? { delivery: order.delivery } : {}),
      ...(order.paymentMethod ? { paymentMethod: order.paymentMethod } : {}),
      ...(order.couponCode ? { couponCode: order.couponCode } : {}),
    },
    source,
  );

describe("open orders are counted atomically, cash on delivery included", () => {
  it("lets 12 checkouts at once by one guest open at most five orders", async () => {
    const email = `racer${tag}@example.in`;
    const proof = await emailProof(email, "guest", from);
    const answers = await Promise.all(Array.from({ length: 12 }, () => checkout({ email, proof })));
    const accepted = answers.filter((answer) => answer.status === 200).length;
    for (const answer of answers.filter((answer) => answer.status !== 200)) {
      refused("a checkout past the open-order limit, raced", answer, [429]);
    }
    expect(accepted).toBe(5);
    const stored = await orders().countDocuments({ "customer.email": email });
    tally.changed += stored > 5 ? 1 : 0;
    expect(stored).toBe(5);
  }, 90_000);

  it("lets 10 cash-on-delivery checkouts at once by one email open at most two, confirmed ones still counting", async () => {
    const email = `codracer${tag}@example.in`;
    const proof = await emailProof(email, "guest", from);
    const wai = await lastSlotOffered(call, "wai");
    const cash = { email, proof, address: WAI, delivery: wai, paymentMethod: "cash-on-delivery" as const };
    const answers = await Promise.all(Array.from({ length: 10 }, () => checkout(cash)));
    const placed = answers.filter((answer) => answer.status === 200);
    for (const answer of answers.filter((answer) => answer.status !== 200)) {
      refused("a cash-on-delivery checkout past its limit, raced", answer, [429]);
    }
    expect(placed.length).toBe(2);
    // Confirmed, they are still open until delivered: a third is refused with cash on delivery's own words.
    for (const answer of placed) {
      const { orderId } = JSON.parse(answer.text) as { orderId: string };
      const confirmed = await call("POST", `/api/payment/order/${orderId}/cash-on-delivery`, bearer(proof));
      expect(confirmed.status, confirmed.text).toBe(200);
    }
    const third = await checkout(cash);
    refused("a third cash-on-delivery order while two wait for delivery", third, [429]);
    expect(JSON.parse(third.text).message).toMatch(/cash-on-delivery orders waiting/);
    // Paying online is still open to them.
    const online = await checkout({ email, proof, address: WAI, delivery: wai });
    expect(online.status, online.text).toBe(200);
    expect(await orders().countDocuments({ "customer.email": email })).toBe(3);
  }, 90_000);

  it("lets the owner cancel every open order of an email in one action, their holds given back once", async () => {
    const email = `hoarder${tag}@example.in`;
    const proof = await emailProof(email, "guest", from);
    const wai = await lastSlotOffered(call, "wai");
    for (let n = 0; n < 2; n++) expect((await checkout({ email, proof })).status).toBe(200);
    const cash = await checkout({ email, proof, address: WAI, delivery: wai, paymentMethod: "cash-on-delivery" });
    expect(cash.status, cash.text).toBe(200);
    const cashId = (JSON.parse(cash.text) as { orderId: string }).orderId;
    expect((await call("POST", `/api/payment/order/${cashId}/cash-on-delivery`, bearer(proof))).status).toBe(200);

    const listed = await call("GET", `/api/payment/admin/open-orders?email=${email}`, bearer(admin));
    expect(listed.status, listed.text).toBe(200);
    expect((JSON.parse(listed.text) as { orders: unknown[] }).orders).toHaveLength(3);
    const cancelled = await call("POST", "/api/payment/admin/open-orders/cancel", bearer(admin), { email });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((JSON.parse(cancelled.text) as { cancelled: string[] }).cancelled).toHaveLength(3);
    const again = await call("POST", "/api/payment/admin/open-orders/cancel", bearer(admin), { email });
    expect((JSON.parse(again.text) as { cancelled: string[] }).cancelled).toHaveLength(0);
    // Their places are free again: five new unpaid orders may be opened.
    for (let n = 0; n < 5; n++) expect((await checkout({ email, proof })).status).toBe(200);

    for (const [who, headers] of [
      ["nobody", {}],
      ["the shopper", bearer(proof)],
      ["a forged token", bearer("eyJhbGciOiJub25lIn0.e30.")],
    ] as const) {
      refused(
        `${who} cancels an email's open orders`,
        await call("POST", "/api/payment/admin/open-orders/cancel", headers, { email }),
        [401, 403],
      );
      refused(
        `${who} lists an email's open orders`,
        await call("GET", `/api/payment/admin/open-orders?email=${email}`, headers),
        [401, 403],
      );
      refused(
        `${who} sets the unpaid share`,
        await call("PUT", "/api/payment/admin/hold-settings", headers, { unpaidSharePercent: 100 }),
        [401, 403],
      );
    }
    for (const body of [{ email: "__proto__" }, { email: { $ne: "" } }, {}, { email: "constructor@" }]) {
      refused(
        `open orders of ${JSON.stringify(body)}`,
        await call("POST", "/api/payment/admin/open-orders/cancel", bearer(admin), body),
        [400],
      );
    }
    for (const body of [{ unpaidSharePercent: 0 }, { unpaidSharePercent: 101 }, { unpaidSharePercent: "50" }, {}]) {
      refused(
        `an unpaid share of ${JSON.stringify(body)}`,
        await call("PUT", "/api/payment/admin/hold-settings", bearer(admin), body),
        [400],
      );
    }
  }, 120_000);
});

describe("a product's day cannot be hoarded unpaid", () => {
  it("holds at most the owner's share of a day for one shopper, so the next shopper finds room that day", async () => {
    const productId = "dink-ladoo";
    const today = indiaDayKey(new Date());
    // A day of six units (1.5 kg) on every day a checkout could reach, and half of it for one shopper.
    for (let offset = 0; offset <= 7; offset++) {
      const day = addDays(today, offset);
      const set = await call("PUT", `/api/payment/admin/kitchen/${productId}/${day}`, bearer(admin), { capacity: 6 });
      expect(set.status, set.text).toBe(200);
    }
    const share = await call("PUT", "/api/payment/admin/hold-settings", bearer(admin), { unpaidSharePercent: 50 });
    try {
      expect(share.status, share.text).toBe(200);
      const email = `daytaker${tag}@example.in`;
      const proof = await emailProof(email, "guest", from);
      const units = (quantity: number) => [{ productId, selectedWeight: "250 Gram", selectedQuantity: quantity }];
      // Four units at once are more than half a day: refused, nothing stored.
      const tooMany = await checkout({ email, proof, products: units(4) });
      refused("four of a six-unit day held unpaid by one shopper", tooMany, [409]);
      const first = await checkout({ email, proof, products: units(3) });
      expect(first.status, first.text).toBe(200);
      const firstDay = (await orders().findOne({ _id: (JSON.parse(first.text) as { orderId: string }).orderId }))
        ?.dispatchDay;
      // Their second order cannot take the rest of that day: it goes to the next day.
      const second = await checkout({ email, proof, products: units(3) });
      expect(second.status, second.text).toBe(200);
      const secondDay = (await orders().findOne({ _id: (JSON.parse(second.text) as { orderId: string }).orderId }))
        ?.dispatchDay;
      tally.tried++;
      expect(secondDay).not.toBe(firstDay);
      tally.refused++;
      // Another shopper (another email and address) still finds that first day.
      const other = `nexttaker${tag}@example.in`;
      const otherProof = await emailProof(other, "guest", from);
      const next = await checkout({ email: other, proof: otherProof, products: units(3) });
      expect(next.status, next.text).toBe(200);
      const nextDay = (await orders().findOne({ _id: (JSON.parse(next.text) as { orderId: string }).orderId }))
        ?.dispatchDay;
      expect(nextDay).toBe(firstDay);
    } finally {
      await call("PUT", "/api/payment/admin/hold-settings", bearer(admin), { unpaidSharePercent: 100 });
    }
  }, 120_000);
});

describe("coupons cannot make an order free or be guessed through the checkout", () => {
  it("refuses a coupon that makes the items free before anything is stored", async () => {
    const code = `FREE${tag.slice(0, 8)}`.toUpperCase().replace(/[^A-Z0-9]/g, "");
    const created = await call("POST", "/api/payment/admin/coupons", bearer(admin), {
      code,
      name: "Everything free",
      offer: { kind: "percent", percent: 100 },
      startsAt: new Date(Date.now() - 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      totalUses: 10,
      usesPerCustomer: 1,
      active: true,
    });
    expect(created.status, created.text).toBe(201);
    const email = `freebie${tag}@example.in`;
    const proof = await emailProof(email, "guest", from);
    const pickup = await lastSlotOffered(call, "pickup");
    const orderId = newOrderId();
    const answer = await checkout({ email, proof, address: WAI, delivery: pickup, couponCode: code }, orderId);
    refused("a checkout whose coupon makes it free", answer, [422]);
    expect(JSON.parse(answer.text).code).toBe("COUPON_MAKES_ORDER_FREE");
    const applied = await call("POST", "/api/payment/coupon", bearer(proof), {
      code,
      products: [{ productId: "karanji", selectedWeight: "250 Gram", selectedQuantity: 1 }],
    });
    refused("applying a coupon that makes the items free", applied, [422]);
    // Nothing stored or held: no order, no kitchen hold, no use of the coupon.
    const left = [
      await orders().countDocuments({ _id: orderId }),
      await ordersDb.collection<{ _id: string }>("kitchen_holds").countDocuments({ _id: orderId }),
      (await ordersDb.collection<{ _id: string; held?: number }>("coupon_uses").findOne({ _id: code }))?.held ?? 0,
    ];
    tally.changed += left.some((count) => count > 0) ? 1 : 0;
    expect(left).toEqual([0, 0, 0]);
  }, 90_000);

  it("counts wrong codes at checkout with those tried at Apply coupon, from one address", async () => {
    const email = `guesser${tag}@example.in`;
    const proof = await emailProof(email, "guest", from);
    const one = { "x-forwarded-for": "192.0.2.251" };
    const cart = [{ productId: "karanji", selectedWeight: "250 Gram", selectedQuantity: 1 }];
    const statuses: number[] = [];
    for (let n = 0; n < 20; n++) {
      const answer = await call(
        "POST",
        "/api/payment/coupon",
        bearer(proof),
        { code: `NOPE${n}X${tag}`.slice(0, 20).toUpperCase(), products: cart },
        one,
      );
      statuses.push(answer.status);
    }
    for (let n = 20; n < 35; n++) {
      const answer = await checkout(
        { email, proof, couponCode: `NOPE${n}X${tag}`.slice(0, 20).toUpperCase() },
        newOrderId(),
        one,
      );
      statuses.push(answer.status);
      refused(`wrong code ${n + 1} from one address, at checkout`, answer, n < 30 ? [422] : [429]);
    }
    expect(statuses.slice(0, 20).every((status) => status === 422)).toBe(true);
    expect(await orders().countDocuments({ "customer.email": email })).toBe(0);
  }, 90_000);
});
