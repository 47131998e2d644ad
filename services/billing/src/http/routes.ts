import { getOrderReader, mayReadOrder, requireOrderReader, type TokenKeys } from "@storefront/auth";
import { ApiPaths, clientOrderIdSchema, refundIdSchema } from "@storefront/contracts";
import { forbidden, handle, notFound } from "@storefront/http";
import type { Express, Request, Response } from "express";
import type { Binary } from "mongodb";
import { z } from "zod";
import type { CreditNoteStore } from "../persistence/credit-notes.js";
import type { ReceiptStore } from "../persistence/receipts.js";

export interface RouteContext {
  receipts: ReceiptStore;
  creditNotes: CreditNoteStore;
  tokenKeys: TokenKeys;
}

/** A stored PDF as a private download, with its hash as ETag (a 304 when the browser has it). */
function sendPdf(req: Request, res: Response, document: { sha256: string; pdf: Binary }, name: string) {
  const etag = `"${document.sha256}"`;
  // Private: a shared cache must never hand one customer's invoice to another.
  res.set({ "Cache-Control": "private, no-cache", Vary: "Authorization", ETag: etag });
  if (req.get("if-none-match") === etag) {
    res.status(304).end();
    return;
  }
  res.type("application/pdf").attachment(name).send(Buffer.from(document.pdf.buffer));
}

/**
 * Spec section 7, Receipts: `GET /api/bill/{orderId}`, the invoice PDF as a download; and the credit note of each
 * credited refund (docs/order-lifecycle.md, Credit notes).
 */
export function registerRoutes(app: Express, ctx: RouteContext): void {
  const reader = requireOrderReader(ctx.tokenKeys);
  app.get(
    ApiPaths.bill.receipt,
    reader,
    handle({ params: z.object({ orderId: clientOrderIdSchema }) }, async ({ params }, req, res) => {
      const receipt = await ctx.receipts.byOrder(params.orderId);
      if (!receipt) throw notFound("The receipt is not ready yet. Please, try again in a minute.");
      // Spec section 6: a 403 sends the shopper home; only for a receipt that exists, so 404 tells nothing more.
      if (!mayReadOrder(getOrderReader(res), { orderId: receipt._id, ...receipt.customer })) {
        throw forbidden("This receipt belongs to another customer.");
      }
      sendPdf(req, res, receipt, `Receipt_${receipt._id}.pdf`);
    }),
  );
  app.get(
    ApiPaths.bill.creditNote,
    reader,
    handle(
      {
        params: z.object({
          orderId: clientOrderIdSchema,
          refundId: refundIdSchema,
        }),
      },
      async ({ params }, req, res) => {
        const note = await ctx.creditNotes.byRefund(params.refundId);
        // Another order's refund, or one not credited yet: the same 404.
        if (
          !note ||
          note.orderId !== params.orderId ||
          !mayReadOrder(getOrderReader(res), { orderId: note.orderId, ...note.customer })
        ) {
          throw notFound("The credit note is not ready yet.");
        }
        sendPdf(req, res, note, `CreditNote_${note._id}.pdf`);
      },
    ),
  );
}
