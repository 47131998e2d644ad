import { getShopper, requireShopper, type TokenKeys } from "@storefront/auth";
import { ApiPaths, razorpayVerifySchema } from "@storefront/contracts";
import { badRequest, handle, notFound } from "@storefront/http";
import type { Express, Request, Response } from "express";
import { mayRead, orderIdParam } from "../../orders/http/order-readers.js";
import { orderDetail } from "../../orders/http/order-view.js";
import type { CheckoutSettings } from "../../orders/usecases/place-order.js";
import { checkoutSignatureValid } from "../providers/razorpay.js";
import { type SettleContext, settleFromProvider } from "../usecases/settle-payment.js";

export interface PaymentRouteContext extends SettleContext {
  tokenKeys: TokenKeys;
  /** Razorpay's key secret, which signs its checkout's answer (only with PAYMENT_PROVIDER=razorpay). */
  razorpayKeySecret?: string | undefined;
  /** What the SPA needs to open the provider's checkout (get-key). */
  checkout: CheckoutSettings;
}

/** Spec section 7, Payment: which checkout the SPA opens, and the browser's "payment completed" (both flows). */
export function registerPaymentRoutes(app: Express, ctx: PaymentRouteContext): void {
  const shopperOnly = requireShopper(ctx.tokenKeys);
  // Which checkout the SPA opens (spec section 1: sandbox or production, chosen here from configuration).
  app.get(ApiPaths.payment.getKey, (_req, res) => {
    res.json(ctx.checkout);
  });

  /** The browser's "payment completed": settled from the provider's own answer, never from the browser's. */
  async function verified(orderId: string, req: Request, res: Response) {
    const order = await ctx.orders.byId(orderId);
    if (!order || !mayRead(getShopper(res), order)) throw notFound("Order not found");
    if (order.paymentStatus !== "SUCCESS") await settleFromProvider(ctx, order._id, req.id);
    const settled = await ctx.orders.byId(order._id);
    // "Verified" only for an order that is PAID now: a settler that lost a race, or one that could not write, leaves
    // it PENDING, and the shopper must not be told otherwise.
    res.json({
      message: settled?.paymentStatus === "SUCCESS" ? "Payment verified" : "Payment not completed",
      ...orderDetail(settled!),
    });
  }
  app.get(
    ApiPaths.payment.cashfreeVerify,
    shopperOnly,
    handle({ params: orderIdParam }, ({ params }, req, res) => verified(params.orderId, req, res)),
  );
  // First flow (the card provider, Razorpay): its checkout's signature, checked over the Razorpay order id WE stored,
  // then the payment is confirmed with Razorpay itself (captured, full amount) before the order is settled.
  app.post(
    ApiPaths.payment.verify,
    shopperOnly,
    handle({ body: razorpayVerifySchema }, async ({ body }, req, res) => {
      const order = await ctx.orders.byId(body.receipt);
      if (!order || !mayRead(getShopper(res), order)) throw notFound("Order not found");
      const stored = order.providerOrder;
      if (
        !ctx.razorpayKeySecret ||
        stored?.provider !== "razorpay" ||
        !checkoutSignatureValid(
          stored.providerOrderId,
          body.razorpay_payment_id,
          body.razorpay_signature,
          ctx.razorpayKeySecret,
        )
      ) {
        throw badRequest("The payment could not be verified.");
      }
      await verified(order._id, req, res);
    }),
  );
}
