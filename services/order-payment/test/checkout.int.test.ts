import { signAccessToken } from "@storefront/auth";
import { orderPaidV3 } from "@storefront/contracts";
import { createLogger } from "@storefront/http";
import { eventually, MANY_ORDERS_FROM_ONE_SHOPPER, seriesValue } from "@storefront/testing";
import { type CommandStartedEvent, MongoClient } from "mongodb";
import { describe, expect, it } from "vitest";
import { festivalPasses } from "../src/counter/persistence/festival-passes.js";
import { couponUsesRepository } from "../src/coupons/persistence/coupon-uses.js";
import { fulfilmentBoard } from "../src/kitchen/persistence/fulfilment-board.js";
import { kitchenRepository } from "../src/kitchen/persistence/kitchen.js";
import { type OrderRecord, orderRepository } from "../src/orders/persistence/orders.js";
import { shopperTallies } from "../src/orders/persistence/shopper-tallies.js";
import { Reconciliation } from "../src/payments/jobs/reconciliation.js";
import { CashfreeGateway } from "../src/payments/providers/cashfree.js";
import { salesDays } from "../src/summary/persistence/sales-days.js";
import { postSignedCashfreeWebhook } from "./cashfree-webhook.js";
import { checkoutRequest, checkoutShop } from "./checkout-shop.js";

/** Checkout against the real catalogue (its own process), the sandbox provider and order-payment on FerretDB. */
const SECRET = "sandbox-secret-for-the-checkout-test";
const shop = checkoutShop("checkout", SECRET, {
  sandboxEnv: { SANDBOX_WEBHOOK_COPIES: "5" },
  // Queues bound like billing's will be, to count the order.paid messages and the order's other events on the bus.
  queues: {
    "test.paid": ["order.paid"],
    "test.order-events": ["order.status-changed", "order.payment-failed"],
  },
  // The tests' shoppers share this machine's address and one mobile number; the limits have their own test.
  env: MANY_ORDERS_FROM_ONE_SHOPPER,
});

const userToken = (sub: string, email: string) =>
  signAccessToken({ sub, email, role: "USER" }, { ...shop.keys, expiresInSeconds: 600 });
const { adminToken, guestProof, call, stored } = shop;
const orderRequest = (orderId: string, email: string, products?: unknown[]) =>
  checkoutRequest(orderId, email, {
    ...(products ? { products } : {}),
    // Tampered: the server prices from the catalogue.
    amount: 1,
    postalDeliveryCharges: 0,
    platformCharges: 0,
  });
/** A checkout (the spec's create-order) with `token`, of `orderRequest`'s body. */
const checkout = (token: string, orderId: string, email: string, products?: unknown[]) =>
  call("POST", "/api/payment/cashfree-order", token, orderRequest(orderId, email, products));
/** Reconciliation's two cases for one shopper: `paidId` paid on the sandbox with its webhook lost, `unpaidId` left unpaid. */
async function lostWebhookAndUnpaid(token: string, email: string, paidId: string, unpaidId: string) {
  const { paymentSessionId } = (await (await checkout(token, paidId, email)).json()) as { paymentSessionId: string };
  await fetch(`${shop.places.sandbox.url}/checkout/${paymentSessionId}/pay?webhook=drop`, { method: "POST" });
  await checkout(token, unpaidId, email);
}
/** A series' value in GET /metrics (0 when it does not exist yet). */
async function metric(name: string, labels: Record<string, string>): Promise<number> {
  return seriesValue(await (await fetch(`${shop.server.url}/metrics`)).text(), name, labels);
}

describe("checkout", () => {
  it("prices the order from the catalogue, ignoring the browser's amounts, and opens a payment session", async () => {
    const asha = userToken("u-asha", "asha@example.in");
    const answer = await checkout(asha, "1732262400200aaaaa", "asha@example.in");
    expect(answer.status).toBe(200);
    const { paymentSessionId, orderId } = (await answer.json()) as { paymentSessionId: string; orderId: string };
    expect(paymentSessionId).toMatch(/^session_/);
    const order = await stored(orderId);
    const modak = order!.lines[0]!;
    expect(order!.charges.totalPaise).toBe(modak.unitPricePaise * 2 + 3000);
    expect(order!.charges.totalPaise).toBeGreaterThan(1);
    // The same id again from the same customer answers the same session.
    const again = await call(
      "POST",
      "/api/payment/create-order",
      asha,
      orderRequest("1732262400200aaaaa", "asha@example.in"),
    );
    expect(((await again.json()) as { paymentSessionId: string }).paymentSessionId).toBe(paymentSessionId);
  });

  it("refuses an 11th unit of a product, an empty cart, another customer's order id and a short address", async () => {
    const ravi = userToken("u-ravi", "ravi@example.in");
    const eleven = await checkout(ravi, "1732262400201bbbbb", "ravi@example.in", [
      { productId: "karanji", selectedWeight: "250 Gram", selectedQuantity: 6 },
      { productId: "karanji", selectedWeight: "500 Gram", selectedQuantity: 5 },
    ]);
    expect(eleven.status).toBe(400);
    expect(((await eleven.json()) as { message: string }).message).toBe(
      "Only max 10 units of items can be added per order.",
    );
    const empty = await checkout(ravi, "1732262400201bbbbb", "ravi@example.in", []);
    expect(((await empty.json()) as { message: string }).message).toBe("No products in cart for purchase.");
    const taken = await checkout(ravi, "1732262400200aaaaa", "ravi@example.in");
    expect(taken.status).toBe(409);
    const short = await call("POST", "/api/payment/cashfree-order", ravi, {
      ...orderRequest("1732262400202ccccc", "ravi@example.in"),
      shippingAddress: "Pune 411001",
    });
    expect(((await short.json()) as { message: string }).message).toBe("Complete Address is required for Shipping...");
    expect(await stored("1732262400201bbbbb")).toBeNull();
  });

  it("lets a guest read the orders of the email their proof names, and no other", async () => {
    const proof = guestProof("guest.one@example.in");
    expect((await checkout(proof, "1732262400203ddddd", "guest.one@example.in")).status).toBe(200);
    expect((await call("GET", "/api/payment/cashfree-get/1732262400203ddddd", proof)).status).toBe(200);
    const stranger = guestProof("guest.two@example.in");
    expect((await call("GET", "/api/payment/cashfree-get/1732262400203ddddd", stranger)).status).toBe(404);
    expect(
      (await call("GET", "/api/payment/order/1732262400203ddddd", userToken("u-ravi", "ravi@example.in"))).status,
    ).toBe(404);
    // A guest cannot pay as another email than the one proven.
    const posing = await checkout(stranger, "1732262400204eeeee", "guest.one@example.in");
    expect(posing.status).toBe(403);
  });

  it("settles an order once from five webhooks and a concurrent browser verify, with one order.paid", async () => {
    const meera = userToken("u-meera", "meera@example.in");
    const paidBefore = await metric("payments_total", { provider: "sandbox", outcome: "paid" });
    const created = await checkout(meera, "1732262400205fffff", "meera@example.in");
    const { paymentSessionId } = (await created.json()) as { paymentSessionId: string };
    await fetch(`${shop.places.sandbox.url}/checkout/${paymentSessionId}/pay`, { method: "POST" });
    const verifies = await Promise.all([
      call("GET", "/api/payment/cashfree-verify/1732262400205fffff", meera),
      call("GET", "/api/payment/cashfree-verify/1732262400205fffff", meera),
    ]);
    expect(verifies.map((answer) => answer.status)).toEqual([200, 200]);
    const order = await eventually(async () => {
      const current = await stored("1732262400205fffff");
      return current?.paymentStatus === "SUCCESS" && current;
    });
    expect(order.orderStatus).toBe("PAID");
    // Five webhooks and two verifies: one settlement, one order.paid on the bus (and it stays one).
    const paidMessages = async () =>
      (await shop.places.vhost.peek("test.paid", 50))
        .map((message) => orderPaidV3.parse(JSON.parse(message.payload)))
        .filter((event) => event.data.orderId === "1732262400205fffff");
    await eventually(async () => (await paidMessages()).length === 1, { what: "the order.paid message" });
    await new Promise((resolve) => setTimeout(resolve, 700));
    const [paid] = await paidMessages();
    expect(await paidMessages()).toHaveLength(1);
    expect(paid?.data).toMatchObject({
      amountPaise: order.charges.totalPaise,
      customer: { email: "meera@example.in" },
    });
    expect(
      await shop.places.ordersDb.db.collection("settlements").countDocuments({ _id: "1732262400205fffff" as never }),
    ).toBe(1);
    const detail = (await (await call("GET", "/api/payment/cashfree-get/1732262400205fffff", meera)).json()) as {
      paymentStatus: string;
    };
    expect(detail.paymentStatus).toBe("SUCCESS");
    // Counted once too, for the on-call's dashboard; and the order.paid publish, and the verify route by its pattern.
    expect(await metric("payments_total", { provider: "sandbox", outcome: "paid" })).toBe(paidBefore + 1);
    expect(await metric("events_published_total", { type: "order.paid", outcome: "routed" })).toBeGreaterThanOrEqual(1);
    expect(
      await metric("http_server_request_duration_seconds_count", {
        method: "GET",
        route: "/api/payment/cashfree-verify/:orderId",
        status_code: "200",
      }),
    ).toBeGreaterThanOrEqual(2);
  });

  it("refuses a forged webhook with 401 and changes nothing", async () => {
    const meera = userToken("u-meera", "meera@example.in");
    await checkout(meera, "1732262400206ggggg", "meera@example.in");
    const body = JSON.stringify({
      type: "PAYMENT_SUCCESS_WEBHOOK",
      data: {
        order: { order_id: "1732262400206ggggg", order_amount: 9999 },
        payment: { cf_payment_id: "x", payment_status: "SUCCESS", payment_amount: 9999 },
      },
    });
    const forged = await fetch(`${shop.server.url}/api/payment/webhooks/cashfree`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-webhook-signature": "Zm9yZ2Vk",
        "x-webhook-timestamp": String(Date.now()),
      },
      body,
    });
    expect(forged.status).toBe(401);
    expect((await stored("1732262400206ggggg"))?.paymentStatus).toBe("PENDING");
  });

  it("refuses a webhook signed correctly but more than 5 minutes old with 401", async () => {
    const meera = userToken("u-meera", "meera@example.in");
    await checkout(meera, "1732262400207hhhhh", "meera@example.in");
    const stale = await sendSignedWebhook("1732262400207hhhhh", 99_999, Date.now() - 6 * 60_000);
    expect(stale.status).toBe(401);
    expect((await stored("1732262400207hhhhh"))?.paymentStatus).toBe("PENDING");
  });

  it("does not mark an underpaid order paid, and flags it for the admin", async () => {
    const meera = userToken("u-meera", "meera@example.in");
    const { paymentSessionId } = (await (await checkout(meera, "1732262400208iiiii", "meera@example.in")).json()) as {
      paymentSessionId: string;
    };
    await fetch(`${shop.places.sandbox.url}/checkout/${paymentSessionId}/pay?amount=1.00`, { method: "POST" });
    const flagged = await eventually(
      async () => (await stored("1732262400208iiiii"))?.underpaid && stored("1732262400208iiiii"),
    );
    expect(flagged).toMatchObject({ paymentStatus: "PENDING", underpaid: { amountPaise: 100 } });
    const verify = await call("GET", "/api/payment/cashfree-verify/1732262400208iiiii", meera);
    expect(((await verify.json()) as { paymentStatus: string }).paymentStatus).toBe("PENDING");
  });

  it("records a failed payment once and publishes order.payment-failed", async () => {
    const proof = guestProof("guest.fail@example.in");
    const { paymentSessionId } = (await (
      await checkout(proof, "1732262400209jjjjj", "guest.fail@example.in")
    ).json()) as { paymentSessionId: string };
    await fetch(`${shop.places.sandbox.url}/checkout/${paymentSessionId}/fail`, { method: "POST" });
    const failed = await eventually(async () => {
      const order = await stored("1732262400209jjjjj");
      return order?.paymentStatus === "FAILED" && order;
    });
    expect(failed.failure?.reason).toBe("payment failed");
    await eventually(async () => (await orderEvents("order.payment-failed", "1732262400209jjjjj")).length === 1, {
      what: "the order.payment-failed message",
    });
    await new Promise((resolve) => setTimeout(resolve, 500)); // five webhook copies: still one event
    expect(await orderEvents("order.payment-failed", "1732262400209jjjjj")).toHaveLength(1);
  });

  it("settles a paid order whose webhook was lost, on reconciliation, and expires one left unpaid", async () => {
    const ravi = userToken("u-ravi", "ravi@example.in");
    await lostWebhookAndUnpaid(ravi, "ravi@example.in", "1732262400210kkkkk", "1732262400211lllll");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await stored("1732262400210kkkkk"))?.paymentStatus).toBe("PENDING");

    // Four minutes on: the paid one is settled from the provider's payments; the unpaid one is still waiting.
    const soon = await shop.reconciliation.runOnce(new Date(Date.now() + 4 * 60_000));
    expect(soon.paid).toBeGreaterThanOrEqual(1);
    expect((await stored("1732262400210kkkkk"))?.paymentStatus).toBe("SUCCESS");
    expect((await stored("1732262400211lllll"))?.paymentStatus).toBe("PENDING");
    // An hour on: the unpaid one has expired.
    await shop.reconciliation.runOnce(new Date(Date.now() + 60 * 60_000));
    expect(await stored("1732262400211lllll")).toMatchObject({
      paymentStatus: "FAILED",
      failure: { reason: "expired" },
    });
  });
});

describe("admin fulfilment", () => {
  it("lists the active orders to an admin only, and moves a paid order through fulfilment once per change", async () => {
    const meera = userToken("u-meera", "meera@example.in");
    const { paymentSessionId } = (await (await checkout(meera, "1732262400212mmmmm", "meera@example.in")).json()) as {
      paymentSessionId: string;
    };
    expect((await call("GET", "/api/payment/orders", meera)).status).toBe(403);
    const unpaid = await call("POST", "/api/payment/update-status", adminToken(), {
      orderId: "1732262400212mmmmm",
      orderStatus: "Dispatched",
    });
    expect(unpaid.status).toBe(409);

    await fetch(`${shop.places.sandbox.url}/checkout/${paymentSessionId}/pay`, { method: "POST" });
    await eventually(async () => (await stored("1732262400212mmmmm"))?.paymentStatus === "SUCCESS");
    const list = (await (await call("GET", "/api/payment/orders?limit=100", adminToken())).json()) as {
      orders: { orderId: string; itemCount: number; status: string }[];
    };
    expect(list.orders.find((row) => row.orderId === "1732262400212mmmmm")).toMatchObject({
      itemCount: 2,
      status: "SUCCESS",
    });
    expect(list.orders.every((row) => row.status === "SUCCESS")).toBe(true);

    // Right after order.paid (its relay at work on the same document): the change must stick.
    const answers: Record<string, unknown>[] = [];
    for (const orderStatus of ["Preparing", "Dispatched", "Dispatched"]) {
      const answer = await call("POST", "/api/payment/update-status", adminToken(), {
        orderId: "1732262400212mmmmm",
        orderStatus,
      });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { message: string };
      expect(body.message).toBe("Status updated Successfully");
      answers.push(body);
    }
    // Each answer is the owner's whole order page as a read of it gives (the page shows it without a reload): the
    // move in the timeline, what is left to refund, and whether the owner may still cancel (before dispatch only).
    const paidPaise = (await stored("1732262400212mmmmm"))!.charges.totalPaise;
    const labels = (answer: Record<string, unknown>) =>
      (answer.timeline as { label: string }[] | undefined)?.map((step) => step.label);
    expect(answers[0]).toMatchObject({ orderStatus: "Preparing", refundableLeftPaise: paidPaise, cancellable: true });
    expect(labels(answers[0]!)).toEqual(["Order placed", "Paid", "Preparing"]);
    expect(answers[1]).toMatchObject({ orderStatus: "Dispatched", refundableLeftPaise: paidPaise, cancellable: false });
    expect(labels(answers[1]!)).toEqual(["Order placed", "Paid", "Preparing", "Dispatched"]);
    expect(answers[2]).toMatchObject({ changed: false, refundableParts: { deliveryPaise: expect.any(Number) } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await stored("1732262400212mmmmm"))?.orderStatus).toBe("Dispatched");
    await eventually(async () => (await orderEvents("order.status-changed", "1732262400212mmmmm")).length === 2, {
      what: "two order.status-changed messages",
    });
    const changes = await orderEvents("order.status-changed", "1732262400212mmmmm");
    expect(changes.map((event) => event.data.to)).toEqual(["Preparing", "Dispatched"]);
    expect(
      (
        await call("POST", "/api/payment/update-status", meera, {
          orderId: "1732262400212mmmmm",
          orderStatus: "Delivered",
        })
      ).status,
    ).toBe(403);
  });

  it("pages the orders by cursor, newest first, and finds one by order id or email", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query = `?paymentStatus=PENDING&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = (await (await call("GET", `/api/payment/orders${query}`, adminToken())).json()) as {
        orders: { orderId: string; orderDate: string }[];
        nextCursor: string | null;
      };
      seen.push(...page.orders.map((row) => row.orderId));
      cursor = page.nextCursor;
    } while (cursor);
    const pending = await shop.places.ordersDb.db
      .collection<OrderRecord>("orders")
      .countDocuments({ paymentStatus: "PENDING" });
    expect(seen).toHaveLength(pending);
    expect(new Set(seen).size).toBe(pending);
    const byEmail = (await (await call("GET", "/api/payment/orders?search=guest.one", adminToken())).json()) as {
      orders: { orderId: string }[];
    };
    expect(byEmail.orders.map((row) => row.orderId)).toEqual(["1732262400203ddddd"]);
    const byId = (await (await call("GET", "/api/payment/orders?search=1732262400203", adminToken())).json()) as {
      orders: { orderId: string }[];
    };
    expect(byId.orders.map((row) => row.orderId)).toEqual(["1732262400203ddddd"]);
  });
});

/** A webhook signed with the shop's secret, as Cashfree would send it for a successful payment. */
function sendSignedWebhook(orderId: string, amountPaise: number, timestamp = Date.now()) {
  return postSignedCashfreeWebhook(
    shop.server.url,
    SECRET,
    {
      type: "PAYMENT_SUCCESS_WEBHOOK",
      data: {
        order: { order_id: orderId, order_amount: amountPaise / 100 },
        payment: { cf_payment_id: `pay-${timestamp}`, payment_status: "SUCCESS", payment_amount: amountPaise / 100 },
      },
    },
    timestamp,
  );
}

/** The order events of one type and order that reached the bus (peeked, not consumed). */
async function orderEvents(type: string, orderId: string) {
  return (await shop.places.vhost.peek("test.order-events", 100))
    .map((message) => JSON.parse(message.payload) as { type: string; data: { orderId: string; to?: string } })
    .filter((event) => event.type === type && event.data.orderId === orderId);
}

describe("reconciliation reads its due lists, not the orders (docs/order-lifecycle.md, Reconciliation)", () => {
  const awaiting = (orderId: string) =>
    shop.places.ordersDb.db.collection<{ _id: string }>("orders_awaiting_payment").findOne({ _id: orderId });

  it("lists an order while its payment is PENDING and takes it off once paid", async () => {
    const asha = userToken("u-asha-due", "asha.due@example.in");
    const created = await checkout(asha, "1732262400301duepa", "asha.due@example.in");
    const { paymentSessionId } = (await created.json()) as { paymentSessionId: string };
    expect(await awaiting("1732262400301duepa")).toMatchObject({ _id: "1732262400301duepa" });
    await fetch(`${shop.places.sandbox.url}/checkout/${paymentSessionId}/pay`, { method: "POST" });
    await eventually(async () => (await stored("1732262400301duepa"))?.paymentStatus === "SUCCESS");
    // The order leaves the list just after its own write (orders/persistence/orders.ts, apply): read until it has.
    await eventually(async () => (await awaiting("1732262400301duepa")) === null, { what: "off the awaiting list" });
    expect(
      await shop.places.ordersDb.db.collection("refunds_pending").countDocuments({ orderId: "1732262400301duepa" }),
    ).toBe(0);
  });

  it("settles a lost webhook and expires an unpaid order with no command on orders that is not by _id", async () => {
    const ravi = userToken("u-ravi-due", "ravi.due@example.in");
    await lostWebhookAndUnpaid(ravi, "ravi.due@example.in", "1732262400302duelo", "1732262400303dueun");
    // An entry whose order is gone (its process died between the two writes of a checkout): removed by the pass.
    await shop.places.ordersDb.db
      .collection<{ _id: string; since: Date }>("orders_awaiting_payment")
      .insertOne({ _id: "1732262400304dueno", since: new Date(Date.now() - 3_600_000) });

    // A pass of its own over a client that reports every command it sends.
    const commands: CommandStartedEvent[] = [];
    const client = new MongoClient(shop.places.ordersDb.url, { monitorCommands: true });
    client.on("commandStarted", (event) => commands.push(event));
    await client.connect();
    const db = client.db(shop.places.ordersDb.name);
    const config = shop.config;
    const pass = new Reconciliation({
      orders: orderRepository(db),
      kitchen: kitchenRepository(db),
      couponUses: couponUsesRepository(db),
      tallies: shopperTallies(db),
      sales: salesDays(db),
      board: fulfilmentBoard(db),
      gateway: new CashfreeGateway({
        provider: config.PAYMENT_PROVIDER,
        baseUrl: config.CASHFREE_BASE_URL,
        appId: config.CASHFREE_APP_ID,
        secret: config.CASHFREE_SECRET_KEY,
        timeoutMs: config.PROVIDER_TIMEOUT_MS,
      }),
      logger: createLogger({ service: "checkout-test", level: "silent" }),
      now: () => new Date(),
      sealKey: config.EVENT_SEAL_KEY,
      passes: festivalPasses(db),
      cancellation: { cutoffMinutes: config.CANCELLATION_CUTOFF },
      redisUrl: shop.places.redis.url,
      prefix: `${config.REDIS_PREFIX}-monitored`,
      everyMs: config.RECONCILE_EVERY_MS,
      settleAfterMs: config.RECONCILE_AFTER_MS,
      expireAfterMs: config.ORDER_EXPIRES_AFTER_MS,
    });
    try {
      await pass.runOnce(new Date(Date.now() + 60 * 60_000));
    } finally {
      await pass.close();
      await client.close();
    }
    expect((await stored("1732262400302duelo"))?.paymentStatus).toBe("SUCCESS");
    expect(await stored("1732262400303dueun")).toMatchObject({
      paymentStatus: "FAILED",
      failure: { reason: "expired" },
    });
    for (const orderId of ["1732262400302duelo", "1732262400303dueun", "1732262400304dueno"]) {
      expect(await awaiting(orderId)).toBeNull();
    }

    // What each command filtered on: find, count, update, delete, findAndModify, aggregate.
    const filtersOf = (event: CommandStartedEvent): unknown[] => {
      const { command } = event;
      if (Array.isArray(command.updates)) return command.updates.map((statement: { q: unknown }) => statement.q);
      if (Array.isArray(command.deletes)) return command.deletes.map((statement: { q: unknown }) => statement.q);
      if (Array.isArray(command.pipeline)) return [command.pipeline[0]?.$match ?? {}];
      return [command.filter ?? command.query ?? {}];
    };
    const collectionOf = (event: CommandStartedEvent) => event.command[event.commandName];
    const onOrders = commands.filter((event) => ["orders", "kitchen_holds"].includes(collectionOf(event)));
    expect(onOrders.length).toBeGreaterThan(0);
    const scans = onOrders.filter(
      (event) =>
        event.commandName !== "insert" &&
        filtersOf(event).some((filter) => !filter || typeof filter !== "object" || !("_id" in filter)),
    );
    expect(
      scans.map((event) => `${event.commandName} ${collectionOf(event)} ${JSON.stringify(filtersOf(event))}`),
    ).toEqual([]);
  });
});
