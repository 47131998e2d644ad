import { createHash } from "node:crypto";
import { creditNoteIssuedV1, type EventEnvelope } from "@storefront/contracts";
import type { Logger } from "@storefront/http";
import { computeCreditNote, type RefundedOrder } from "../domain/credit-note.js";
import type { Supplier } from "../domain/invoice.js";
import { renderInvoicePdf } from "../pdf/render-invoice.js";
import type { CreditNoteStore } from "../persistence/credit-notes.js";
import type { InvoiceNumbers } from "../persistence/invoice-numbers.js";
import type { ReceiptStore } from "../persistence/receipts.js";
import type { TaxDocumentStore } from "../persistence/tax-documents.js";

export interface IssueCreditNoteDependencies {
  invoiceNumbers: InvoiceNumbers;
  creditNoteNumbers: InvoiceNumbers;
  receipts: ReceiptStore;
  creditNotes: CreditNoteStore;
  taxDocuments: TaxDocumentStore;
  supplier: Supplier;
  logger: Logger;
}

/** The invoice of the order is not issued yet (its order.paid is behind): the event is retried later. */
export class InvoiceNotIssuedYet extends Error {
  override name = "InvoiceNotIssuedYet";
}

/**
 * `order.refund.processed` -> the refund's GST credit note, once (docs/order-lifecycle.md, Credit notes): its number
 * from the credit-note series (consecutive per financial year, claimed like invoice numbers), the original invoice's
 * number and date on it, the PDF, and `billing.credit-note.issued` stored with it in one insert.
 */
export async function issueCreditNote(
  deps: IssueCreditNoteDependencies,
  event: EventEnvelope<string, RefundedOrder>,
): Promise<"issued" | "already-issued"> {
  const refund = event.data;
  if (await deps.creditNotes.byRefund(refund.refundId)) return "already-issued";
  const [invoice, receipt] = await Promise.all([
    deps.invoiceNumbers.allocated(refund.orderId),
    deps.receipts.byOrder(refund.orderId),
  ]);
  if (!invoice || !receipt) throw new InvoiceNotIssuedYet(`order ${refund.orderId} has no invoice yet`);
  const { number, issuedAt } = await deps.creditNoteNumbers.numberFor(refund.refundId);
  const note = computeCreditNote(refund, deps.supplier, number, issuedAt, {
    invoiceNumber: invoice.number,
    invoiceIssuedAt: invoice.issuedAt,
    deliveryKind: receipt.deliveryKind,
    recipient: receipt.recipient,
    shipTo: receipt.shipTo,
  });
  const pdf = await renderInvoicePdf(note);
  const issued = creditNoteIssuedV1.create(
    {
      orderId: refund.orderId,
      refundId: refund.refundId,
      creditNoteNumber: number,
      invoiceNumber: invoice.number,
      amountPaise: refund.amountPaise,
      ...(refund.bankReference ? { bankReference: refund.bankReference } : {}),
      customer: refund.customer,
      pdfBase64: pdf.toString("base64"),
      fileName: `CreditNote_${refund.refundId}.pdf`,
      ...(refund.language ? { language: refund.language } : {}),
    },
    { correlationId: event.correlationId },
  );
  // Kept for the month's return before the credit note (docs/business-buyers.md, GSTR-1), once per number.
  await deps.taxDocuments.keep("credit-note", note);
  const stored = await deps.creditNotes.insertOnce(
    {
      _id: refund.refundId,
      orderId: refund.orderId,
      number,
      invoiceNumber: invoice.number,
      amountPaise: refund.amountPaise,
      customer: receipt.customer,
      pdf,
      sha256: createHash("sha256").update(pdf).digest("hex"),
      createdAt: issuedAt,
    },
    issued,
  );
  deps.logger.info({ orderId: refund.orderId, refundId: refund.refundId, number, stored }, "credit note issued");
  return stored ? "issued" : "already-issued";
}
