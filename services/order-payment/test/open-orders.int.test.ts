import { eventually } from "@storefront/testing";
import { describe, expect, it } from "vitest";
import { type OrderTallies, shopperTallies, type Tally } from "../src/orders/persistence/shopper-tallies.js";
import { takeOpenPlaces } from "../src/orders/usecases/hold-shopper-tallies.js";
import { checkoutRequest, checkoutShop } from "./checkout-shop.js";

/**
 * Open orders and what they hold on the real servers (docs/order-lifecycle.md, Open orders and holds): the limits
 * per mobile number and per client address (the gateway's X-Forwarded-For, trusted from loopback), 20 checkouts at
 * once by one customer, places given back when an order is paid or expires, and the sweeper's share of it.
 */
const SECRET = "sandbox-secret-for-the-open-orders-test";
const shop = checkoutShop("open_orders", SECRET, {
  env: {
    // The shop's own limits, but for the client address: 3, so a test need not open 20 orders to meet it.
    OPEN_ORDERS_PER_CLIENT: "3",
    // The reconciliation pass is run by the test.
    RECONCILE_EVERY_MS: "3600000",
  },
});

let count = 0;
const newOrderId = (label: string) => `${Date.now()}${label}${String(count++).padStart(3, "0")}`.slice(0, 40);
/** Each shopper's own address, unless a test shares one (the gateway's X-Forwarded-For from loopback). */
const addressOf = () => `198.18.${Math.floor(count / 250)}.${(count % 250) + 1}`;

function checkout(
  who: { email: string; mobile?: string; address?: string },
  extra: Record<string, unknown> = {},
  orderId = newOrderId("open"),
) {
  return fetch(`${shop.server.url}/api/payment/create-order`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${shop.guestProof(who.email)}`,
      "content-type": "application/json",
      "x-forwarded-for": who.address ?? addressOf(),
    },
    body: JSON.stringify(
      checkoutRequest(orderId, who.email, {
        mobile: who.mobile ?? "9876500000",
        products: [{ productId: "karanji", selectedWeight: "250 Gram", selectedQuantity: 1 }],
        ...extra,
      }),
    ),
  });
}
const tally = (key: string) => shop.places.ordersDb.db.collection<Tally>("shopper_tallies").findOne({ _id: key });
const record = (orderId: string) =>
  shop.places.ordersDb.db.collection<OrderTallies>("order_tallies").findOne({ _id: orderId });
const { stored } = shop;

describe("open orders", () => {
  it("opens at most 5 of 20 checkouts at once by one customer, and a retried one still answers its order", async () => {
    const email = "racer@open.example";
    const ids = Array.from({ length: 20 }, () => newOrderId("race"));
    const answers = await Promise.all(
      ids.map((orderId, index) =>
        checkout({ email, mobile: "9876500001", address: `198.19.0.${index + 1}` }, {}, orderId),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect(await shop.places.ordersDb.db.collection("orders").countDocuments({ "customer.email": email })).toBe(5);
    expect((await tally(`open:email:${email}`))?.total).toBe(5);
    const accepted = ids.filter((_, index) => statuses[index] === 200);
    expect((await checkout({ email, mobile: "9876500001", address: "198.19.0.99" }, {}, accepted[0])).status).toBe(200);
    // The refused keep nothing: no record, no kitchen hold.
    const refused = ids.filter((_, index) => statuses[index] === 429);
    for (const orderId of refused) expect(await record(orderId)).toBeNull();
  });

  it("gives exactly 5 places to 40 checkouts at once by one email and mobile, round after round (no under-grant)", async () => {
    // The places straight on the tallies, 40 at once, ten rounds: taken side by side, some checkouts held the email's
    // place while the mobile's was full of others that had missed the email's, and fewer than 5 opened.
    const tallies = shopperTallies(shop.places.ordersDb.db);
    const limits = { perEmail: 5, perMobile: 5, perClient: 3, cashPerEmail: 2, cashPerMobile: 2 };
    const now = new Date();
    for (let round = 0; round < 10; round++) {
      const placer = (n: number) => ({
        email: `round${round}@open.example`,
        mobile: `98765${round}0000`,
        client: `198.20.${round}.${n}`,
      });
      const outcomes = await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          takeOpenPlaces(tallies, newOrderId(`r${round}`), placer(n), false, limits, now),
        ),
      );
      expect(
        outcomes.filter((outcome) => outcome.taken),
        `round ${round}`,
      ).toHaveLength(5);
    }
  });

  it("counts one mobile number across emails, and one client address across shoppers", async () => {
    const mobile = "9876500002";
    for (let n = 0; n < 5; n++) expect((await checkout({ email: `m${n}@open.example`, mobile })).status).toBe(200);
    const sixth = await checkout({ email: "m5@open.example", mobile });
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { code: string }).code).toBe("TOO_MANY_OPEN_ORDERS");

    const address = "203.0.113.77";
    for (let n = 0; n < 3; n++) {
      expect((await checkout({ email: `a${n}@open.example`, mobile: `987650010${n}`, address })).status).toBe(200);
    }
    expect((await checkout({ email: "a3@open.example", mobile: "9876500103", address })).status).toBe(429);
    // Another address (an IPv6 /64 of its own) is another client.
    expect(
      (await checkout({ email: "a4@open.example", mobile: "9876500104", address: "2001:db8:1:2::7" })).status,
    ).toBe(200);
  });

  it("gives the places back when an order is paid, and when an unpaid one expires", async () => {
    const email = "giver@open.example";
    const mobile = "9876500003";
    const paidId = newOrderId("paid");
    const created = await checkout({ email, mobile }, {}, paidId);
    expect(created.status).toBe(200);
    expect((await tally(`open:email:${email}`))?.total).toBe(1);
    const { paymentSessionId } = (await created.json()) as { paymentSessionId: string };
    await fetch(`${shop.places.sandbox.url}/checkout/${paymentSessionId}/pay`, { method: "POST" });
    await eventually(async () => (await stored(paidId))?.paymentStatus === "SUCCESS");
    await eventually(async () => (await record(paidId)) === null);
    expect((await tally(`open:email:${email}`))?.total).toBe(0);

    const unpaidId = newOrderId("unpd");
    expect((await checkout({ email, mobile }, {}, unpaidId)).status).toBe(200);
    expect((await tally(`open:mobile:${mobile}`))?.total).toBe(1);
    // Past its 15 minutes, reconciliation expires it and its places go back, once however often it runs.
    const later = new Date(Date.now() + 16 * 60_000);
    await shop.reconciliation.runOnce(later);
    await shop.reconciliation.runOnce(later);
    expect((await stored(unpaidId))?.paymentStatus).toBe("FAILED");
    expect((await tally(`open:mobile:${mobile}`))?.total).toBe(0);
    expect((await tally(`open:email:${email}`))?.total).toBe(0);
  });

  it("sweeps the places of a checkout that died before its order was stored", async () => {
    const email = "ghost@open.example";
    const orderId = newOrderId("ghst");
    // What a checkout that died right after taking its places leaves: the record and its parts, no order.
    const tallies = shop.places.ordersDb.db.collection<Tally>("shopper_tallies");
    await tallies.insertOne({ _id: `open:email:${email}`, total: 1, parts: { [orderId]: 1 } });
    const at = new Date();
    await shop.places.ordersDb.db
      .collection<OrderTallies>("order_tallies")
      .insertOne({ _id: orderId, open: [`open:email:${email}`], unpaid: [], createdAt: at, dueAt: at });
    await shop.reconciliation.runOnce(new Date(Date.now() + 1000));
    expect((await tally(`open:email:${email}`))?.total).toBe(0);
    expect(await record(orderId)).toBeNull();
  });
});
