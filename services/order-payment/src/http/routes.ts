import {
  getOrderReader,
  getShopper,
  mayReadOrder,
  type OrderReader,
  requireAuth,
  requireOrderReader,
  requirePrincipal,
  requireShopper,
  type TokenKeys,
} from "@storefront/auth";
import {
  AdminMessages,
  ApiPaths,
  adminCancelSchema,
  adminOrdersQuerySchema,
  adminRefundSchema,
  CancelMessages,
  clientOrderIdSchema,
  formatRupees,
  orderRequestSchema,
  razorpayVerifySchema,
  refundTooLargeMessage,
  shopperCancelSchema,
  TrackMessages,
  trackCodeSchema,
  trackPassSchema,
  updateStatusSchema,
} from "@storefront/contracts";
import { badRequest, conflict, HttpError, handle, notFound, requestClientKey } from "@storefront/http";
import type { Express, Request, Response } from "express";
import { z } from "zod";
import { mayCancel } from "../domain/order-lifecycle.js";
import { checkoutSignatureValid } from "../payments/razorpay.js";
import type { OrderSearch } from "../persistence/order-search.js";
import type { OrderRecord } from "../persistence/orders.js";
import { type CancelContext, cancelOrder } from "../usecases/cancel-order.js";
import { changeFulfilmentStatus } from "../usecases/change-fulfilment-status.js";
import { grantOrderPass } from "../usecases/grant-order-pass.js";
import { type CheckoutContext, type CheckoutSettings, createCheckout } from "../usecases/place-order.js";
import { refundOrder } from "../usecases/refund-order.js";
import { requestOrderAccess } from "../usecases/request-order-access.js";
import { type SettleContext, settleFromProvider } from "../usecases/settle-payment.js";
import { type CashOnDeliveryRouteContext, registerCashOnDeliveryRoutes } from "./cash-on-delivery-routes.js";
import { type CouponRouteContext, registerCouponRoutes } from "./coupon-routes.js";
import { registerDaySheetRoutes } from "./day-sheet-routes.js";
import { type DeliveryRouteContext, registerDeliveryRoutes } from "./delivery-routes.js";
import { registerKitchenRoutes } from "./kitchen-routes.js";
import { type OpenOrderRouteContext, registerOpenOrderRoutes } from "./open-order-routes.js";
import { adminOrderPage, orderDetail, orderPage, orderRow } from "./order-view.js";
import { registerSummaryRoute } from "./summary-route.js";

export interface RouteContext
  extends CheckoutContext,
    CancelContext,
    SettleContext,
    DeliveryRouteContext,
    CashOnDeliveryRouteContext,
    CouponRouteContext,
    OpenOrderRouteContext {
  /** The admin's orders page (a read model beside the repository). */
  orderSearch: OrderSearch;
  tokenKeys: TokenKeys;
  /** Razorpay's key secret, which signs its checkout's answer (only with PAYMENT_PROVIDER=razorpay). */
  razorpayKeySecret?: string | undefined;
  /** What the SPA needs to open the provider's checkout (get-key). */
  checkout: CheckoutSettings;
}

const orderIdParam = z.object({ orderId: clientOrderIdSchema });

/** The facts that decide who may read an order (libs/auth's mayReadOrder). */
const ownership = (order: OrderRecord) => ({
  orderId: order._id,
  email: order.customer.email,
  userId: order.customer.kind === "user" ? order.customer.userId : undefined,
});
const mayRead = (reader: OrderReader, order: OrderRecord) => mayReadOrder(reader, ownership(order));

const isAdmin = (reader: OrderReader) => reader.kind === "user" && reader.role === "ADMIN";

/** Spec section 7, Payment (both flows), and the provider's webhook. */
export function registerRoutes(app: Express, ctx: RouteContext): void {
  const shopperOnly = requireShopper(ctx.tokenKeys);

  // The client address is the gateway's view of it (X-Forwarded-For from loopback or the private network only).
  app.set("trust proxy", "loopback, linklocal, uniquelocal");
  const checkout = handle({ body: orderRequestSchema }, async ({ body }, req, res) => {
    res.json(await createCheckout(ctx, body, getShopper(res), requestClientKey(req)));
  });
  app.post(ApiPaths.payment.cashfreeOrder, shopperOnly, checkout);
  app.post(ApiPaths.payment.createOrder, shopperOnly, checkout);
  registerKitchenRoutes(app, ctx);
  registerSummaryRoute(app, ctx);
  registerDaySheetRoutes(app, ctx);
  registerDeliveryRoutes(app, ctx);
  registerCashOnDeliveryRoutes(app, ctx);
  registerCouponRoutes(app, ctx);
  registerOpenOrderRoutes(app, ctx);

  // Which checkout the SPA opens (spec section 1: sandbox or production, chosen here from configuration).
  app.get(ApiPaths.payment.getKey, (_req, res) => {
    res.json(ctx.checkout);
  });

  const orderReader = requireOrderReader(ctx.tokenKeys);
  const readOrder = handle({ params: orderIdParam }, async ({ params }, _req, res) => {
    const reader = getOrderReader(res);
    const order = await ctx.orders.byId(params.orderId);
    if (!order || !mayRead(reader, order)) throw notFound("Order not found");
    const cancellable = mayCancel(order, isAdmin(reader) ? "admin" : "customer", ctx.now(), ctx.cancellation);
    res.set("Cache-Control", "private, no-store").json(orderPage(order, cancellable));
  });
  app.get(ApiPaths.payment.order, orderReader, readOrder);

  // The shopper's cancel (docs/order-lifecycle.md, Cancellation): the order's customer, its email's guest, its pass.
  app.post(
    ApiPaths.payment.cancelOrder,
    orderReader,
    handle({ params: orderIdParam, body: shopperCancelSchema }, async ({ params, body }, req, res) => {
      const order = await ctx.orders.byId(params.orderId);
      if (!order || !mayRead(getOrderReader(res), order)) throw notFound("Order not found");
      const outcome = await cancelOrder(ctx, order._id, { by: "customer" }, "customer-asked", body.reason, req.id);
      answerCancel(outcome);
      res.json({ message: AdminMessages.CANCELLED, ...orderPage((await ctx.orders.byId(order._id))!, false) });
    }),
  );

  // A guest's way back to an order: the same answer whether or not the order exists and is theirs.
  app.post(
    ApiPaths.payment.trackCode,
    handle({ body: trackCodeSchema }, async ({ body }, req, res) => {
      await requestOrderAccess(ctx, body.orderId, body.email, req.id);
      res.json({ message: TrackMessages.CODE_SENT });
    }),
  );
  app.post(
    ApiPaths.payment.trackPass,
    handle({ body: trackPassSchema }, async ({ body }, _req, res) => {
      const pass = await grantOrderPass(ctx, body);
      if (!pass) throw badRequest(TrackMessages.NOT_VALID);
      res.set("Cache-Control", "no-store").json({ orderId: body.orderId, orderPass: pass });
    }),
  );

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
      const outcome = await changeFulfilmentStatus(ctx, body.orderId, body.orderStatus, admin.email, req.id);
      if (outcome === "unknown-order") throw notFound("Order not found");
      if (outcome === "not-paid") throw conflict(AdminMessages.NOT_PAID);
      if (outcome === "cancelled") throw conflict(CancelMessages.ALREADY_CANCELLED);
      const order = await ctx.orders.byId(body.orderId);
      // The spec's answer (its message) over the whole admin order page: the page shows it as it is, timeline and all.
      res.json({
        message: AdminMessages.STATUS_UPDATED,
        changed: outcome === "changed",
        ...adminOrderPage(order!, ctx),
      });
    }),
  );

  app.post(
    ApiPaths.payment.adminCancelOrder,
    adminOnly,
    handle({ params: orderIdParam, body: adminCancelSchema }, async ({ params, body }, req, res) => {
      const admin = requirePrincipal(res);
      const outcome = await cancelOrder(
        ctx,
        params.orderId,
        { by: "admin", email: admin.email },
        body.reason,
        body.note,
        req.id,
      );
      answerCancel(outcome);
      res.json({ message: AdminMessages.CANCELLED, ...adminOrderPage((await ctx.orders.byId(params.orderId))!, ctx) });
    }),
  );
  app.post(
    ApiPaths.payment.adminRefundOrder,
    adminOnly,
    handle({ params: orderIdParam, body: adminRefundSchema }, async ({ params, body }, req, res) => {
      const admin = requirePrincipal(res);
      const scope = body.kind === "line" ? { kind: body.kind, lineIndex: body.lineIndex } : { kind: body.kind };
      const started = await refundOrder(
        ctx,
        params.orderId,
        { scope, goodwillPaise: body.kind === "goodwill" ? body.amountPaise : 0, note: body.note },
        admin.email,
        req.id,
      );
      if (started.outcome !== "started") answerRefusedRefund(started);
      const order = await ctx.orders.byId(params.orderId);
      // A refund leaves the order cancellable before dispatch: the answer says so (it said "not" until a reload).
      res.json({ message: AdminMessages.REFUND_STARTED, refundId: started.refundId, ...adminOrderPage(order!, ctx) });
    }),
  );
}

/** A refund that did not happen, as the admin is told it (docs/order-lifecycle.md, Refunds). */
function answerRefusedRefund(outcome: Exclude<Awaited<ReturnType<typeof refundOrder>>, { outcome: "started" }>): never {
  switch (outcome.outcome) {
    case "unknown-order":
      throw notFound("Order not found");
    case "not-paid":
      throw conflict(CancelMessages.NOT_REFUNDABLE);
    case "no-such-line":
      throw badRequest(CancelMessages.NO_SUCH_LINE);
    case "line-already-refunded":
      throw new HttpError(409, "ALREADY_REFUNDED", CancelMessages.LINE_ALREADY_REFUNDED);
    case "delivery-already-refunded":
      throw new HttpError(409, "ALREADY_REFUNDED", CancelMessages.DELIVERY_ALREADY_REFUNDED);
    case "no-delivery-charge":
      throw new HttpError(409, "NOTHING_TO_REFUND", CancelMessages.NO_DELIVERY_CHARGE);
    case "nothing-left":
      throw new HttpError(409, "REFUND_TOO_LARGE", refundTooLargeMessage(formatRupees(0)));
    case "too-large":
      throw new HttpError(409, "REFUND_TOO_LARGE", refundTooLargeMessage(formatRupees(outcome.leftPaise)));
  }
}

/** A cancel that did not happen, as the reader is told it. */
function answerCancel(outcome: Awaited<ReturnType<typeof cancelOrder>>): void {
  if (outcome === "unknown-order") throw notFound("Order not found");
  if (outcome === "already-cancelled") throw conflict(CancelMessages.ALREADY_CANCELLED);
  if (outcome === "not-allowed") throw conflict(CancelMessages.NOT_YOURS_TO_CANCEL);
}
