import { createHmac, timingSafeEqual } from "node:crypto";
import type { Paise } from "@storefront/contracts";
import { z } from "zod";
import {
  type CheckoutOpened,
  type CheckoutRequest,
  type PaymentGateway,
  ProviderError,
  type ProviderPayment,
  type ProviderRefund,
  type RefundRequest,
} from "./port.js";

/**
 * The `razorpay` adapter (docs/payments.md): the Orders API over HTTP with Basic auth (key id and key secret),
 * amounts in integer paise both ways. The browser opens Razorpay's checkout.js on the Razorpay order id; the order is
 * settled from the provider (payments list, webhook), or from a checkout signature we check against the Razorpay
 * order id WE stored, never the one the browser sends back.
 */
export interface RazorpayOptions {
  /** `https://api.razorpay.com/v1`, or a local fake in tests. */
  baseUrl: string;
  keyId: string;
  keySecret: string;
  timeoutMs?: number;
}

const orderAnswer = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  receipt: z.string().nullish(),
  status: z.enum(["created", "attempted", "paid"]),
});
const paymentEntity = z.object({
  id: z.string(),
  order_id: z.string().nullish(),
  amount: z.number().int(),
  currency: z.string().optional(),
  status: z.enum(["created", "authorized", "captured", "refunded", "failed"]),
  created_at: z.number().optional(),
  acquirer_data: z.object({ rrn: z.string().nullish(), bank_transaction_id: z.string().nullish() }).partial().nullish(),
  error_description: z.string().nullish(),
});
export type RazorpayPayment = z.infer<typeof paymentEntity>;

/** A Razorpay payment in the port's terms: only `captured` is money the shop has. */
export function razorpayPayment(payment: RazorpayPayment): ProviderPayment {
  return {
    paymentId: payment.id,
    status: payment.status === "captured" ? "SUCCESS" : payment.status === "failed" ? "FAILED" : "PENDING",
    amountPaise: payment.amount as Paise,
    transactionId: payment.acquirer_data?.rrn ?? payment.acquirer_data?.bank_transaction_id ?? undefined,
    paidAt: payment.created_at ? new Date(payment.created_at * 1000) : undefined,
  };
}

const refundEntity = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.number().int(),
  receipt: z.string().nullish(),
  status: z.enum(["pending", "processed", "failed"]),
  created_at: z.number().optional(),
  acquirer_data: z.object({ arn: z.string().nullish() }).partial().nullish(),
});
export type RazorpayRefund = z.infer<typeof refundEntity>;

/** A Razorpay refund in the port's terms: `processed` is money back with the shopper; our refund id is its receipt. */
export function razorpayRefund(refund: RazorpayRefund, refundId = refund.receipt ?? refund.id): ProviderRefund {
  return {
    refundId,
    providerRefundId: refund.id,
    status: refund.status === "processed" ? "SUCCESS" : refund.status === "failed" ? "FAILED" : "PENDING",
    amountPaise: refund.amount as Paise,
    bankReference: refund.acquirer_data?.arn ?? undefined,
    processedAt: refund.status === "processed" ? new Date() : undefined,
    failure: refund.status === "failed" ? "refund failed at Razorpay" : undefined,
  };
}

export class RazorpayGateway implements PaymentGateway {
  readonly provider = "razorpay" as const;

  constructor(private readonly options: RazorpayOptions) {}

  private async call<T>(
    method: "GET" | "POST",
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const credentials = Buffer.from(`${this.options.keyId}:${this.options.keySecret}`).toString("base64");
    const answer = await fetch(`${this.options.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Basic ${credentials}`,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    const json: unknown = await answer.json().catch(() => undefined);
    if (!answer.ok) {
      const failure = z
        .object({ error: z.object({ code: z.string().optional(), description: z.string().optional() }) })
        .safeParse(json);
      const { code = "unknown", description = answer.statusText } = failure.success ? failure.data.error : {};
      throw new ProviderError(
        "razorpay",
        answer.status,
        code,
        `Razorpay ${method} ${path}: ${answer.status} ${code}: ${description}`,
      );
    }
    return schema.parse(json);
  }

  /** A Razorpay order for ours: its id is what checkout.js opens (the port's "payment session"). */
  async openCheckout(request: CheckoutRequest): Promise<CheckoutOpened> {
    const order = await this.call("POST", "/orders", orderAnswer, {
      amount: request.amountPaise,
      currency: "INR",
      receipt: request.orderId,
      notes: { orderId: request.orderId, email: request.customer.email },
    });
    return { providerOrderId: order.id, paymentSessionId: order.id };
  }

  async payments(order: { orderId: string; providerOrderId?: string | undefined }): Promise<ProviderPayment[]> {
    if (!order.providerOrderId) return [];
    const list = await this.call(
      "GET",
      `/orders/${encodeURIComponent(order.providerOrderId)}/payments`,
      z.object({ items: z.array(paymentEntity) }),
    );
    return list.items.map(razorpayPayment);
  }

  /** `POST /payments/{id}/refund` with `X-Refund-Idempotency`: the same refund id again answers the same refund. */
  async refund(request: RefundRequest): Promise<ProviderRefund> {
    const refund = await this.call(
      "POST",
      `/payments/${encodeURIComponent(request.paymentId)}/refund`,
      refundEntity,
      {
        amount: request.amountPaise,
        speed: "normal",
        receipt: request.refundId,
        notes: { orderId: request.orderId, note: request.note.slice(0, 250) },
      },
      { "X-Refund-Idempotency": request.refundId },
    );
    return razorpayRefund(refund, request.refundId);
  }

  async refundStatus(request: { refundId: string; providerRefundId?: string | undefined }) {
    if (!request.providerRefundId) return undefined;
    const refund = await this.call("GET", `/refunds/${encodeURIComponent(request.providerRefundId)}`, refundEntity);
    return razorpayRefund(refund, request.refundId);
  }
}

const hmacHex = (secret: string, message: string | Buffer) => createHmac("sha256", secret).update(message).digest();

function sameSignature(expected: Buffer, givenHex: string | undefined): boolean {
  if (!givenHex || !/^[0-9a-f]{64}$/i.test(givenHex)) return false;
  const given = Buffer.from(givenHex, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The checkout's signature: `hex(HMAC_SHA256(key_secret, order_id + "|" + razorpay_payment_id))`, over the Razorpay
 * order id we stored for the order (the browser's `razorpay_order_id` is not trusted).
 */
export function checkoutSignatureValid(
  storedProviderOrderId: string,
  paymentId: string,
  signature: string | undefined,
  keySecret: string,
): boolean {
  return sameSignature(hmacHex(keySecret, `${storedProviderOrderId}|${paymentId}`), signature);
}

const webhookSchema = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntity }).optional(),
      refund: z.object({ entity: refundEntity }).optional(),
    })
    .passthrough(),
});
export type RazorpayWebhook = z.infer<typeof webhookSchema>;

/** A webhook whose signature is not Razorpay's under our webhook secret (not the key secret). */
export class RazorpayWebhookRejected extends Error {
  override name = "RazorpayWebhookRejected";
}

/**
 * `X-Razorpay-Signature = hex(HMAC_SHA256(webhook secret, raw body))`, compared in constant time over the raw bytes.
 * Razorpay signs no timestamp: replays are stopped by deduplicating on `x-razorpay-event-id` (the route's job).
 */
export function verifyRazorpayWebhook(rawBody: Buffer, signature: string | undefined, secret: string): RazorpayWebhook {
  if (!sameSignature(hmacHex(secret, rawBody), signature)) throw new RazorpayWebhookRejected("bad signature");
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString("utf8"));
  } catch {
    throw new RazorpayWebhookRejected("body is not JSON");
  }
  const parsed = webhookSchema.safeParse(json);
  if (!parsed.success) throw new RazorpayWebhookRejected("not a payment webhook");
  return parsed.data;
}
