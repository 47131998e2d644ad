import { ApiPaths, apiPath, checkoutSettingsSchema, type OrderRequest, orderDetailSchema } from "@storefront/contracts";
import { z } from "zod";
import { AUTH_TOKEN_KEY, EMAIL_PROOF_KEY } from "../auth/session";
import { request } from "./client";

/**
 * The order-payment service's calls (spec section 7, Payment, second flow). A signed-in customer sends their token; a
 * guest sends the proof of the email they validated by OTP, which lets them pay and read that email's orders only.
 */
const shopperBearer = () => localStorage.getItem(AUTH_TOKEN_KEY) || localStorage.getItem(EMAIL_PROOF_KEY) || "token";

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
  return z
    .object({
      paymentSessionId: z.string(),
      orderId: z.string(),
      id: z.string(),
      amount: z.number(),
      currency: z.string(),
      receipt: z.string(),
    })
    .parse(answer);
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

/** The browser's "payment completed": the server asks the provider itself and answers the order. */
export async function verifyPayment(orderId: string) {
  const answer = await request(apiPath(ApiPaths.payment.cashfreeVerify, { orderId }), { bearer: shopperBearer() });
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
