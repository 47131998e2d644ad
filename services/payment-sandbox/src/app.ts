import { randomUUID } from "node:crypto";
import { buildApp, type Logger, type Service } from "@storefront/http";
import type { Express, NextFunction, Request, Response } from "express";
import { z } from "zod";
import {
  type CreateOrderBody,
  createOrderBody,
  createRefundBody,
  newPaymentId,
  newRefundId,
  newSessionId,
  type OrderStatus,
  type PaymentStatus,
  refundWebhookBody,
  type SandboxPayment,
  type SandboxRefund,
  signWebhook,
  webhookBody,
} from "./cashfree-wire.js";
import { checkoutPage } from "./checkout-page.js";
import type { SandboxConfig } from "./config.js";

interface SandboxOrder {
  body: CreateOrderBody;
  cfOrderId: string;
  sessionId: string;
  status: OrderStatus;
  createdAt: string;
  payments: SandboxPayment[];
  refunds: SandboxRefund[];
}

/**
 * What a test may ask of one payment (query string of pay/fail): lose its webhook (`webhook=drop`, reconciliation must
 * find it) or pay another amount than the order's (`amount=1.00`, an underpayment).
 */
const paymentScenario = z.object({
  webhook: z.enum(["send", "drop"]).default("send"),
  amount: z.coerce.number().positive().optional(),
});
type PaymentScenario = z.infer<typeof paymentScenario>;

const error = (res: Response, status: number, code: string, message: string, type = "invalid_request_error") =>
  res.status(status).json({ message, code, type });

/**
 * A local Cashfree PG: orders and payments in memory (it is a simulator; a restart forgets them), a hosted checkout
 * page per payment session with Pay, Fail and Close, and webhooks signed exactly like Cashfree's sent to the order's
 * `notify_url` (through the gateway, like the real provider). Delay, copies and loss of webhooks are configurable.
 */
export async function createSandbox(config: SandboxConfig, logger: Logger): Promise<Service> {
  const orders = new Map<string, SandboxOrder>();
  const bySession = new Map<string, SandboxOrder>();

  const authenticated = (req: Request, res: Response, next: NextFunction) => {
    if (req.get("x-client-id") !== config.SANDBOX_APP_ID || req.get("x-client-secret") !== config.SANDBOX_SECRET) {
      error(res, 401, "request_failed", "authentication Failed", "authentication_error");
      return;
    }
    if (!req.get("x-api-version")) {
      error(res, 400, "x-api-version_missing", "x-api-version header missing");
      return;
    }
    next();
  };

  /** When the order stops taking payments: as the shop asked, else Cashfree's default of 30 days. */
  const expiryOf = (order: SandboxOrder) =>
    new Date(order.body.order_expiry_time ?? Date.parse(order.createdAt) + 30 * 86_400_000);

  const orderView = (order: SandboxOrder) => ({
    cf_order_id: order.cfOrderId,
    order_id: order.body.order_id,
    order_amount: order.body.order_amount,
    order_currency: "INR",
    order_status: order.status === "ACTIVE" && expiryOf(order).getTime() <= Date.now() ? "EXPIRED" : order.status,
    payment_session_id: order.sessionId,
    order_expiry_time: expiryOf(order).toISOString(),
    customer_details: order.body.customer_details,
    order_meta: order.body.order_meta,
    created_at: order.createdAt,
  });

  const webhookTarget = (notifyUrl: string) => {
    if (!config.SANDBOX_WEBHOOK_ORIGIN) return notifyUrl;
    const url = new URL(notifyUrl);
    return `${config.SANDBOX_WEBHOOK_ORIGIN}${url.pathname}${url.search}`;
  };

  async function sendWebhook(order: SandboxOrder, payment: SandboxPayment): Promise<void> {
    if (config.SANDBOX_WEBHOOK_DELAY_MS > 0) await new Promise((r) => setTimeout(r, config.SANDBOX_WEBHOOK_DELAY_MS));
    await deliverCopies(order, webhookBody(order.body, payment), payment.cf_payment_id);
  }

  /** Each copy is delivered like Cashfree delivers: tried again after each retry delay until the shop accepts it. */
  async function deliverCopies(order: SandboxOrder, body: string, idempotencyKey: string): Promise<void> {
    for (let copy = 0; copy < config.SANDBOX_WEBHOOK_COPIES; copy++) {
      const attempts = [0, ...config.SANDBOX_WEBHOOK_RETRY_DELAYS_MS];
      for (const [attempt, delayMs] of attempts.entries()) {
        if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
        if (await deliverWebhook(order, idempotencyKey, body, attempt + 1)) break;
      }
    }
  }

  /** A refund's outcome, decided after SANDBOX_REFUND_DELAY_MS and told in a signed REFUND_STATUS_WEBHOOK. */
  async function finishRefund(order: SandboxOrder, refund: SandboxRefund): Promise<void> {
    if (config.SANDBOX_REFUND_OUTCOME === "pending") return;
    if (config.SANDBOX_REFUND_DELAY_MS > 0) await new Promise((r) => setTimeout(r, config.SANDBOX_REFUND_DELAY_MS));
    if (config.SANDBOX_REFUND_OUTCOME === "success") {
      refund.refund_status = "SUCCESS";
      refund.status_description = "Refund processed successfully";
      refund.refund_arn = `ARN${Math.floor(Math.random() * 1e10)}`;
    } else {
      refund.refund_status = "CANCELLED";
      refund.status_description = "Refund cancelled by the bank";
    }
    refund.processed_at = new Date().toISOString();
    if (config.SANDBOX_WEBHOOK_DROP === "true") return;
    await deliverCopies(order, refundWebhookBody(refund), refund.cf_refund_id);
  }

  /** One delivery of a webhook; true when the shop accepted it (2xx). */
  async function deliverWebhook(order: SandboxOrder, idempotencyKey: string, body: string, attempt: number) {
    const timestamp = String(Date.now());
    try {
      const answer = await fetch(webhookTarget(order.body.order_meta.notify_url), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-webhook-signature": signWebhook(config.SANDBOX_SECRET, timestamp, body),
          "x-webhook-timestamp": timestamp,
          "x-webhook-version": "2025-01-01",
          "x-webhook-attempt": String(attempt),
          "x-idempotency-key": idempotencyKey,
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      logger.info({ orderId: order.body.order_id, status: answer.status, attempt }, "webhook sent");
      return answer.ok;
    } catch (failure) {
      logger.warn({ orderId: order.body.order_id, err: String(failure), attempt }, "webhook could not be delivered");
      return false;
    }
  }

  function settle(order: SandboxOrder, status: PaymentStatus, scenario: PaymentScenario): SandboxPayment {
    const payment: SandboxPayment = {
      cf_payment_id: newPaymentId(),
      order_id: order.body.order_id,
      payment_status: status,
      payment_amount: scenario.amount ?? order.body.order_amount,
      payment_currency: "INR",
      payment_time: new Date().toISOString(),
      bank_reference: String(Math.floor(Math.random() * 1e12)),
      payment_group: "upi",
      payment_method: { upi: { upi_id: "shopper@sandbox" } },
    };
    order.payments.push(payment);
    if (status === "SUCCESS") order.status = "PAID";
    if (scenario.webhook === "send" && config.SANDBOX_WEBHOOK_DROP === "false") void sendWebhook(order, payment);
    return payment;
  }

  const routes = (app: Express) => {
    app.post("/pg/orders", authenticated, (req, res) => {
      const parsed = createOrderBody.safeParse(req.body);
      if (!parsed.success)
        return error(res, 400, "order_request_invalid", parsed.error.issues[0]?.message ?? "invalid");
      if (orders.has(parsed.data.order_id))
        return error(res, 409, "order_already_exists", "order with same id is already present");
      const order: SandboxOrder = {
        body: parsed.data,
        cfOrderId: String(Math.floor(Math.random() * 1e10)),
        sessionId: newSessionId(),
        status: "ACTIVE",
        createdAt: new Date().toISOString(),
        payments: [],
        refunds: [],
      };
      orders.set(order.body.order_id, order);
      bySession.set(order.sessionId, order);
      res.json(orderView(order));
    });
    app.get("/pg/orders/:orderId", authenticated, (req, res) => {
      const order = orders.get(String(req.params.orderId));
      if (!order) return error(res, 404, "order_not_found", "order not found");
      res.json(orderView(order));
    });
    app.get("/pg/orders/:orderId/payments", authenticated, (req, res) => {
      const order = orders.get(String(req.params.orderId));
      if (!order) return error(res, 404, "order_not_found", "order not found");
      res.json(order.payments);
    });

    // Refunds (Cashfree's `POST /orders/{order_id}/refunds`): one per refund id, never more than was paid.
    app.post("/pg/orders/:orderId/refunds", authenticated, async (req, res) => {
      const order = orders.get(String(req.params.orderId));
      if (!order) return error(res, 404, "order_not_found", "order not found");
      const parsed = createRefundBody.safeParse(req.body);
      if (!parsed.success)
        return error(res, 400, "refund_request_invalid", parsed.error.issues[0]?.message ?? "invalid");
      if (order.refunds.some((refund) => refund.refund_id === parsed.data.refund_id)) {
        return error(res, 409, "refund_already_exists", "refund with same refund_id already exists");
      }
      const paid = order.payments.find((payment) => payment.payment_status === "SUCCESS");
      if (!paid) return error(res, 400, "refund_invalid_request", "order is not paid");
      const refunded = order.refunds
        .filter((refund) => refund.refund_status !== "CANCELLED")
        .reduce((total, refund) => total + Math.round(refund.refund_amount * 100), 0);
      if (Math.round(parsed.data.refund_amount * 100) > Math.round(paid.payment_amount * 100) - refunded) {
        return error(res, 400, "refund_amount_invalid", "refund amount is more than the amount left to refund");
      }
      const refund: SandboxRefund = {
        cf_refund_id: newRefundId(),
        cf_payment_id: paid.cf_payment_id,
        refund_id: parsed.data.refund_id,
        order_id: order.body.order_id,
        refund_amount: parsed.data.refund_amount,
        refund_currency: "INR",
        entity: "refund",
        refund_type: "MERCHANT_INITIATED",
        refund_arn: null,
        refund_status: "PENDING",
        status_description: "Refund is under process",
        refund_note: parsed.data.refund_note ?? null,
        created_at: new Date().toISOString(),
        processed_at: null,
        refund_mode: "STANDARD",
      };
      order.refunds.push(refund);
      void finishRefund(order, refund);
      const answer = { ...refund };
      // A slow answer: the refund is made, the caller may time out and must not refund twice on its retry.
      if (config.SANDBOX_REFUND_ANSWER_DELAY_MS > 0) {
        await new Promise((r) => setTimeout(r, config.SANDBOX_REFUND_ANSWER_DELAY_MS));
      }
      res.json(answer);
    });
    app.get("/pg/orders/:orderId/refunds", authenticated, (req, res) => {
      const order = orders.get(String(req.params.orderId));
      if (!order) return error(res, 404, "order_not_found", "order not found");
      res.json(order.refunds);
    });
    app.get("/pg/orders/:orderId/refunds/:refundId", authenticated, (req, res) => {
      const refund = orders
        .get(String(req.params.orderId))
        ?.refunds.find((candidate) => candidate.refund_id === String(req.params.refundId));
      if (!refund) return error(res, 404, "refund_not_found", "refund not found");
      res.json(refund);
    });

    // The hosted checkout of a payment session (what Cashfree's SDK opens in its modal).
    app.get("/checkout/:sessionId", (req, res) => {
      const order = bySession.get(String(req.params.sessionId));
      if (!order) return error(res, 404, "session_not_found", "payment session not found");
      res
        .set("Cache-Control", "no-store")
        .type("html")
        .send(checkoutPage(order.body, order.sessionId, randomUUID()));
    });
    for (const [action, status] of [
      ["pay", "SUCCESS"],
      ["fail", "FAILED"],
    ] as const) {
      app.post(`/checkout/:sessionId/${action}`, (req, res) => {
        const order = bySession.get(String(req.params.sessionId));
        if (!order) return error(res, 404, "session_not_found", "payment session not found");
        // An order past its expiry takes no new payment attempt, as at Cashfree.
        if (order.status === "ACTIVE" && expiryOf(order).getTime() <= Date.now()) order.status = "EXPIRED";
        if (order.status !== "ACTIVE") return error(res, 409, "order_not_active", `order is ${order.status}`);
        const scenario = paymentScenario.safeParse(req.query);
        if (!scenario.success) return error(res, 400, "request_invalid", "webhook must be send or drop; amount > 0");
        const payment = settle(order, status, scenario.data);
        res.json({ order_id: order.body.order_id, cf_payment_id: payment.cf_payment_id, payment_status: status });
      });
    }
  };

  const app = buildApp({ service: "payment-sandbox", logger, routes });
  return { app, dependencies: [] };
}
