import {
  getOrderReader,
  getShopper,
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
  CancelMessages,
  groupPassCode,
  orderRequestSchema,
  shopperCancelSchema,
  TrackMessages,
  trackCodeSchema,
  trackPassSchema,
} from "@storefront/contracts";
import { badRequest, conflict, handle, notFound, requestClientKey } from "@storefront/http";
import type { Express } from "express";
import { type BookingPassContext, issueBookingPass, passDue } from "../../counter/usecases/issue-booking-pass.js";
import { mayCancel } from "../domain/order-lifecycle.js";
import { type CancelContext, cancelOrder } from "../usecases/cancel-order.js";
import { grantOrderPass, type OrderPassContext } from "../usecases/grant-order-pass.js";
import { type CheckoutContext, createCheckout } from "../usecases/place-order.js";
import { type OrderAccessContext, requestOrderAccess } from "../usecases/request-order-access.js";
import { isAdmin, mayRead, orderIdParam } from "./order-readers.js";
import { adminOrderPage, ewayBillDue, orderDetail, orderPage } from "./order-view.js";

export interface OrderRouteContext extends CheckoutContext, CancelContext, OrderAccessContext, OrderPassContext {
  tokenKeys: TokenKeys;
  passes: BookingPassContext["passes"];
}

/** Spec section 7, Payment: placing an order, reading it, cancelling it, a guest's way back to it, "my orders". */
export function registerOrderRoutes(app: Express, ctx: OrderRouteContext): void {
  const shopperOnly = requireShopper(ctx.tokenKeys);
  const checkout = handle({ body: orderRequestSchema }, async ({ body }, req, res) => {
    res.json(await createCheckout(ctx, body, getShopper(res), requestClientKey(req)));
  });
  app.post(ApiPaths.payment.cashfreeOrder, shopperOnly, checkout);
  app.post(ApiPaths.payment.createOrder, shopperOnly, checkout);

  const orderReader = requireOrderReader(ctx.tokenKeys);
  const readOrder = handle({ params: orderIdParam }, async ({ params }, _req, res) => {
    const reader = getOrderReader(res);
    const order = await ctx.orders.byId(params.orderId);
    if (!order || !mayRead(reader, order)) throw notFound("Order not found");
    const cancellable = mayCancel(order, isAdmin(reader) ? "admin" : "customer", ctx.now(), ctx.cancellation);
    // A paid booking's pass, to its owner only (docs/counter.md). Issued here too when missing: a crash between the
    // payment and its pass is finished by the first read of the page, where the shopper looks for the pass.
    const pass = !isAdmin(reader) && passDue(order) ? await issueBookingPass(ctx, order) : undefined;
    res.set("Cache-Control", "private, no-store").json({
      ...orderPage(order, cancellable),
      ...(pass ? { pass: { code: groupPassCode(pass._id) } } : {}),
      // The e-way bill's flag is the owner's to act on (docs/business-buyers.md, E-way bills).
      ...(isAdmin(reader) ? { ewayBill: ewayBillDue(order) } : {}),
    });
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

  // A guest's way back to an order: the same answer, and at the same moment, whether or not the order exists and is
  // theirs: the answer goes before the order is even read, so its timing says nothing either (docs/messaging.md,
  // Tracking by mobile number). A failure past that point is logged; the shopper asks again.
  app.post(
    ApiPaths.payment.trackCode,
    handle({ body: trackCodeSchema }, async ({ body }, req, res) => {
      res.json({ message: "mobile" in body ? TrackMessages.CODE_SENT_TO_PHONE : TrackMessages.CODE_SENT });
      await requestOrderAccess(ctx, body, req.id).catch((error: unknown) =>
        req.log.error({ err: error, orderId: body.orderId }, "the tracking code was not sent"),
      );
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

  // The admin's cancel (spec section 6), ADMIN tokens only, checked here.
  const adminOnly = requireAuth({ ...ctx.tokenKeys, roles: ["ADMIN"] });
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
}

/** A cancel that did not happen, as the reader is told it. */
function answerCancel(outcome: Awaited<ReturnType<typeof cancelOrder>>): void {
  if (outcome === "unknown-order") throw notFound("Order not found");
  if (outcome === "already-cancelled") throw conflict(CancelMessages.ALREADY_CANCELLED);
  if (outcome === "not-allowed") throw conflict(CancelMessages.NOT_YOURS_TO_CANCEL);
}
