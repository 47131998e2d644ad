import { type OrderDelivery, type orderRefundProcessedV1, shareInProportion } from "@storefront/contracts";
import type { z } from "zod";
import {
  type Invoice,
  type InvoiceLine,
  invoiceLines,
  NOT_E_INVOICED,
  type Supplier,
  shipToOf,
  taxLine,
  totalsOf,
} from "./invoice.js";
import { rupeesInWords } from "./money-words.js";

/**
 * A GST credit note (CGST Act section 34, rule 53(1A)) for a refund the provider credited: it names the original
 * invoice and its date, and reverses the taxable value and the tax of what the refund gives back of each invoice line:
 * its allocation (docs/order-lifecycle.md, Credit notes), or for a refund written before refunds carried one, its
 * amount in proportion over the whole invoice (cancellation, goodwill), one line, or the delivery charge. Its total is
 * the refund.
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

/**
 * The paise a refund gives back of each invoice line: its allocation where the event carries one (one entry per
 * order line, then the delivery charge and the platform fee, each a line of the invoice only when above zero), else
 * as before: the amount shared in proportion over the lines its scope names. Never more than an invoice line carried.
 */
function reversedShares(order: RefundedOrder, lines: InvoiceLine[]): Array<{ line: InvoiceLine; share: number }> {
  const { allocation } = order;
  if (!allocation) {
    const reversed = reversedLines(order, lines);
    const shares = shareInProportion(
      order.amountPaise,
      reversed.map((line) => line.totalPaise),
    );
    return reversed.map((line, index) => ({ line, share: shares[index]! }));
  }
  if (allocation.linesPaise.length !== order.lines.length) {
    throw new Error(
      `refund ${order.refundId} allocates ${allocation.linesPaise.length} lines of ${order.lines.length}`,
    );
  }
  const extra = [
    [order.charges.postalDeliveryPaise, allocation.deliveryPaise],
    [order.charges.platformFeePaise, allocation.platformFeePaise],
  ] as const;
  const shares = [...allocation.linesPaise, ...extra.filter(([charged]) => charged > 0).map(([, given]) => given)];
  return lines.map((line, index) => {
    const share = shares[index]!;
    if (share > line.totalPaise) {
      throw new Error(
        `refund ${order.refundId} gives back ${share} of ${line.description}, invoiced ${line.totalPaise}`,
      );
    }
    return { line, share };
  });
}

export function computeCreditNote(
  order: RefundedOrder,
  supplier: Supplier,
  number: string,
  issuedAt: Date,
  /**
   * The invoice it reduces: its number, its date, how its order came (a pickup's is handed over at the shop), and its
   * recipient and ship-to as the receipt kept them (`order.refund.processed` carries no bill-to): the credit note is
   * made out to whom the invoice was (docs/business-buyers.md, The invoice for a registered buyer). A receipt stored
   * before it kept them has neither: the shopper at the delivery address, as then.
   */
  against: {
    invoiceNumber: string;
    invoiceIssuedAt: Date;
    deliveryKind?: OrderDelivery["kind"] | undefined;
    recipient?: Invoice["recipient"] | undefined;
    shipTo?: Invoice["shipTo"] | undefined;
  },
): Invoice {
  const { intraState, lines } = invoiceLines(order, supplier, against.deliveryKind);
  const creditLines = reversedShares(order, lines).flatMap(({ line, share }) => {
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
    recipient: against.recipient ?? {
      name: order.customer.name,
      email: order.customer.email,
      mobile: "-",
      address: order.shippingAddress,
    },
    shipTo: against.shipTo ?? shipToOf(against.deliveryKind, order.shippingAddress, supplier),
    // The order's, as the event carries it: the same as its invoice's.
    placeOfSupply: order.placeOfSupply,
    intraState,
    lines: creditLines,
    totals,
    amountInWords: rupeesInWords(totals.totalPaise),
    eInvoice: NOT_E_INVOICED,
    payment: { provider: "refund", paymentId: order.refundId, paidAt: order.processedAt },
    creditNote: {
      invoiceNumber: against.invoiceNumber,
      invoiceIssuedAt: against.invoiceIssuedAt,
      refundId: order.refundId,
      bankReference: order.bankReference,
    },
  };
}
