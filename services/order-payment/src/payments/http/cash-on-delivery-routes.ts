import { requireAuth, requireEmailProof, requirePrincipal, type TokenKeys } from "@storefront/auth";
import { ApiPaths, CashOnDeliveryMessages } from "@storefront/contracts";
import { conflict, handle, notFound } from "@storefront/http";
import type { Express, Response } from "express";
import { orderIdParam } from "../../orders/http/order-readers.js";
import { adminOrderPage } from "../../orders/http/order-view.js";
import { confirmCashOnDelivery } from "../usecases/confirm-cash-on-delivery.js";
import { type DoorOutcome, recordCashReceived, recordCashRefused } from "../usecases/record-cash-at-door.js";
import type { SettleContext } from "../usecases/settle-payment.js";

export interface CashOnDeliveryRouteContext extends SettleContext {
  tokenKeys: TokenKeys;
}

/**
 * Cash on delivery (docs/delivery.md): the shopper confirms the order with an email OTP's proof (the bearer token
 * here); the owner records the cash, or the refusal.
 */
export function registerCashOnDeliveryRoutes(app: Express, ctx: CashOnDeliveryRouteContext): void {
  app.post(
    ApiPaths.payment.confirmCashOnDelivery,
    // The proof of an OTP mailed to the order's email: one asked for `cod` (a signed-in customer asks it at the
    // payment page), or the guest checkout's own, asked minutes before (its code was mailed to that address too).
    requireEmailProof(ctx.tokenKeys, ["cod", "guest"]),
    handle({ params: orderIdParam }, async ({ params }, req, res) => {
      const provenEmail = String(res.locals.emailProof);
      const outcome = await confirmCashOnDelivery(ctx, params.orderId, provenEmail, req.id);
      // Another email's order, or no such order: the same answer, so the route tells nothing about orders.
      if (outcome === "not-found") throw notFound("Order not found");
      if (outcome === "not-open") throw conflict(CashOnDeliveryMessages.NOT_OPEN);
      res.json({ message: CashOnDeliveryMessages.CONFIRMED, orderId: params.orderId });
    }),
  );

  const adminOnly = requireAuth({ ...ctx.tokenKeys, roles: ["ADMIN"] });
  const answer = async (res: Response, orderId: string, outcome: DoorOutcome, message: string) => {
    if (outcome === "unknown-order") throw notFound("Order not found");
    if (outcome === "not-due") throw conflict(CashOnDeliveryMessages.NOT_DUE);
    // The door has one outcome (docs/delivery.md, Cash on delivery): the other one, recorded before, stands.
    if (outcome === "cash-already-received") throw conflict(CashOnDeliveryMessages.CASH_ALREADY_RECEIVED);
    if (outcome === "already-refused") throw conflict(CashOnDeliveryMessages.ALREADY_REFUSED);
    // Recorded now or before: the same answer, so a double tap is not an error.
    res.json({ message, ...adminOrderPage((await ctx.orders.byId(orderId))!, ctx) });
  };
  // The door's two outcomes, each recorded by the admin who taps it.
  const doorRoutes = [
    [ApiPaths.payment.adminCashReceived, recordCashReceived, CashOnDeliveryMessages.CASH_RECORDED],
    [ApiPaths.payment.adminCashRefused, recordCashRefused, CashOnDeliveryMessages.REFUSAL_RECORDED],
  ] as const;
  for (const [path, record, message] of doorRoutes) {
    app.post(
      path,
      adminOnly,
      handle({ params: orderIdParam }, async ({ params }, req, res) => {
        const outcome = await record(ctx, params.orderId, requirePrincipal(res).email, req.id);
        await answer(res, params.orderId, outcome, message);
      }),
    );
  }
}
