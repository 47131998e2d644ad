import { createHmac, randomUUID } from "node:crypto";
import { z } from "zod";

/**
 * The subset of Cashfree PG (API version 2025-01-01) the shop's `cashfree` adapter uses, as the sandbox speaks it
 * (docs/payments.md): create and read an order, list its payments, and webhooks signed like Cashfree's.
 */
export const createOrderBody = z.object({
  order_id: z.string().regex(/^[A-Za-z0-9_-]{1,45}$/),
  order_amount: z.number().positive(),
  order_currency: z.literal("INR"),
  customer_details: z.object({
    customer_id: z.string().min(1),
    customer_phone: z.string().min(10),
    customer_email: z.string().email().optional(),
    customer_name: z.string().optional(),
  }),
  order_meta: z.object({ return_url: z.string().url().optional(), notify_url: z.string().url() }),
  order_note: z.string().optional(),
  /** When the order stops taking payment attempts (ISO 8601); Cashfree's default is 30 days. */
  order_expiry_time: z.iso.datetime({ offset: true }).optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBody>;

export type OrderStatus = "ACTIVE" | "PAID" | "EXPIRED";
export type PaymentStatus = "SUCCESS" | "FAILED" | "USER_DROPPED";

export interface SandboxPayment {
  cf_payment_id: string;
  order_id: string;
  payment_status: PaymentStatus;
  payment_amount: number;
  payment_currency: "INR";
  payment_time: string;
  bank_reference: string;
  payment_group: "upi";
  payment_method: { upi: { upi_id: string } };
}

/** `base64(HMAC_SHA256(client secret, x-webhook-timestamp + raw body))`, as Cashfree signs its webhooks. */
export function signWebhook(secret: string, timestamp: string, rawBody: string): string {
  return createHmac("sha256", secret)
    .update(timestamp + rawBody)
    .digest("base64");
}

/** A webhook body for a payment of an order, as Cashfree sends it. */
export function webhookBody(order: CreateOrderBody, payment: SandboxPayment): string {
  const type = payment.payment_status === "SUCCESS" ? "PAYMENT_SUCCESS_WEBHOOK" : "PAYMENT_FAILED_WEBHOOK";
  // Amounts keep two decimals, as Cashfree writes them: the signature covers these exact bytes.
  const amount = (value: number) => value.toFixed(2);
  return `{"data":{"order":{"order_id":${JSON.stringify(order.order_id)},"order_amount":${amount(order.order_amount)},"order_currency":"INR","order_tags":null},"payment":{"cf_payment_id":${JSON.stringify(payment.cf_payment_id)},"payment_status":"${payment.payment_status}","payment_amount":${amount(payment.payment_amount)},"payment_currency":"INR","payment_message":"${payment.payment_status === "SUCCESS" ? "Transaction successful" : "Transaction failed"}","payment_time":"${payment.payment_time}","bank_reference":"${payment.bank_reference}","auth_id":null,"payment_method":{"upi":{"channel":null,"upi_id":"shopper@sandbox"}},"payment_group":"upi"},"customer_details":${JSON.stringify(order.customer_details)}},"event_time":"${new Date().toISOString()}","type":"${type}"}`;
}

export const newPaymentId = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
export const newSessionId = () => `session_${randomUUID().replace(/-/g, "")}`;

/** A refund request as Cashfree takes it (`POST /orders/{order_id}/refunds`). */
export const createRefundBody = z.object({
  refund_amount: z.number().positive(),
  refund_id: z.string().regex(/^[A-Za-z0-9_-]{3,64}$/),
  refund_note: z.string().max(100).optional(),
  refund_speed: z.enum(["STANDARD", "INSTANT"]).optional(),
});
export type CreateRefundBody = z.infer<typeof createRefundBody>;

export type RefundStatus = "PENDING" | "SUCCESS" | "CANCELLED";

export interface SandboxRefund {
  cf_refund_id: string;
  cf_payment_id: string;
  refund_id: string;
  order_id: string;
  refund_amount: number;
  refund_currency: "INR";
  entity: "refund";
  refund_type: "MERCHANT_INITIATED";
  refund_arn: string | null;
  refund_status: RefundStatus;
  status_description: string;
  refund_note: string | null;
  created_at: string;
  processed_at: string | null;
  refund_mode: "STANDARD";
}

/** A REFUND_STATUS_WEBHOOK body for a refund, as Cashfree sends it (amounts with two decimals, signed as sent). */
export function refundWebhookBody(refund: SandboxRefund): string {
  const { refund_amount, ...rest } = refund;
  const fields = JSON.stringify(rest).slice(1, -1);
  return `{"data":{"refund":{"refund_amount":${refund_amount.toFixed(2)},${fields}}},"event_time":"${new Date().toISOString()}","type":"REFUND_STATUS_WEBHOOK"}`;
}

export const newRefundId = () => `${Date.now()}${Math.floor(Math.random() * 1e5)}`;
