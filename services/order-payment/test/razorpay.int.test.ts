import { createHmac } from "node:crypto";
import { signAccessToken } from "@storefront/auth";
import { buildApp, createLogger, type RunningServer, startServer } from "@storefront/http";
import {
  freshDatabase,
  isolatedRedis,
  isolatedVhost,
  type ServiceProcess,
  startServiceProcess,
  type TestDatabase,
  type TestRedis,
  type TestVhost,
} from "@storefront/testing";
import { SAMPLE_SHIPPING_ADDRESS } from "@storefront/testing/samples";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadOrderPaymentConfig } from "../src/config.js";
import type { OrderRecord } from "../src/orders/persistence/orders.js";
import { serveOrderPayment } from "./in-process-server.js";

/**
 * The razorpay adapter against a local fake of Razorpay's Orders API (Basic auth, amounts in paise, `order_…` ids),
 * with its checkout signature and its webhooks signed as Razorpay documents them.
 */
const KEY_ID = "rzp_test_1DP5mmOlF5G5ag";
const KEY_SECRET = "rzp-key-secret-for-the-fake";
const WEBHOOK_SECRET = "rzp-webhook-secret-for-the-fake";
const logger = createLogger({ service: "razorpay-test", level: "silent" });

interface FakePayment {
  id: string;
  order_id: string;
  amount: number;
  status: "captured" | "failed" | "authorized";
  acquirer_data: { rrn: string };
  created_at: number;
}
interface FakeRefund {
  id: string;
  payment_id: string;
  amount: number;
  receipt: string;
  status: "pending" | "processed" | "failed";
  acquirer_data: { arn: string | null };
}
const fake = {
  orders: new Map<string, { amount: number; receipt: string }>(),
  payments: [] as FakePayment[],
  /** Refunds by their idempotency key: the same key again answers the same refund (Razorpay's X-Refund-Idempotency). */
  refunds: new Map<string, FakeRefund>(),
  auth: "",
};
let fakeServer: RunningServer;
let orderPayment: RunningServer;
let catalogue: ServiceProcess;
let databases: TestDatabase[];
let vhost: TestVhost;
let redis: TestRedis;
let ordersDb: TestDatabase;
let token: string;
let keys: { secret: string; issuer: string };

beforeAll(async () => {
  const fakeApp = buildApp({
    service: "razorpay-fake",
    logger,
    routes: (app) => {
      app.post("/v1/orders", (req, res) => {
        fake.auth = req.get("authorization") ?? "";
        const id = `order_${Math.random().toString(36).slice(2, 16)}`;
        fake.orders.set(id, { amount: req.body.amount, receipt: req.body.receipt });
        res.json({
          id,
          entity: "order",
          amount: req.body.amount,
          currency: "INR",
          receipt: req.body.receipt,
          status: "created",
        });
      });
      app.post("/v1/payments/:id/refund", (req, res) => {
        const key = req.get("x-refund-idempotency") ?? "";
        const existing = fake.refunds.get(key);
        if (existing) return res.json(existing);
        const refund: FakeRefund = {
          id: `rfnd_${Math.random().toString(36).slice(2, 16)}`,
          payment_id: String(req.params.id),
          amount: req.body.amount,
          receipt: req.body.receipt,
          status: "pending",
          acquirer_data: { arn: null },
        };
        fake.refunds.set(key, refund);
        res.json(refund);
      });
      app.get("/v1/refunds/:id", (req, res) => {
        const refund = [...fake.refunds.values()].find((candidate) => candidate.id === req.params.id);
        if (!refund) return res.status(404).json({ error: { code: "BAD_REQUEST_ERROR", description: "not found" } });
        res.json(refund);
      });
      app.get("/v1/orders/:id/payments", (req, res) => {
        res.json({
          entity: "collection",
          items: fake.payments.filter((payment) => payment.order_id === req.params.id),
        });
      });
    },
  });
  fakeServer = await startServer(fakeApp, { port: 0, host: "127.0.0.1", logger, shutdownGraceMs: 200 });
  const [catalogueDb, orderDb] = await Promise.all([freshDatabase("rzp_catalogue"), freshDatabase("rzp_orders")]);
  databases = [catalogueDb, orderDb];
  ordersDb = orderDb;
  [vhost, redis] = await Promise.all([isolatedVhost("razorpay"), isolatedRedis("razorpay")]);
  catalogue = await startServiceProcess({
    entry: new URL("../../catalogue/dist/main.js", import.meta.url).pathname,
    env: { MONGO_URL: catalogueDb.url, MONGO_DB: catalogueDb.name, AMQP_URL: vhost.amqpUrl, LOG_LEVEL: "warn" },
  });
  const config = loadOrderPaymentConfig({
    NODE_ENV: "test",
    MONGO_URL: orderDb.url,
    MONGO_DB: orderDb.name,
    AMQP_URL: vhost.amqpUrl,
    REDIS_URL: redis.url,
    REDIS_PREFIX: `${redis.prefix}:order-payment`,
    CATALOGUE_URL: catalogue.url,
    PAYMENT_PROVIDER: "razorpay",
    RAZORPAY_BASE_URL: `${fakeServer.url}/v1`,
    RAZORPAY_KEY_ID: KEY_ID,
    RAZORPAY_KEY_SECRET: KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  keys = { secret: config.JWT_SECRET, issuer: config.JWT_ISSUER };
  token = signAccessToken(
    { sub: "u-asha", email: "asha@example.in", role: "USER" },
    { secret: config.JWT_SECRET, issuer: config.JWT_ISSUER, expiresInSeconds: 600 },
  );
  ({ server: orderPayment } = await serveOrderPayment(config, logger, { shutdownGraceMs: 500 }));
}, 60_000);
afterAll(async () => {
  await orderPayment?.close();
  await fakeServer?.close();
  await catalogue?.stop();
  await Promise.all([...(databases ?? []).map((d) => d.drop()), vhost?.cleanup(), redis?.cleanup()]);
});

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${orderPayment.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const stored = (orderId: string) => ordersDb.db.collection<OrderRecord>("orders").findOne({ _id: orderId });
const hex = (secret: string, message: string) => createHmac("sha256", secret).update(message).digest("hex");

async function newOrder(orderId: string) {
  const answer = await call("POST", "/api/payment/create-order", {
    orderId,
    customerName: "Asha Patil",
    customerEmail: "asha@example.in",
    mobile: "9876543210",
    products: [{ productId: "karanji", selectedWeight: "250 Gram", selectedQuantity: 3 }],
    shippingAddress: SAMPLE_SHIPPING_ADDRESS,
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { id: string; amount: number; currency: string; receipt: string; orderId: string };
}

function capture(razorpayOrderId: string, amount: number): FakePayment {
  const payment: FakePayment = {
    id: `pay_${Math.random().toString(36).slice(2, 16)}`,
    order_id: razorpayOrderId,
    amount,
    status: "captured",
    acquirer_data: { rrn: "998877665544" },
    created_at: Math.floor(Date.now() / 1000),
  };
  fake.payments.push(payment);
  return payment;
}

describe("razorpay", () => {
  it("creates the Razorpay order in paise with Basic auth and answers the card provider's order", async () => {
    const order = await newOrder("1732262400500rzpaa");
    expect(order).toMatchObject({ currency: "INR", receipt: "1732262400500rzpaa", orderId: "1732262400500rzpaa" });
    expect(order.id).toMatch(/^order_/);
    expect(fake.orders.get(order.id)).toEqual({ amount: order.amount, receipt: "1732262400500rzpaa" });
    expect(fake.auth).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString("base64")}`);
    expect((await stored("1732262400500rzpaa"))?.charges.totalPaise).toBe(order.amount);
  });

  it("verifies the checkout's signature over the stored Razorpay order id, then settles from Razorpay", async () => {
    const order = await newOrder("1732262400501rzpbb");
    const payment = capture(order.id, order.amount);
    const forged = await call("POST", "/api/payment/verify", {
      razorpay_payment_id: payment.id,
      razorpay_order_id: "order_SomeoneElses01",
      // Signed over another order id, as a browser replaying another order's success would.
      razorpay_signature: hex(KEY_SECRET, `order_SomeoneElses01|${payment.id}`),
      receipt: "1732262400501rzpbb",
    });
    expect(forged.status).toBe(400);
    expect((await stored("1732262400501rzpbb"))?.paymentStatus).toBe("PENDING");
    const genuine = await call("POST", "/api/payment/verify", {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: hex(KEY_SECRET, `${order.id}|${payment.id}`),
      receipt: "1732262400501rzpbb",
      amount: 1,
      email: "asha@example.in",
    });
    expect(genuine.status).toBe(200);
    expect(await genuine.json()).toMatchObject({ message: "Payment verified", paymentStatus: "SUCCESS" });
    expect((await stored("1732262400501rzpbb"))?.payment).toMatchObject({
      provider: "razorpay",
      paymentId: payment.id,
      transactionId: "998877665544",
    });
  });

  it("settles from a webhook signed with the webhook secret once, drops a replayed event id, refuses the key secret", async () => {
    const order = await newOrder("1732262400502rzpcc");
    const payment = capture(order.id, order.amount);
    const body = JSON.stringify({
      entity: "event",
      event: "payment.captured",
      payload: { payment: { entity: payment } },
      created_at: Math.floor(Date.now() / 1000),
    });
    const send = (signature: string, eventId: string) =>
      fetch(`${orderPayment.url}/api/payment/webhooks/razorpay`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-razorpay-signature": signature,
          "x-razorpay-event-id": eventId,
        },
        body,
      });
    expect((await send(hex(KEY_SECRET, body), "evt_1")).status).toBe(401);
    expect((await stored("1732262400502rzpcc"))?.paymentStatus).toBe("PENDING");
    const first = await send(hex(WEBHOOK_SECRET, body), "evt_2");
    expect(first.status).toBe(200);
    expect((await stored("1732262400502rzpcc"))?.paymentStatus).toBe("SUCCESS");
    const replay = await send(hex(WEBHOOK_SECRET, body), "evt_2");
    expect(await replay.json()).toMatchObject({ duplicate: true });
    expect(await ordersDb.db.collection("settlements").countDocuments({ _id: "1732262400502rzpcc" as never })).toBe(1);
  });

  it("refunds a cancelled order with X-Refund-Idempotency, and a refund.processed webhook credits it once", async () => {
    const order = await newOrder("1732262400503rzpdd");
    const payment = capture(order.id, order.amount);
    expect((await call("GET", "/api/payment/cashfree-verify/1732262400503rzpdd")).status).toBe(200);
    expect((await stored("1732262400503rzpdd"))?.paymentStatus).toBe("SUCCESS");
    const admin = signAccessToken(
      { sub: "u-admin", email: "admin@shop.example", role: "ADMIN" },
      { secret: keys.secret, issuer: keys.issuer, expiresInSeconds: 600 },
    );
    const cancelled = await call(
      "POST",
      "/api/payment/admin/order/1732262400503rzpdd/cancel",
      { reason: "cannot-deliver" },
      { authorization: `Bearer ${admin}` },
    );
    expect(cancelled.status).toBe(200);
    const refund = fake.refunds.get("1732262400503rzpdd-R1");
    expect(refund).toMatchObject({ payment_id: payment.id, amount: order.amount, receipt: "1732262400503rzpdd-R1" });
    expect((await stored("1732262400503rzpdd"))?.refunds?.[0]).toMatchObject({
      status: "PENDING",
      providerRefundId: refund!.id,
    });
    refund!.status = "processed";
    refund!.acquirer_data.arn = "ARN77665544";
    const body = JSON.stringify({
      entity: "event",
      event: "refund.processed",
      payload: { refund: { entity: refund }, payment: { entity: payment } },
      created_at: Math.floor(Date.now() / 1000),
    });
    const send = (eventId: string) =>
      fetch(`${orderPayment.url}/api/payment/webhooks/razorpay`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-razorpay-signature": hex(WEBHOOK_SECRET, body),
          "x-razorpay-event-id": eventId,
        },
        body,
      });
    expect(
      (await Promise.all([send("evt_r1"), send("evt_r2"), send("evt_r1")])).map((answer) => answer.status),
    ).toEqual([200, 200, 200]);
    const credited = await stored("1732262400503rzpdd");
    expect(credited?.refunds).toHaveLength(1);
    expect(credited?.refunds?.[0]).toMatchObject({ status: "SUCCESS", bankReference: "ARN77665544" });
    expect(fake.refunds.size).toBe(1);
  });
});
