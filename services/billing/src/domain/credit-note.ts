import { type orderRefundProcessedV1, shareInProportion } from "@storefront/contracts";
import type { z } from "zod";
import { type Invoice, type InvoiceLine, invoiceLines, type Supplier, taxLine, totalsOf } from "./invoice.js";
import { rupeesInWords } from "./money-words.js";

/**
 * A GST credit note (CGST Act section 34, rule 53(1A)) for a refund the provider credited: it names the original
 * invoice and its date, and reverses the taxable value and the tax of the lines the refund gives back, in proportion:
 * the whole invoice for a cancellation or goodwill, one line, or the delivery charge. Its total is the refund.
 */
export type RefundedOrder = z.output<typeof orderRefundProcessedV1.dataSchema>;

/** The invoice lines a refund reverses: one line, the delivery charge, or all of them. */
function reversedLines(order: RefundedOrder, lines: InvoiceLine[]): InvoiceLine[] {
  switch (order.scope.kind) {
    case "line":
      return lines.slice(order.scope.lineIndex, order.scope.lineIndex + 1);
    case "postal":
      return order.charges.postalDeliveryPaise > 0 ? [lines[order.lines.length]!] : [];
    default:
      return lines;
  }
}

export function computeCreditNote(
  order: RefundedOrder,
  supplier: Supplier,
  number: string,
  issuedAt: Date,
  against: { invoiceNumber: string; invoiceIssuedAt: Date },
): Invoice {
  const { intraState, lines } = invoiceLines(order, supplier);
  const reversed = reversedLines(order, lines);
  const shares = shareInProportion(
    order.amountPaise,
    reversed.map((line) => line.totalPaise),
  );
  const creditLines = reversed.flatMap((line, index) => {
    const share = shares[index]!;
    if (share <= 0) return [];
    const whole = share === line.totalPaise;
    return [
      taxLine(
        {
          description: whole ? line.description : `${line.description}, part`,
          hsn: line.hsn,
          quantity: whole ? line.quantity : 1,
          unit: whole ? line.unit : "Nos",
          unitPricePaise: whole ? line.unitPricePaise : share,
        },
        share,
        line.gstRatePercent,
        intraState,
      ),
    ];
  });
  const totals = totalsOf(creditLines);
  if (totals.totalPaise !== order.amountPaise) {
    throw new Error(`credit note for ${order.refundId} adds up to ${totals.totalPaise}, refunded ${order.amountPaise}`);
  }
  return {
    number,
    issuedAt,
    orderId: order.orderId,
    supplier,
    recipient: { name: order.customer.name, email: order.customer.email, mobile: "-", address: order.shippingAddress },
    placeOfSupply: order.placeOfSupply,
    intraState,
    lines: creditLines,
    totals,
    amountInWords: rupeesInWords(totals.totalPaise),
    payment: { provider: "refund", paymentId: order.refundId, paidAt: order.processedAt },
    creditNote: {
      invoiceNumber: against.invoiceNumber,
      invoiceIssuedAt: against.invoiceIssuedAt,
      refundId: order.refundId,
      bankReference: order.bankReference,
    },
  };
}
