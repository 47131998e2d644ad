import { createHmac, timingSafeEqual } from "node:crypto";
import type { Paise } from "@storefront/contracts";
import { z } from "zod";
import {
  type CheckoutOpened,
  type CheckoutRequest,
  type PaymentGateway,
  ProviderError,
  type ProviderName,
  type ProviderPayment,
  type ProviderRefund,
  type RefundRequest,
} from "./port.js";

/**
 * The `cashfree` adapter: Cashfree PG over HTTP (docs/payments.md), the same against the local sandbox
 * (services/payment-sandbox) and the real API; only the base URL and the keys differ. No Cashfree SDK: it reports
 * errors to a third party by default and compares signatures in non-constant time.
 */
export const CASHFREE_API_VERSION = "2025-01-01";
/** Cashfree does not check a webhook's age; we refuse timestamps further than this from our clock. */
export const WEBHOOK_WINDOW_MS = 5 * 60_000;

export interface CashfreeOptions {
  /** `https://sandbox.cashfree.com/pg`, `https://api.cashfree.com/pg`, or the local sandbox's `/pg`. */
  baseUrl: string;
  appId: string;
  secret: string;
  timeoutMs?: number;
}

/** A refusal of Cashfree's (4xx/5xx), with its error code, e.g. `order_already_exists`. */
export class CashfreeError extends ProviderError {
  constructor(status: number, code: string, message: string) {
    super("cashfree", status, code, message);
    this.name = "CashfreeError";
  }
}

const rupees = (paise: Paise) => Math.round(paise) / 100;
const paise = (rupeeAmount: number): Paise => Math.round(rupeeAmount * 100);

const orderAnswer = z.object({
  cf_order_id: z.union([z.string(), z.number()]).transform(String),
  order_id: z.string(),
  order_status: z.enum(["ACTIVE", "PAID", "EXPIRED", "TERMINATED", "TERMINATION_REQUESTED"]),
  order_amount: z.number(),
  payment_session_id: z.string().optional(),
});
const paymentAnswer = z.object({
  cf_payment_id: z.union([z.string(), z.number()]).transform(String),
  payment_status: z.enum(["SUCCESS", "NOT_ATTEMPTED", "FAILED", "USER_DROPPED", "VOID", "CANCELLED", "PENDING"]),
  payment_amount: z.number(),
  payment_time: z.string().optional(),
  bank_reference: z.string().nullish(),
});
export type CashfreePayment = z.infer<typeof paymentAnswer>;
const refundAnswer = z.object({
  cf_refund_id: z.union([z.string(), z.number()]).transform(String),
  refund_id: z.string(),
  order_id: z.string(),
  refund_amount: z.number(),
  refund_status: z.enum(["SUCCESS", "PENDING", "CANCELLED", "ONHOLD"]),
  refund_arn: z.string().nullish(),
  status_description: z.string().nullish(),
  processed_at: z.string().nullish(),
});
export type CashfreeRefund = z.infer<typeof refundAnswer>;

/**
 * A Cashfree refund in the port's terms: SUCCESS is money back with the shopper; CANCELLED failed; PENDING and ONHOLD
 * are still under way.
 */
export function providerRefund(refund: CashfreeRefund): ProviderRefund {
  return {
    refundId: refund.refund_id,
    providerRefundId: refund.cf_refund_id,
    status:
      refund.refund_status === "SUCCESS" ? "SUCCESS" : refund.refund_status === "CANCELLED" ? "FAILED" : "PENDING",
    amountPaise: paise(refund.refund_amount),
    bankReference: refund.refund_arn ?? undefined,
    processedAt: refund.processed_at ? new Date(refund.processed_at) : undefined,
    failure: refund.refund_status === "CANCELLED" ? (refund.status_description ?? "refund cancelled") : undefined,
  };
}

export class CashfreeGateway implements PaymentGateway {
  /** `sandbox` when pointed at the local simulator: the same API, pretend money. */
  readonly provider: ProviderName;

  constructor(private readonly options: CashfreeOptions & { provider?: ProviderName }) {
    this.provider = options.provider ?? "cashfree";
  }

  async openCheckout(request: CheckoutRequest): Promise<CheckoutOpened> {
    try {
      const created = await this.createOrder(request);
      return { providerOrderId: created.cfOrderId, paymentSessionId: created.paymentSessionId };
    } catch (error) {
      // A retry after Cashfree made the order but before we stored its session: read it back.
      if (!(error instanceof CashfreeError && error.code === "order_already_exists")) throw error;
      const existing = await this.getOrder(request.orderId);
      if (!existing.paymentSessionId) throw error;
      return { providerOrderId: existing.cfOrderId, paymentSessionId: existing.paymentSessionId };
    }
  }

  async payments(order: { orderId: string }): Promise<ProviderPayment[]> {
    return (await this.getPayments(order.orderId)).map(providerPayment);
  }

  /**
   * `POST /orders/{order_id}/refunds` with our refund id (and it as the idempotency key): a retry after a timeout is
   * answered the refund already made ("refund_already_exists" is read back), never a second one.
   */
  async refund(request: RefundRequest): Promise<ProviderRefund> {
    const path = `/orders/${encodeURIComponent(request.orderId)}/refunds`;
    try {
      const refund = await this.call(
        "POST",
        path,
        refundAnswer,
        {
          refund_amount: rupees(request.amountPaise),
          refund_id: request.refundId,
          refund_note: request.note.slice(0, 100),
        },
        request.refundId,
      );
      return providerRefund(refund);
    } catch (error) {
      if (!(error instanceof CashfreeError && error.code === "refund_already_exists")) throw error;
      const existing = await this.refundStatus(request);
      if (!existing) throw error;
      return existing;
    }
  }

  async refundStatus(request: { orderId: string; refundId: string }): Promise<ProviderRefund | undefined> {
    try {
      const refund = await this.call(
        "GET",
        `/orders/${encodeURIComponent(request.orderId)}/refunds/${encodeURIComponent(request.refundId)}`,
        refundAnswer,
      );
      return providerRefund(refund);
    } catch (error) {
      if (error instanceof CashfreeError && error.status === 404) return undefined;
      throw error;
    }
  }

  private async call<T>(
    method: "GET" | "POST",
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<T> {
    const answer = await fetch(`${this.options.baseUrl}${path}`, {
      method,
      headers: {
        accept: "application/json",
        "x-client-id": this.options.appId,
        "x-client-secret": this.options.secret,
        "x-api-version": CASHFREE_API_VERSION,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(idempotencyKey ? { "x-idempotency-key": idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    const json: unknown = await answer.json().catch(() => undefined);
    if (!answer.ok) {
      const failure = z.object({ code: z.string().optional(), message: z.string().optional() }).safeParse(json);
      const { code = "unknown", message = answer.statusText } = failure.success ? failure.data : {};
      throw new CashfreeError(answer.status, code, `Cashfree ${method} ${path}: ${answer.status} ${code}: ${message}`);
    }
    return schema.parse(json);
  }

  /** Creates the provider's order for ours (same id) and answers its payment session for the browser's checkout. */
  async createOrder(
    order: CheckoutRequest & { returnUrl?: string },
  ): Promise<{ paymentSessionId: string; cfOrderId: string }> {
    const created = await this.call(
      "POST",
      "/orders",
      orderAnswer,
      {
        order_id: order.orderId,
        order_amount: rupees(order.amountPaise),
        order_currency: "INR",
        customer_details: {
          customer_id: order.customer.id,
          customer_phone: order.customer.phone,
          customer_email: order.customer.email,
          customer_name: order.customer.name,
        },
        order_meta: { notify_url: order.notifyUrl, ...(order.returnUrl ? { return_url: order.returnUrl } : {}) },
        order_expiry_time: order.expiresAt.toISOString(),
      },
      `create-${order.orderId}`,
    );
    if (!created.payment_session_id) throw new CashfreeError(502, "no_session", "Cashfree answered no payment session");
    return { paymentSessionId: created.payment_session_id, cfOrderId: created.cf_order_id };
  }

  /** The provider's view of the order: status and amount (for reconciliation). */
  async getOrder(orderId: string): Promise<{
    status: z.infer<typeof orderAnswer>["order_status"];
    amountPaise: Paise;
    paymentSessionId?: string | undefined;
    cfOrderId: string;
  }> {
    const order = await this.call("GET", `/orders/${encodeURIComponent(orderId)}`, orderAnswer);
    return {
      status: order.order_status,
      amountPaise: paise(order.order_amount),
      paymentSessionId: order.payment_session_id,
      cfOrderId: order.cf_order_id,
    };
  }

  /** Every payment attempt of the order (only SUCCESS is final). */
  async getPayments(orderId: string): Promise<Array<CashfreePayment & { amountPaise: Paise }>> {
    const payments = await this.call("GET", `/orders/${encodeURIComponent(orderId)}/payments`, z.array(paymentAnswer));
    return payments.map((payment) => ({ ...payment, amountPaise: paise(payment.payment_amount) }));
  }
}

/** A Cashfree payment (payments list or webhook) in the port's terms. */
export function providerPayment(payment: CashfreePayment & { amountPaise: Paise }): ProviderPayment {
  return {
    paymentId: payment.cf_payment_id,
    status:
      payment.payment_status === "SUCCESS"
        ? "SUCCESS"
        : payment.payment_status === "PENDING" || payment.payment_status === "NOT_ATTEMPTED"
          ? "PENDING"
          : "FAILED",
    amountPaise: payment.amountPaise,
    transactionId: payment.bank_reference ?? undefined,
    paidAt: payment.payment_time ? new Date(payment.payment_time) : undefined,
  };
}

const paymentWebhookSchema = z.object({
  type: z.string(),
  event_time: z.string().optional(),
  data: z.object({
    order: z.object({ order_id: z.string(), order_amount: z.number() }),
    payment: paymentAnswer.extend({ payment_group: z.string().nullish() }),
  }),
});
export type CashfreeWebhook = z.infer<typeof paymentWebhookSchema> & { amountPaise: Paise; paymentId: string };
const refundWebhookSchema = z.object({
  type: z.literal("REFUND_STATUS_WEBHOOK"),
  event_time: z.string().optional(),
  data: z.object({ refund: refundAnswer }),
});
export type CashfreeRefundWebhook = z.infer<typeof refundWebhookSchema>;

/** A webhook that is not Cashfree's: a bad or stale signature, or a body that is not a payment event. */
export class WebhookRejected extends Error {
  override name = "WebhookRejected";
}

/**
 * Checks a webhook as Cashfree signs it: `base64(HMAC_SHA256(client secret, x-webhook-timestamp + raw body))`,
 * compared in constant time, over the RAW bytes (re-serialised JSON turns `170.00` into `170` and fails), with the
 * timestamp within ±5 minutes of our clock. Answers the parsed event.
 */
export function verifyCashfreeWebhook(
  rawBody: Buffer,
  headers: { signature?: string | undefined; timestamp?: string | undefined },
  secret: string,
  now = Date.now(),
): ({ kind: "payment" } & CashfreeWebhook) | { kind: "refund"; orderId: string; refund: ProviderRefund } {
  const { signature, timestamp } = headers;
  if (!signature || !timestamp || !/^\d{10,16}$/.test(timestamp))
    throw new WebhookRejected("missing signature headers");
  if (Math.abs(now - Number(timestamp)) > WEBHOOK_WINDOW_MS) throw new WebhookRejected("stale webhook timestamp");
  const expected = createHmac("sha256", secret).update(timestamp).update(rawBody).digest();
  const given = Buffer.from(signature, "base64");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new WebhookRejected("bad signature");
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString("utf8"));
  } catch {
    throw new WebhookRejected("body is not JSON");
  }
  const refund = refundWebhookSchema.safeParse(json);
  if (refund.success)
    return {
      kind: "refund",
      refund: providerRefund(refund.data.data.refund),
      orderId: refund.data.data.refund.order_id,
    };
  const parsed = paymentWebhookSchema.safeParse(json);
  if (!parsed.success) throw new WebhookRejected("not a payment or refund webhook");
  return {
    kind: "payment",
    ...parsed.data,
    amountPaise: paise(parsed.data.data.payment.payment_amount),
    paymentId: parsed.data.data.payment.cf_payment_id,
  };
}
