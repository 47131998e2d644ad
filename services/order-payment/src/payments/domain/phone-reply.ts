import { e164Digits, type PhoneReplyAction } from "@storefront/contracts";
import type { Order } from "../../orders/domain/order.js";

/**
 * What a shopper's tap on a cash order's `cod_confirm` message does (docs/messaging.md, Replies), decided from the
 * order as read. The tap must come from the order's own number: the payload (`order:<action>:<orderId>`) is seen by
 * the phone and could be typed by anyone into a message of their own, so the order id alone proves nothing; the
 * number is the provider's word (a signed webhook), and the number the order was placed with is the one the message
 * went to. Only an order still waiting for its confirmation changes; a tap after it was confirmed, cancelled or
 * expired changes nothing and is answered by nothing (its order page and mails already say where it stands).
 */
export type PhoneReplyDecision =
  | { kind: "confirm" }
  | { kind: "cancel" }
  | { kind: "address-link"; mobile: string }
  | { kind: "refuse"; why: "unknown order" | "not a cash order" | "another number" }
  | { kind: "ignore"; why: "not a button of ours" | "an opt-out" | "no longer waiting" };

/** Whether the provider's `from` (digits, `919812345678`) is the order's ten-digit mobile. */
export const isOrdersNumber = (orderMobile: string, from: string) =>
  /^\d{10}$/.test(orderMobile.replace(/\D/g, "").slice(-10)) && e164Digits(orderMobile) === from.replace(/\D/g, "");

/** A cash order still waiting for its shopper's confirmation: neither confirmed, failed, expired nor cancelled. */
const waiting = (order: Order) =>
  order.paymentMethod === "cash-on-delivery" &&
  order.paymentStatus === "PENDING" &&
  !order.cashOnDelivery &&
  !order.cancellation;

export function phoneReplyDecision(
  order: Order | null | undefined,
  reply: { mobile: string; action?: PhoneReplyAction | undefined; orderId?: string | undefined },
): PhoneReplyDecision {
  if (!reply.action || !reply.orderId) return { kind: "ignore", why: "not a button of ours" };
  // "Stop updates" is the number's opt-out, which notification records: nothing about the order changes.
  if (reply.action === "stop") return { kind: "ignore", why: "an opt-out" };
  if (!order) return { kind: "refuse", why: "unknown order" };
  if (order.paymentMethod !== "cash-on-delivery") return { kind: "refuse", why: "not a cash order" };
  if (!isOrdersNumber(order.customer.mobile, reply.mobile)) return { kind: "refuse", why: "another number" };
  if (!waiting(order)) return { kind: "ignore", why: "no longer waiting" };
  if (reply.action === "confirm") return { kind: "confirm" };
  if (reply.action === "cancel") return { kind: "cancel" };
  return { kind: "address-link", mobile: e164Digits(order.customer.mobile) };
}
