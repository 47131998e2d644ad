import { requireAuth, requirePrincipal, type TokenKeys } from "@storefront/auth";
import {
  AdminMessages,
  ApiPaths,
  adminOrdersQuerySchema,
  CancelMessages,
  updateStatusSchema,
} from "@storefront/contracts";
import { conflict, handle, notFound } from "@storefront/http";
import type { Express } from "express";
import { type AdminOrderPageContext, adminOrderPage, adminOrderRow } from "../../orders/http/order-view.js";
import type { OrderSearch } from "../persistence/order-search.js";
import { changeFulfilmentStatus, type FulfilmentContext } from "../usecases/change-fulfilment-status.js";

export interface FulfilmentRouteContext extends FulfilmentContext, AdminOrderPageContext {
  /** The admin's orders page (a read model beside the repository). */
  orderSearch: OrderSearch;
  tokenKeys: TokenKeys;
}

/** Admin (spec section 6): the orders list and the fulfilment status. ADMIN tokens only, checked here. */
export function registerFulfilmentRoutes(app: Express, ctx: FulfilmentRouteContext): void {
  const adminOnly = requireAuth({ ...ctx.tokenKeys, roles: ["ADMIN"] });
  app.get(
    ApiPaths.payment.activeOrders,
    adminOnly,
    handle({ query: adminOrdersQuerySchema }, async ({ query }, _req, res) => {
      const page = await ctx.orderSearch.page(query);
      res
        .set("Cache-Control", "private, no-store")
        .json({ orders: page.orders.map(adminOrderRow), nextCursor: page.nextCursor });
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
}
