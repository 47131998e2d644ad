import { getShopper, requireShopper, type Shopper, type TokenKeys } from "@storefront/auth";
import { ApiPaths, clientOrderIdSchema } from "@storefront/contracts";
import { forbidden, handle, notFound } from "@storefront/http";
import type { Express } from "express";
import { z } from "zod";
import type { ReceiptRecord, ReceiptStore } from "../persistence/receipts.js";

export interface RouteContext {
  receipts: ReceiptStore;
  tokenKeys: TokenKeys;
}

/** The order's customer (by user id, or a guest by the email their proof names) or an admin. */
function mayRead(shopper: Shopper, receipt: ReceiptRecord): boolean {
  if (shopper.kind === "guest") return receipt.customer.email === shopper.email;
  if (shopper.role === "ADMIN") return true;
  return receipt.customer.userId !== undefined && receipt.customer.userId === shopper.userId;
}

/** Spec section 7, Receipts: `GET /api/bill/{orderId}`, the invoice PDF as a download. */
export function registerRoutes(app: Express, ctx: RouteContext): void {
  app.get(
    ApiPaths.bill.receipt,
    requireShopper(ctx.tokenKeys),
    handle({ params: z.object({ orderId: clientOrderIdSchema }) }, async ({ params }, req, res) => {
      const receipt = await ctx.receipts.byOrder(params.orderId);
      if (!receipt) throw notFound("The receipt is not ready yet. Please, try again in a minute.");
      // Spec section 6: a 403 sends the shopper home; only for a receipt that exists, so 404 tells nothing more.
      if (!mayRead(getShopper(res), receipt)) throw forbidden("This receipt belongs to another customer.");
      const etag = `"${receipt.sha256}"`;
      // Private: a shared cache must never hand one customer's invoice to another.
      res.set({
        "Cache-Control": "private, no-cache",
        Vary: "Authorization",
        ETag: etag,
      });
      if (req.get("if-none-match") === etag) {
        res.status(304).end();
        return;
      }
      res.type("application/pdf").attachment(`Receipt_${receipt._id}.pdf`).send(Buffer.from(receipt.pdf.buffer));
    }),
  );
}
