import { getOrderReader, mayReadOrder, requireOrderReader, type TokenKeys } from "@storefront/auth";
import { ApiPaths, clientOrderIdSchema, refundIdSchema } from "@storefront/contracts";
import { forbidden, handle, notFound } from "@storefront/http";
import type { Express, Request, Response } from "express";
import { z } from "zod";
import type { CreditNoteStore } from "../persistence/credit-notes.js";
import type { ReceiptStore } from "../persistence/receipts.js";

export interface RouteContext {
  receipts: ReceiptStore;
  creditNotes: CreditNoteStore;
  tokenKeys: TokenKeys;
}

/**
 * A stored PDF as a private download, with its hash as ETag: a 304 when the browser has it, without reading the PDF
 * (`pdf` reads it only when it is sent).
 */
async function sendPdf(
  req: Request,
  res: Response,
  document: { sha256: string },
  pdf: () => Promise<Buffer | undefined>,
  name: string,
) {
  const etag = `"${document.sha256}"`;
  // Private: a shared cache must never hand one customer's invoice to another.
  res.set({ "Cache-Control": "private, no-cache", Vary: "Authorization", ETag: etag });
  if (req.get("if-none-match") === etag) {
    res.status(304).end();
    return;
  }
  const body = await pdf();
  if (!body) throw notFound("The receipt is not ready yet. Please, try again in a minute.");
  res.type("application/pdf").attachment(name).send(body);
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
      await sendPdf(req, res, receipt, () => ctx.receipts.pdfOf(receipt._id), `Receipt_${receipt._id}.pdf`);
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
        await sendPdf(req, res, note, async () => Buffer.from(note.pdf.buffer), `CreditNote_${note._id}.pdf`);
      },
    ),
  );
}
