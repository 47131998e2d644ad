import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createLogger, type RunningServer, startServer } from "@storefront/http";
import { createSandbox } from "@storefront/payment-sandbox";
import { loadSandboxConfig } from "@storefront/payment-sandbox/config";
import { eventually } from "@storefront/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CashfreeError, CashfreeGateway, verifyCashfreeWebhook } from "../src/payments/providers/cashfree.js";

/** The `cashfree` adapter against the local sandbox, and the sandbox's webhooks checked as Cashfree's. */
const SECRET = "sandbox-secret-for-the-adapter-test";
const logger = createLogger({ service: "sandbox-test", level: "silent" });
let sandbox: RunningServer;
let receiver: Server;
let notifyUrl: string;
const received: Array<{ raw: Buffer; headers: Record<string, string | string[] | undefined> }> = [];
/** Orders whose next webhooks the receiver refuses with 503 (the shop down), and how many more to refuse. */
const refuse = new Map<string, number>();

beforeAll(async () => {
  receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    received.push({ raw, headers: req.headers });
    const down = [...refuse].find(([orderId, left]) => left > 0 && raw.toString().includes(orderId));
    if (down) {
      refuse.set(down[0], down[1] - 1);
      res.statusCode = 503;
    }
    res.end("ok");
  });
  receiver.listen(0, "127.0.0.1");
  await once(receiver, "listening");
  notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payment/webhooks/cashfree`;
  const config = loadSandboxConfig({
    SANDBOX_SECRET: SECRET,
    SANDBOX_WEBHOOK_COPIES: "2",
    SANDBOX_WEBHOOK_RETRY_DELAYS_MS: "200,400",
    NODE_ENV: "test",
  });
  const service = await createSandbox(config, logger);
  sandbox = await startServer(service.app, { port: 0, host: "127.0.0.1", logger, shutdownGraceMs: 500 });
});
afterAll(async () => {
  await sandbox?.close();
  receiver?.close();
});

const gateway = () => new CashfreeGateway({ baseUrl: `${sandbox.url}/pg`, appId: "sandbox-app-id", secret: SECRET });
const customer = { id: "u-asha", phone: "9876543210", email: "asha@example.in", name: "Asha Patil" };
/** The payment session ends with the unpaid order, 15 minutes on. */
const expiresAt = new Date(Date.now() + 15 * 60_000);

describe("the cashfree adapter against the sandbox", () => {
  it("creates an order with a payment session, and refuses the same order id twice with Cashfree's code", async () => {
    const created = await gateway().createOrder({
      orderId: "1732262400100aaaaa",
      amountPaise: 119000,
      customer,
      notifyUrl,
      expiresAt,
    });
    expect(created.paymentSessionId).toMatch(/^session_/);
    expect(await gateway().getOrder("1732262400100aaaaa")).toMatchObject({ status: "ACTIVE", amountPaise: 119000 });
    const again = await gateway()
      .createOrder({ orderId: "1732262400100aaaaa", amountPaise: 119000, customer, notifyUrl, expiresAt })
      .catch((error: unknown) => error);
    expect(again).toBeInstanceOf(CashfreeError);
    expect((again as CashfreeError).code).toBe("order_already_exists");
  });

  it("refuses wrong keys", async () => {
    const stranger = new CashfreeGateway({ baseUrl: `${sandbox.url}/pg`, appId: "sandbox-app-id", secret: "wrong" });
    await expect(stranger.getOrder("1732262400100aaaaa")).rejects.toMatchObject({ status: 401 });
  });

  it("sends a signed webhook (twice, as configured) when the shopper pays, and reports the order PAID", async () => {
    const { paymentSessionId } = await gateway().createOrder({
      orderId: "1732262400101bbbbb",
      amountPaise: 17000,
      customer,
      notifyUrl,
      expiresAt,
    });
    const page = await fetch(`${sandbox.url}/checkout/${paymentSessionId}`);
    expect(await page.text()).toContain("₹170.00");
    const paid = await fetch(`${sandbox.url}/checkout/${paymentSessionId}/pay`, { method: "POST" });
    expect(paid.status).toBe(200);
    const webhooks = await eventually(() => {
      const mine = received.filter((webhook) => webhook.raw.toString().includes("1732262400101bbbbb"));
      return mine.length === 2 && mine;
    });
    for (const webhook of webhooks) {
      const event = verifyCashfreeWebhook(
        webhook.raw,
        {
          signature: String(webhook.headers["x-webhook-signature"]),
          timestamp: String(webhook.headers["x-webhook-timestamp"]),
        },
        SECRET,
      );
      expect(event).toMatchObject({ type: "PAYMENT_SUCCESS_WEBHOOK", amountPaise: 17000 });
      expect(webhook.raw.toString()).toContain('"order_amount":170.00');
    }
    expect(new Set(webhooks.map((webhook) => webhook.headers["x-idempotency-key"])).size).toBe(1);
    expect(await gateway().getOrder("1732262400101bbbbb")).toMatchObject({ status: "PAID", amountPaise: 17000 });
    const payments = await gateway().getPayments("1732262400101bbbbb");
    expect(payments).toEqual([expect.objectContaining({ payment_status: "SUCCESS", amountPaise: 17000 })]);
    // A paid session cannot be paid again.
    expect((await fetch(`${sandbox.url}/checkout/${paymentSessionId}/pay`, { method: "POST" })).status).toBe(409);
  });

  it("sends a webhook the shop did not accept again, like Cashfree's retries, until it is accepted", async () => {
    const orderId = "1732262400103ddddd";
    refuse.set(orderId, 2);
    const { paymentSessionId } = await gateway().createOrder({
      orderId,
      amountPaise: 17000,
      customer,
      notifyUrl,
      expiresAt,
    });
    await fetch(`${sandbox.url}/checkout/${paymentSessionId}/pay`, { method: "POST" });
    // Two copies; the first is refused twice (attempts 1 and 2), accepted at attempt 3; the second at once.
    const webhooks = await eventually(() => {
      const mine = received.filter((webhook) => webhook.raw.toString().includes(orderId));
      return mine.length === 4 && mine;
    });
    expect(webhooks.map((webhook) => webhook.headers["x-webhook-attempt"])).toEqual(["1", "2", "3", "1"]);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(received.filter((webhook) => webhook.raw.toString().includes(orderId))).toHaveLength(4);
  });

  it("takes no payment once the order's expiry has passed, and says it expired", async () => {
    const orderId = "1732262400104eeeee";
    const { paymentSessionId } = await gateway().createOrder({
      orderId,
      amountPaise: 5000,
      customer,
      notifyUrl,
      expiresAt: new Date(Date.now() + 300),
    });
    const order = (await (
      await fetch(`${sandbox.url}/pg/orders/${orderId}`, {
        headers: { "x-client-id": "sandbox-app-id", "x-client-secret": SECRET, "x-api-version": "2025-01-01" },
      })
    ).json()) as { order_expiry_time: string };
    expect(Date.parse(order.order_expiry_time)).toBeLessThan(Date.now() + 1000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await fetch(`${sandbox.url}/checkout/${paymentSessionId}/pay`, { method: "POST" })).status).toBe(409);
    expect((await gateway().getOrder(orderId)).status).toBe("EXPIRED");
  });

  it("records a failed attempt and leaves the order active", async () => {
    const { paymentSessionId } = await gateway().createOrder({
      orderId: "1732262400102ccccc",
      amountPaise: 5000,
      customer,
      notifyUrl,
      expiresAt,
    });
    await fetch(`${sandbox.url}/checkout/${paymentSessionId}/fail`, { method: "POST" });
    expect((await gateway().getPayments("1732262400102ccccc"))[0]?.payment_status).toBe("FAILED");
    expect((await gateway().getOrder("1732262400102ccccc")).status).toBe("ACTIVE");
  });
});
