import { createHash } from "node:crypto";
import { type EventEnvelope, receiptGeneratedV2 } from "@storefront/contracts";
import type { Logger } from "@storefront/http";
import { computeInvoice, type PaidOrder, type Supplier } from "../domain/invoice.js";
import { renderInvoicePdf } from "../pdf/render-invoice.js";
import type { InvoiceNumbers } from "../persistence/invoice-numbers.js";
import type { ReceiptStore } from "../persistence/receipts.js";
import type { TaxDocumentStore } from "../persistence/tax-documents.js";

export interface IssueReceiptDependencies {
  numbers: InvoiceNumbers;
  receipts: ReceiptStore;
  taxDocuments: TaxDocumentStore;
  supplier: Supplier;
  logger: Logger;
}

/**
 * `order.paid` -> the order's GST invoice, once: its number is allocated once per order, the PDF rendered and kept,
 * and the receipt stored with `billing.receipt.generated` in one insert. A second delivery (or a second billing
 * instance taking the same event) is given the order's number, finds the PDF kept and loses the receipt's insert,
 * and does nothing more. The invoice's model is kept for the month's return first (its insert refused the same way).
 * No read of the receipt first: a delivery is nearly always the first, and every step is
 * keyed by the order, so a repeat costs a render and refused inserts instead of every order paying a read.
 */
export async function issueReceipt(
  deps: IssueReceiptDependencies,
  event: EventEnvelope<string, PaidOrder>,
): Promise<"issued" | "already-issued"> {
  const order = event.data;
  const { number, issuedAt } = await deps.numbers.numberFor(order.orderId);
  const invoice = computeInvoice(order, deps.supplier, number, issuedAt);
  const pdf = await deps.receipts.keepPdf(order.orderId, await renderInvoicePdf(invoice));
  const fileName = `Receipt_${order.orderId}.pdf`;
  const generated = receiptGeneratedV2.create(
    {
      orderId: order.orderId,
      invoiceNumber: number,
      customer: { name: order.customer.name, email: order.customer.email },
      shippingAddress: order.shippingAddress,
      lines: order.lines.map(({ name, weight, pieces, quantity, lineTotalPaise, marathiName }) => ({
        name,
        ...(weight ? { weight } : {}),
        ...(pieces ? { pieces } : {}),
        quantity,
        lineTotalPaise,
        ...(marathiName ? { marathiName } : {}),
      })),
      postalDeliveryPaise: order.charges.postalDeliveryPaise,
      ...(invoice.coupon ? { coupon: invoice.coupon } : {}),
      totalPaise: invoice.totals.totalPaise,
      pdfBase64: pdf.toString("base64"),
      fileName,
      ...(order.sealedOrderLink ? { sealedOrderLink: order.sealedOrderLink } : {}),
      ...(order.delivery ? { delivery: order.delivery } : {}),
      ...(order.language ? { language: order.language } : {}),
      // A festival booking's pass, for the confirmation mail (docs/festivals.md, The pass in the mails).
      ...(order.festival ? { festival: order.festival } : {}),
    },
    { correlationId: event.correlationId },
  );
  // Kept for the month's return before the receipt (docs/business-buyers.md, GSTR-1): a receipt never exists without
  // its document; a repeat delivery has the same number and date, and its document's insert is refused.
  await deps.taxDocuments.keep("invoice", invoice);
  const stored = await deps.receipts.insertOnce(
    {
      _id: order.orderId,
      invoiceNumber: number,
      customer: { email: order.customer.email, ...(order.customer.userId ? { userId: order.customer.userId } : {}) },
      sha256: createHash("sha256").update(pdf).digest("hex"),
      createdAt: issuedAt,
      ...(order.delivery && order.delivery.kind !== "courier" ? { deliveryKind: order.delivery.kind } : {}),
      // Its credit notes are made out to the same recipient (order.refund.processed carries no bill-to).
      recipient: invoice.recipient,
      shipTo: invoice.shipTo,
    },
    generated,
  );
  deps.logger.info({ orderId: order.orderId, invoiceNumber: number, stored }, "receipt issued");
  return stored ? "issued" : "already-issued";
}
