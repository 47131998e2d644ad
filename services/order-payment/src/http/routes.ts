import {
  getShopper,
  requireAuth,
  requirePrincipal,
  requireShopper,
  type Shopper,
  type TokenKeys,
} from "@storefront/auth";
import {
  AdminMessages,
  ApiPaths,
  adminOrdersQuerySchema,
  clientOrderIdSchema,
  orderRequestSchema,
  updateStatusSchema,
} from "@storefront/contracts";
import { conflict, handle, notFound, unauthorized } from "@storefront/http";
import type { Express } from "express";
import { z } from "zod";
import { verifyCashfreeWebhook, WebhookRejected } from "../payments/cashfree.js";
import type { OrderRecord } from "../persistence/orders.js";
import { type CheckoutContext, type CheckoutSettings, createCheckout } from "../usecases/checkout.js";
import { settledPayment, settleFromProvider } from "../usecases/settle-payment.js";
import { orderDetail, orderRow } from "./order-view.js";

export interface RouteContext extends CheckoutContext {
  tokenKeys: TokenKeys;
  /** The provider's webhook secret (Cashfree: the client secret). */
  webhookSecret: string;
  /** What the SPA needs to open the provider's checkout (get-key). */
  checkout: CheckoutSettings;
}

const orderIdParam = z.object({ orderId: clientOrderIdSchema });

/** Whether the shopper may see this order: its customer, a guest holding its email's proof, or an admin. */
function mayRead(shopper: Shopper, order: OrderRecord): boolean {
  if (shopper.kind === "guest") return order.customer.email === shopper.email;
  if (shopper.role === "ADMIN") return true;
  return order.customer.kind === "user" && order.customer.userId === shopper.userId;
}

/** Spec section 7, Payment (both flows), and the provider's webhook. */
export function registerRoutes(app: Express, ctx: RouteContext): void {
  const shopperOnly = requireShopper(ctx.tokenKeys);

  const checkout = handle({ body: orderRequestSchema }, async ({ body }, _req, res) => {
    res.json(await createCheckout(ctx, body, getShopper(res)));
  });
  app.post(ApiPaths.payment.cashfreeOrder, shopperOnly, checkout);
  app.post(ApiPaths.payment.createOrder, shopperOnly, checkout);

  // Which checkout the SPA opens (spec section 1: sandbox or production, chosen here from configuration).
  app.get(ApiPaths.payment.getKey, (_req, res) => {
    res.json(ctx.checkout);
  });

  // The provider's webhook: the signature covers the raw bytes (buildApp keeps them on req.rawBody). Answered 200
  // fast once checked; the same payment arriving again settles nothing twice (markPaid).
  app.post(ApiPaths.payment.cashfreeWebhook, async (req, res, next) => {
    try {
      const event = verifyCashfreeWebhook(
        req.rawBody ?? Buffer.alloc(0),
        { signature: req.get("x-webhook-signature"), timestamp: req.get("x-webhook-timestamp") },
        ctx.webhookSecret,
      );
      const { payment, order } = event.data;
      if (payment.payment_status === "SUCCESS") {
        const outcome = await ctx.orders.markPaid(
          order.order_id,
          settledPayment(ctx.provider, payment, event.amountPaise),
          req.id,
        );
        req.log.info({ orderId: order.order_id, outcome }, "payment webhook settled");
      } else if (payment.payment_status === "FAILED" || payment.payment_status === "USER_DROPPED") {
        const outcome = await ctx.orders.recordFailure(
          order.order_id,
          {
            reason: payment.payment_status === "FAILED" ? "payment failed" : "payment abandoned",
            paymentId: event.paymentId,
          },
          req.id,
        );
        req.log.info({ orderId: order.order_id, outcome }, "payment webhook recorded a failure");
      }
      res.json({ received: true });
    } catch (error) {
      next(error instanceof WebhookRejected ? unauthorized("The webhook's signature is not valid.") : error);
    }
  });

  const readOrder = handle({ params: orderIdParam }, async ({ params }, _req, res) => {
    const order = await ctx.orders.byId(params.orderId);
    if (!order || !mayRead(getShopper(res), order)) throw notFound("Order not found");
    res.set("Cache-Control", "private, no-store").json(orderDetail(order));
  });
  app.get(ApiPaths.payment.order, shopperOnly, readOrder);

  const myOrders = handle({}, async (_input, _req, res) => {
    const shopper = getShopper(res);
    const orders = await ctx.orders.ofCustomer(
      shopper.kind === "user" ? { userId: shopper.userId } : { email: shopper.email },
    );
    res.set("Cache-Control", "private, no-store").json(orders.map(orderDetail));
  });
  app.get(ApiPaths.payment.orderStatus, shopperOnly, myOrders);
  app.get(ApiPaths.payment.cashfreeOrderStatus, shopperOnly, myOrders);
  app.get(ApiPaths.payment.cashfreeGet, shopperOnly, readOrder);

  // The browser's "payment completed": the order is settled from the provider's own answer, never from the browser.
  app.get(
    ApiPaths.payment.cashfreeVerify,
    shopperOnly,
    handle({ params: orderIdParam }, async ({ params }, req, res) => {
      const order = await ctx.orders.byId(params.orderId);
      if (!order || !mayRead(getShopper(res), order)) throw notFound("Order not found");
      const outcome =
        order.paymentStatus === "PENDING" ? await settleFromProvider(ctx, order._id, req.id) : "already-settled";
      const settled = await ctx.orders.byId(order._id);
      res.json({
        message: outcome === "not-paid" ? "Payment not completed" : "Payment verified",
        ...orderDetail(settled!),
      });
    }),
  );

  // Admin (spec section 6): the orders list and the fulfilment status. ADMIN tokens only, checked here.
  const adminOnly = requireAuth({ ...ctx.tokenKeys, roles: ["ADMIN"] });
  app.get(
    ApiPaths.payment.activeOrders,
    adminOnly,
    handle({ query: adminOrdersQuerySchema }, async ({ query }, _req, res) => {
      const page = await ctx.orders.page(query);
      res
        .set("Cache-Control", "private, no-store")
        .json({ orders: page.orders.map(orderRow), nextCursor: page.nextCursor });
    }),
  );
  app.post(
    ApiPaths.payment.updateStatus,
    adminOnly,
    handle({ body: updateStatusSchema }, async ({ body }, req, res) => {
      const admin = requirePrincipal(res);
      const outcome = await ctx.orders.changeStatus(body.orderId, body.orderStatus, admin.email, req.id);
      if (outcome === "unknown-order") throw notFound("Order not found");
      if (outcome === "not-paid") throw conflict(AdminMessages.NOT_PAID);
      const order = await ctx.orders.byId(body.orderId);
      res.json({ message: AdminMessages.STATUS_UPDATED, changed: outcome === "changed", ...orderDetail(order!) });
    }),
  );
}
