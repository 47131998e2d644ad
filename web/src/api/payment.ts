import { z } from "zod";
import { orderBearer } from "../auth/order-pass";
import {
  ApiPaths,
  apiPath,
  checkoutSettingsSchema,
  type FulfilmentStatus,
  type KitchenList,
  type OrderRequest,
  orderDetailSchema,
  orderRowSchema,
  TrackMessages,
} from "../contracts";
import { request, shopperBearer } from "./client";

/**
 * The order-payment service's calls (spec section 7, Payment, second flow). A signed-in customer sends their token; a
 * guest sends the proof of the email they validated by OTP, which lets them pay and read that email's orders only.
 */

export async function checkoutSettings() {
  return checkoutSettingsSchema.parse(await request(ApiPaths.payment.getKey, { quiet: true }));
}

export async function createOrder(order: OrderRequest) {
  const answer = await request(ApiPaths.payment.cashfreeOrder, {
    method: "POST",
    body: order,
    bearer: shopperBearer(),
    quiet: true,
  });
  return placedOrderSchema.parse(answer);
}

/** What create-order (and a festival booking) answers: a payment session at the provider, or a cash order. */
export const placedOrderSchema = z.union([
  z.object({
    paymentSessionId: z.string(),
    orderId: z.string(),
    id: z.string(),
    amount: z.number(),
    currency: z.string(),
    receipt: z.string(),
  }),
  // Cash on delivery (docs/delivery.md): nothing to open at a provider; the shopper confirms by email OTP.
  z.object({ orderId: z.string(), paymentMethod: z.literal("cash-on-delivery"), amount: z.number() }),
]);
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

/** Confirms a cash-on-delivery order with the proof of an email OTP asked for `cod`. */
export async function confirmCashOnDelivery(orderId: string, codProof: string) {
  const answer = await request(apiPath(ApiPaths.payment.confirmCashOnDelivery, { orderId }), {
    method: "POST",
    bearer: codProof,
  });
  return z.object({ message: z.string(), orderId: z.string() }).parse(answer);
}

/** ADMIN: the cash of a cash-on-delivery order is in, or the shopper refused it at the door. */
export async function recordDoorOutcome(orderId: string, outcome: "cash-received" | "cash-refused") {
  const path = outcome === "cash-received" ? ApiPaths.payment.adminCashReceived : ApiPaths.payment.adminCashRefused;
  const answer = await request(apiPath(path, { orderId }), { method: "POST", authorised: true });
  return orderDetailSchema.extend({ message: z.string() }).parse(answer);
}

/** First flow (Razorpay): what its checkout handed back, checked by the server over the order it stored. */
export async function verifyRazorpay(
  orderId: string,
  success: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string },
) {
  const answer = await request(ApiPaths.payment.verify, {
    method: "POST",
    body: { ...success, receipt: orderId },
    bearer: shopperBearer(),
  });
  return orderDetailSchema.extend({ message: z.string() }).parse(answer);
}

/**
 * The browser's "payment completed": the server asks the provider itself and answers the order. `quiet` when the
 * confirmation page asks again in the background: a failure there is no news for the shopper.
 */
export async function verifyPayment(orderId: string, options: { quiet?: boolean } = {}) {
  const answer = await request(apiPath(ApiPaths.payment.cashfreeVerify, { orderId }), {
    bearer: shopperBearer(),
    quiet: options.quiet ?? false,
  });
  return orderDetailSchema.extend({ message: z.string() }).parse(answer);
}

export async function orderDetail(orderId: string) {
  const answer = await request(apiPath(ApiPaths.payment.cashfreeGet, { orderId }), {
    bearer: shopperBearer(),
    quiet: true,
  });
  return orderDetailSchema.parse(answer);
}

/** The shopper's orders, newest first (dashboard history). */
export async function myOrders() {
  const answer = await request(ApiPaths.payment.cashfreeOrderStatus, { bearer: shopperBearer() });
  return z.array(orderDetailSchema).parse(answer);
}

export interface AdminOrdersQuery {
  /** The kitchen's lists (active, new), by delivery day and slot; without one a filtered list is newest first. */
  list?: KitchenList | undefined;
  orderStatus?: FulfilmentStatus | undefined;
  paymentStatus?: "PENDING" | "SUCCESS" | "FAILED" | "COD" | undefined;
  search?: string | undefined;
  /** Local deliveries and pickups of one day (docs/delivery.md). */
  deliveryDate?: string | undefined;
  cursor?: string | undefined;
}

/** ADMIN: a page of orders: a kitchen list by day and slot, else newest first (the active list when nothing is asked). */
export async function adminOrders(query: AdminOrdersQuery) {
  const params = Object.fromEntries(
    Object.entries({ ...query, limit: "25" }).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  const answer = await request(apiPath(ApiPaths.payment.activeOrders, {}, params), { authorised: true });
  return z.object({ orders: z.array(orderRowSchema), nextCursor: z.string().nullable() }).parse(answer);
}

/** ADMIN: one order, in full, with its timeline and refunds. */
export async function adminOrder(orderId: string) {
  const answer = await request(apiPath(ApiPaths.payment.order, { orderId }), { authorised: true });
  return orderDetailSchema.parse(answer);
}

/** ADMIN: the order's fulfilment status (spec section 3, update-status payload). Failure toasts are the caller's. */
export async function updateOrderStatus(orderId: string, orderStatus: FulfilmentStatus) {
  const answer = await request(ApiPaths.payment.updateStatus, {
    method: "POST",
    body: { orderId, orderStatus },
    authorised: true,
    quiet: true,
  });
  return orderDetailSchema.extend({ message: z.string(), changed: z.boolean() }).parse(answer);
}

/** The order page: the order with its timeline and refunds, for its customer, its guest, or its pass. */
export async function orderPage(orderId: string) {
  const answer = await request(apiPath(ApiPaths.payment.order, { orderId }), {
    bearer: orderBearer(orderId),
    quiet: true,
  });
  return orderDetailSchema.parse(answer);
}

/** The shopper cancels (same day, before the cut-off): the server's refusal is shown as its toast. */
export async function cancelMyOrder(orderId: string, reason: string) {
  const answer = await request(apiPath(ApiPaths.payment.cancelOrder, { orderId }), {
    method: "POST",
    body: reason ? { reason } : {},
    bearer: orderBearer(orderId),
  });
  return orderDetailSchema.extend({ message: z.string() }).parse(answer);
}

/** The tracking form's first step, by email or by mobile number: the same answer whether or not the order is theirs. */
export async function askOrderCode(orderId: string, contact: { email: string } | { mobile: string }) {
  const answer = await request(ApiPaths.payment.trackCode, { method: "POST", body: { orderId, ...contact } });
  const sent = "mobile" in contact ? TrackMessages.CODE_SENT_TO_PHONE : TrackMessages.CODE_SENT;
  return z.object({ message: z.string() }).catch({ message: sent }).parse(answer);
}

/** The code from the mail, WhatsApp or SMS (or the order mail's link token) for a pass to that order. */
export async function openOrder(
  proof:
    | { orderId: string; email: string; code: string }
    | { orderId: string; mobile: string; code: string }
    | { orderId: string; token: string },
) {
  const answer = await request(ApiPaths.payment.trackPass, { method: "POST", body: proof, quiet: true });
  return z.object({ orderId: z.string(), orderPass: z.string() }).parse(answer);
}

/** ADMIN: cancels an order before dispatch, with a reason code; the refund of what was paid starts with it. */
export async function adminCancelOrder(orderId: string, reason: string, note: string) {
  const answer = await request(apiPath(ApiPaths.payment.adminCancelOrder, { orderId }), {
    method: "POST",
    body: { reason, ...(note ? { note } : {}) },
    authorised: true,
  });
  return orderDetailSchema.extend({ message: z.string() }).parse(answer);
}

/** ADMIN: refunds a line, the postal charge, or a goodwill amount (paise). */
export async function adminRefund(
  orderId: string,
  refund: { kind: "line"; lineIndex: number } | { kind: "postal" } | { kind: "goodwill"; amountPaise: number },
) {
  const answer = await request(apiPath(ApiPaths.payment.adminRefundOrder, { orderId }), {
    method: "POST",
    body: refund,
    authorised: true,
  });
  return orderDetailSchema.extend({ message: z.string() }).parse(answer);
}
