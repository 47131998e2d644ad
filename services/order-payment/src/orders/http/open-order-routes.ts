import { requireAuth, requirePrincipal, type TokenKeys } from "@storefront/auth";
import { AdminMessages, ApiPaths, holdSettingsSchema, openOrdersOfSchema } from "@storefront/contracts";
import { handle } from "@storefront/http";
import type { Express } from "express";
import type { SettleContext } from "../../payments/usecases/settle-payment.js";
import type { HoldSettingsStore } from "../persistence/hold-settings.js";
import type { OrderRepository } from "../persistence/orders.js";
import { cancelOpenOrdersOf, openOrdersOf } from "../usecases/cancel-open-orders.js";
import { adminOrderRow } from "./order-view.js";

export interface OpenOrderRouteContext extends SettleContext {
  orders: OrderRepository;
  holdSettings: HoldSettingsStore;
  tokenKeys: TokenKeys;
}

/**
 * What unpaid orders may hold and a shopper's open orders (docs/order-lifecycle.md, Open orders and holds), for the
 * owner only (ADMIN, checked here): the share of a product's day one shopper may hold unpaid, an email's open
 * orders, and cancelling all of them in one action, their holds given back once.
 */
export function registerOpenOrderRoutes(app: Express, ctx: OpenOrderRouteContext): void {
  const adminOnly = requireAuth({ ...ctx.tokenKeys, roles: ["ADMIN"] });

  app.get(
    ApiPaths.payment.adminHoldSettings,
    adminOnly,
    handle({}, async (_input, _req, res) => {
      res.set("Cache-Control", "private, no-store").json({
        unpaidSharePercent: await ctx.holdSettings.unpaidSharePercent(),
      });
    }),
  );
  app.put(
    ApiPaths.payment.adminHoldSettings,
    adminOnly,
    handle({ body: holdSettingsSchema }, async ({ body }, _req, res) => {
      await ctx.holdSettings.setUnpaidSharePercent(body.unpaidSharePercent, requirePrincipal(res).email);
      res.json({ message: AdminMessages.HOLD_SETTINGS_SAVED, unpaidSharePercent: body.unpaidSharePercent });
    }),
  );

  app.get(
    ApiPaths.payment.adminOpenOrders,
    adminOnly,
    handle({ query: openOrdersOfSchema }, async ({ query }, _req, res) => {
      const open = await openOrdersOf(ctx.orders, query.email);
      res.set("Cache-Control", "private, no-store").json({ orders: open.map(adminOrderRow) });
    }),
  );
  app.post(
    ApiPaths.payment.adminCancelOpenOrders,
    adminOnly,
    handle({ body: openOrdersOfSchema }, async ({ body }, req, res) => {
      const outcome = await cancelOpenOrdersOf(ctx, body.email, requirePrincipal(res).email, req.id);
      res.json({ message: AdminMessages.openOrdersCancelled(outcome.cancelled.length), ...outcome });
    }),
  );
}
