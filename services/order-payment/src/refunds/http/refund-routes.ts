import { requireAuth, requirePrincipal, type TokenKeys } from "@storefront/auth";
import {
  AdminMessages,
  ApiPaths,
  adminRefundSchema,
  CancelMessages,
  formatRupees,
  refundTooLargeMessage,
} from "@storefront/contracts";
import { badRequest, conflict, HttpError, handle, notFound } from "@storefront/http";
import type { Express } from "express";
import { orderIdParam } from "../../orders/http/order-readers.js";
import { type AdminOrderPageContext, adminOrderPage } from "../../orders/http/order-view.js";
import type { RefundContext } from "../usecases/refund-context.js";
import { refundOrder } from "../usecases/refund-order.js";

export interface RefundRouteContext extends RefundContext, AdminOrderPageContext {
  tokenKeys: TokenKeys;
}

/** The admin's refund of part of a paid order (docs/order-lifecycle.md, Refunds), ADMIN tokens only, checked here. */
export function registerRefundRoutes(app: Express, ctx: RefundRouteContext): void {
  const adminOnly = requireAuth({ ...ctx.tokenKeys, roles: ["ADMIN"] });
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
