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
  razorpayVerifySchema,
  updateStatusSchema,
} from "@storefront/contracts";
import { badRequest, conflict, handle, notFound } from "@storefront/http";
import type { Express, Request, Response } from "express";
import { z } from "zod";
import { checkoutSignatureValid } from "../payments/razorpay.js";
import type { OrderSearch } from "../persistence/order-search.js";
import type { OrderRecord } from "../persistence/orders.js";
import { type CheckoutContext, type CheckoutSettings, createCheckout } from "../usecases/checkout.js";
import { settleFromProvider } from "../usecases/settle-payment.js";
import { orderDetail, orderRow } from "./order-view.js";

export interface RouteContext extends CheckoutContext {
  /** The admin's orders page (a read model beside the repository). */
  orderSearch: OrderSearch;
  tokenKeys: TokenKeys;
  /** Razorpay's key secret, which signs its checkout's answer (only with PAYMENT_PROVIDER=razorpay). */
  razorpayKeySecret?: string | undefined;
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

  // Admin (spec section 6): the orders list and the fulfilment status. ADMIN tokens only, checked here.
  const adminOnly = requireAuth({ ...ctx.tokenKeys, roles: ["ADMIN"] });
  app.get(
    ApiPaths.payment.activeOrders,
    adminOnly,
    handle({ query: adminOrdersQuerySchema }, async ({ query }, _req, res) => {
      const page = await ctx.orderSearch.page(query);
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
