import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { signAccessToken } from "@storefront/auth";
import { DEFAULT_LEASE_MS } from "@storefront/messaging";
import {
  checkoutEnv,
  serviceEntry as entry,
  freePort,
  freshDatabase,
  isolatedRedis,
  isolatedRun,
  isolatedVhost,
  localBroker,
  MANY_ORDERS_FROM_ONE_SHOPPER,
  receiptsPipeline,
  sampleOrderPaid,
  seriesValue,
  startServiceProcess,
  testInfra,
  uniqueName,
} from "@storefront/testing";
import { Redis } from "ioredis";
import { MongoClient } from "mongodb";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The fault suite (docs/operations/faults.md): faults a shop meets, put to the real servers while orders are paid, and
 * what must hold after each: nothing lost, nothing done twice, and recovery without anyone restarting a service. It
 * runs on a broker and Redis of its own (scripts/test.sh: the drill servers), as it restarts them, and prints its counts.
 */
const root = new URL("../../", import.meta.url);
const tally = { faults: 0, paidOrders: 0, invoices: 0, emails: 0, lost: 0, duplicated: 0, recoverySeconds: 0 };

afterAll(() => {
  const line =
    `faults: ${tally.faults} faults, ${tally.paidOrders} paid orders, ${tally.invoices} invoices, ` +
    `${tally.emails} emails, ${tally.lost} lost, ${tally.duplicated} duplicated, ` +
    `recovered in ${tally.recoverySeconds} s without a restart`;
  console.log(line);
  // Beside the other suites' results: scripts/test.sh prints it next to the totals.
  const results = new URL(".data/test-results/", root);
  mkdirSync(results, { recursive: true });
  writeFileSync(new URL("faults.txt", results), `${line}\n`);
});

/** A MailDev of the test's own on free ports, which the test stops and starts again (the shared one stays up). */
async function ownMailServer() {
  const [smtpPort, webPort] = [await freePort(), await freePort()];
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      new URL("node_modules/.bin/maildev", root).pathname,
      ["--smtp", String(smtpPort), "--web", String(webPort), "--ip", "127.0.0.1", "--silent"],
      { stdio: "ignore" },
    );
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${webPort}/email`).then(
            (r) => r.ok,
            () => false,
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  };
  const emails = async () =>
    (await (await fetch(`http://127.0.0.1:${webPort}/email`)).json()) as Array<{ subject: string; messageId: string }>;
  await start();
  return { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, start, stop, emails };
}

/**
 * A TCP proxy in front of the database, which the test cuts (every connection closed, new ones refused) and restores:
 * the database away for the service behind it, while the shared server goes on for everything else.
 */
async function databaseLink(target: URL) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const up = () =>
    new Promise<void>((resolve) => {
      if (server?.listening) return resolve();
      server = createServer((client) => {
        const upstream = createConnection({ host: target.hostname, port: Number(target.port || 27017) });
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, "127.0.0.1", resolve);
    });
  const down = async () => {
    if (!server?.listening) return;
    const closed = new Promise((resolve) => server?.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  await up();
  return { url: `mongodb://127.0.0.1:${port}`, up, down };
}

/**
 * Checkout on the real servers as processes: the catalogue, the payment sandbox (each webhook sent `webhookCopies`
 * times and retried like Cashfree's while refused) and order-payment on a fixed port, with a queue bound like
 * billing's to count the `order.paid` events that reach the bus.
 */
async function checkoutRig(label: string, options: { webhookCopies: number }) {
  const SECRET = `${label}-sandbox-secret`;
  const keys = { secret: `${label}-jwt-secret-of-32-characters-at-least`, issuer: "storefront-identity" };
  const [catalogueDb, orderDb, vhost, redis] = await Promise.all([
    freshDatabase(`${label}-catalogue`),
    freshDatabase(`${label}-orders`),
    isolatedVhost(label),
    isolatedRedis(label),
  ]);
  await vhost.bindQueue("fault.paid", ["order.paid"]);
  const catalogue = await startServiceProcess({
    entry: entry("catalogue"),
    env: { ...catalogueDb.env, AMQP_URL: vhost.amqpUrl, LOG_LEVEL: "warn" },
  });
  const sandbox = await startServiceProcess({
    entry: entry("payment-sandbox"),
    env: {
      NODE_ENV: "test",
      SANDBOX_SECRET: SECRET,
      SANDBOX_WEBHOOK_COPIES: String(options.webhookCopies),
      SANDBOX_WEBHOOK_RETRY_DELAYS_MS: "1000,2000,4000,8000",
      LOG_LEVEL: "warn",
    },
  });
  const port = await freePort();
  const start = () =>
    startServiceProcess({
      entry: entry("order-payment"),
      port,
      env: {
        NODE_ENV: "test",
        ...checkoutEnv({
          orders: orderDb,
          amqpUrl: vhost.amqpUrl,
          redis,
          catalogueUrl: catalogue.url,
          sandbox: { url: sandbox.url, secret: SECRET },
        }),
        JWT_SECRET: keys.secret,
        JWT_ISSUER: keys.issuer,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // One shopper opens every order of the drill before paying them.
        ...MANY_ORDERS_FROM_ONE_SHOPPER,
        LOG_LEVEL: "warn",
      },
    });
  let orderPayment = await start();
  const mongo = await MongoClient.connect(testInfra().mongoUrl);
  const token = signAccessToken(
    { sub: `u-${label}`, email: `asha@${label}.example`, role: "USER" },
    { ...keys, expiresInSeconds: 600 },
  );
  const orders: string[] = [];
  const queued = async () =>
    (
      (await vhost.management.request("GET", `/queues/${encodeURIComponent(vhost.vhost)}/fault.paid`)) as {
        messages?: number;
      }
    ).messages ?? 0;
  return {
    /** Creates `count` orders through order-payment's API; answers their payment sessions. */
    async placeOrders(count: number): Promise<string[]> {
      const sessions: string[] = [];
      for (let i = 0; i < count; i++) {
        const orderId = `${Date.now()}${label.replace(/\W/g, "").slice(0, 8)}${String(i).padStart(2, "0")}`;
        orders.push(orderId);
        const answer = await fetch(`${orderPayment.url}/api/payment/cashfree-order`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({
            orderId,
            customerName: "Asha Patil",
            customerEmail: `asha@${label}.example`,
            mobile: "9876543210",
            products: [{ productId: "ukadiche-modak", selectedWeight: "500 Gram", selectedQuantity: 1 }],
            shippingAddress: "Flat 4, Sai Krupa Society, Pune City, Ghorpuri Bazar, Pune, Maharashtra-411001",
            amount: 1,
            postalDeliveryCharges: 0,
            platformCharges: 0,
          }),
        });
        expect(answer.status).toBe(200);
        sessions.push(((await answer.json()) as { paymentSessionId: string }).paymentSessionId);
      }
      return sessions;
    },
    /** The shopper pays in the sandbox's hosted page; its webhooks go out on their own. */
    async pay(session: string) {
      expect((await fetch(`${sandbox.url}/checkout/${session}/pay`, { method: "POST" })).status).toBe(200);
    },
    async killOrderPayment() {
      orderPayment.child.kill("SIGKILL");
      await orderPayment.exited;
    },
    async startOrderPayment() {
      orderPayment = await start();
    },
    orderPaymentRunning: () => orderPayment.child.exitCode === null,
    /** Every order placed is PAID, and exactly one `order.paid` each reached the bus (and no more comes). */
    async expectEachPaidOnce(count: number) {
      const paid = () =>
        mongo
          .db(orderDb.name)
          .collection<{ _id: string }>("orders")
          .countDocuments({ _id: { $in: orders }, paymentStatus: "SUCCESS" });
      await expect.poll(paid, { timeout: 60_000, interval: 500 }).toBe(count);
      // A relay killed while it held a claim on an order leaves that order's events to the next relay once the
      // claim's lease runs out (libs/messaging's outbox relay): up to a lease, then a poll, after the restart.
      await expect.poll(queued, { timeout: DEFAULT_LEASE_MS + 15_000, interval: 500 }).toBe(count);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(await queued()).toBe(count);
    },
    async close() {
      await mongo.close();
      await orderPayment.stop().catch(() => {});
      await Promise.all([sandbox.stop(), catalogue.stop()]);
      await Promise.all([catalogueDb.drop(), orderDb.drop(), vhost.cleanup(), redis.cleanup()]);
    },
  };
}

describe("faults the shop gets over by itself", () => {
  it("SMTP down while orders are paid, then back: every order mail goes out once, notification never restarted", async () => {
    tally.faults++;
    const mail = await ownMailServer();
    const pipeline = await receiptsPipeline("fault-smtp", {
      instances: 1,
      smtpUrl: mail.smtpUrl,
      // Short retries, so the outage spans many failed sends (five used to jam the mailer for good) in seconds; the
      // last ones repeat, so a mail is still retried when the outage lasts longer on a busy machine (invoicing the
      // ten orders took up to 30 s beside the other suites) instead of being parked for the on-call engineer.
      notificationEnv: { EVENT_RETRY_DELAYS_MS: "1000,2000,4000,8000,15000,30000,30000,30000,30000" },
    });
    try {
      const orders = Array.from({ length: 10 }, () => uniqueName("fault-smtp-order"));
      await mail.stop();
      await pipeline.publish(orders.map((orderId) => sampleOrderPaid(orderId)));
      // Every order is invoiced while SMTP is away; each confirmation mail fails, more than five sends in all.
      await expect.poll(async () => (await pipeline.receipts()).length, { timeout: 30_000 }).toBe(orders.length);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const pid = pipeline.notification[0]?.child.pid;

      await mail.start();
      const back = Date.now();
      await expect.poll(pipeline.sentConfirmations, { timeout: 90_000, interval: 500 }).toBe(orders.length);
      const recovered = Math.ceil((Date.now() - back) / 1000);
      // One email per order in the inbox, none twice.
      const received = (await mail.emails()).map((email) => email.messageId);
      expect(new Set(received).size).toBe(received.length);
      expect(received.length).toBe(orders.length);
      expect(pipeline.notification[0]?.child.pid).toBe(pid);
      expect(pipeline.notification[0]?.child.exitCode).toBeNull();

      tally.paidOrders += orders.length;
      tally.invoices += (await pipeline.receipts()).length;
      tally.emails += received.length;
      tally.lost += orders.length - received.length;
      tally.duplicated += received.length - new Set(received).size;
      tally.recoverySeconds = Math.max(tally.recoverySeconds, recovered);
    } finally {
      await pipeline.close();
      await mail.stop();
    }
  }, 240_000);

  it("kill -9 of a billing instance mid-burst: every order invoiced once, numbers without a gap, mailed once", async () => {
    tally.faults++;
    const mail = await ownMailServer();
    const pipeline = await receiptsPipeline("fault-kill-billing", { instances: 2, smtpUrl: mail.smtpUrl });
    try {
      const orders = Array.from({ length: 60 }, () => uniqueName("fault-kill-order"));
      await pipeline.publish(orders.map((orderId) => sampleOrderPaid(orderId)));
      // Mid-burst: once some invoices are out, the first instance dies without a word (its unacked deliveries go
      // back to the queue), and the one left carries on. A crashed pod comes back as a new process, as k8s does.
      await expect
        .poll(async () => (await pipeline.receipts()).length, { timeout: 30_000, interval: 50 })
        .toBeGreaterThan(5);
      const killed = pipeline.billing[0]!;
      killed.child.kill("SIGKILL");
      await killed.exited;
      const crashed = Date.now();
      await expect.poll(pipeline.sentConfirmations, { timeout: 120_000, interval: 500 }).toBe(orders.length);
      tally.recoverySeconds = Math.max(tally.recoverySeconds, Math.ceil((Date.now() - crashed) / 1000));

      const receipts = await pipeline.receipts();
      expect(receipts.map((receipt) => receipt._id).sort()).toEqual([...orders].sort());
      const numbers = receipts.map((receipt) => Number(receipt.invoiceNumber.split("/").pop())).sort((a, b) => a - b);
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(numbers.at(-1)! - numbers[0]! + 1).toBe(numbers.length);
      const received = (await mail.emails()).map((email) => email.messageId);
      expect(new Set(received).size).toBe(orders.length);
      expect(received.length).toBe(orders.length);

      tally.paidOrders += orders.length;
      tally.invoices += receipts.length;
      tally.emails += received.length;
      tally.lost += orders.length - new Set(received).size;
      tally.duplicated += received.length - new Set(received).size;
    } finally {
      await pipeline.close();
      await mail.stop();
    }
  }, 180_000);

  it("kill -9 of order-payment mid-burst in a webhook storm: every payment PAID once, one order.paid each", async () => {
    tally.faults++;
    // Six copies of every webhook (20 payments: 120 calls), each retried like Cashfree's while order-payment is down.
    const shop = await checkoutRig("fault-op", { webhookCopies: 6 });
    try {
      const sessions = await shop.placeOrders(20);
      // The shoppers pay; halfway through the storm order-payment dies without a word, and comes back as k8s would.
      for (const [index, session] of sessions.entries()) {
        await shop.pay(session);
        if (index === 9) await shop.killOrderPayment();
      }
      const crashed = Date.now();
      await shop.startOrderPayment();
      await shop.expectEachPaidOnce(sessions.length);
      tally.recoverySeconds = Math.max(tally.recoverySeconds, Math.ceil((Date.now() - crashed) / 1000));
      tally.paidOrders += sessions.length;
    } finally {
      await shop.close();
    }
  }, 180_000);

  it("the broker stopped mid-checkout and started again: every payment PAID once, one order.paid each", async () => {
    tally.faults++;
    const shop = await checkoutRig("fault-broker", { webhookCopies: 2 });
    try {
      const sessions = await shop.placeOrders(10);
      for (const [index, session] of sessions.entries()) {
        await shop.pay(session);
        // The broker goes away mid-checkout: settlements go on, their events wait in order-payment's outbox.
        if (index === 4) await localBroker.stopApp();
      }
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await localBroker.startApp();
      const back = Date.now();
      await shop.expectEachPaidOnce(sessions.length);
      tally.recoverySeconds = Math.max(tally.recoverySeconds, Math.ceil((Date.now() - back) / 1000));
      expect(shop.orderPaymentRunning()).toBe(true);
      tally.paidOrders += sessions.length;
    } finally {
      await localBroker.startApp().catch(() => {});
      await shop.close();
    }
  }, 180_000);

  it("the database away: 503 with Retry-After in the error shape within 2 s, then answers again by itself", async () => {
    tally.faults++;
    const run = await isolatedRun("fault-db");
    const { database, vhost, redis } = run;
    const link = await databaseLink(new URL(testInfra().mongoUrl));
    const identity = await startServiceProcess({
      entry: entry("identity"),
      env: {
        NODE_ENV: "test",
        MONGO_URL: link.url,
        MONGO_DB: database.name,
        AMQP_URL: vhost.amqpUrl,
        REDIS_URL: redis.url,
        REDIS_PREFIX: `${redis.prefix}:identity`,
        LOG_LEVEL: "warn",
      },
    });
    const login = async () => {
      const started = Date.now();
      const answer = await fetch(`${identity.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "nobody@example.in", password: "not-the-password", userType: "USER" }),
      });
      return { answer, body: await answer.json(), ms: Date.now() - started };
    };
    try {
      const before = await login();
      expect(before.answer.status).toBeLessThan(500);

      await link.down();
      const away = await login();
      expect(away.answer.status).toBe(503);
      expect(away.answer.headers.get("retry-after")).toBe("60");
      expect(away.body).toMatchObject({ status: 503, code: "TRY_LATER", requestId: expect.any(String) });
      expect(JSON.stringify(away.body)).not.toMatch(/Mongo|stack|127\.0\.0\.1/);
      expect(away.ms).toBeLessThan(2_000);

      await link.up();
      const back = Date.now();
      await expect.poll(async () => (await login()).answer.status, { timeout: 30_000 }).toBe(before.answer.status);
      tally.recoverySeconds = Math.max(tally.recoverySeconds, Math.ceil((Date.now() - back) / 1000));
      expect(identity.child.exitCode).toBeNull();
    } finally {
      await identity.stop();
      await link.down();
      await run.cleanup();
    }
  }, 120_000);

  it("Redis restarted empty: the reconciliation schedule comes back and passes run, order-payment never restarted", async () => {
    tally.faults++;
    const run = await isolatedRun("fault-redis");
    const orderPayment = await startServiceProcess({
      entry: entry("order-payment"),
      env: {
        NODE_ENV: "test",
        ...run.env,
        REDIS_PREFIX: `${run.redis.prefix}:order-payment`,
        RECONCILE_EVERY_MS: "1000",
        CASHFREE_SECRET_KEY: "not-asked-in-this-test",
        PUBLIC_URL: "http://127.0.0.1:9",
        LOG_LEVEL: "warn",
      },
    });
    const passes = async () =>
      seriesValue(await (await fetch(`${orderPayment.url}/metrics`)).text(), "jobs_total", {
        queue: "payment-reconciliation",
        outcome: "completed",
      });
    const admin = new Redis(testInfra().redisUrl, { maxRetriesPerRequest: 1 });
    try {
      await expect.poll(passes, { timeout: 15_000 }).toBeGreaterThan(0);
      // What a Redis restarted with no data looks like to its clients: every connection dropped, every key gone.
      await admin.flushall();
      await admin.client("KILL", "TYPE", "normal", "SKIPME", "yes");
      const emptied = Date.now();
      const before = await passes();
      await expect.poll(passes, { timeout: 15_000, interval: 250 }).toBeGreaterThan(before);
      tally.recoverySeconds = Math.max(tally.recoverySeconds, Math.ceil((Date.now() - emptied) / 1000));
      expect(orderPayment.child.exitCode).toBeNull();
      expect(orderPayment.output()).toContain("registered it again");
    } finally {
      admin.disconnect();
      await orderPayment.stop();
      await run.cleanup();
    }
  }, 120_000);
});
