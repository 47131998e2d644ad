import {
  deliveryWords,
  indiaCalendarDate,
  linePaidPaise,
  type OrderDelivery,
  type orderPaidV3,
  type PlaceOfSupply,
  stateOfComposedAddress,
} from "@storefront/contracts";
import type { z } from "zod";
import { rupeesInWords } from "./money-words.js";

/**
 * A GST tax invoice (CGST Rules 2017, rule 46) for a paid order, worked out from what `order.paid` carries. The
 * shop's prices include GST, so each line's taxable value and tax are worked back from its inclusive amount, and the
 * totals add up to the amount paid to the paisa. Within Maharashtra (the supplier's state) the tax is CGST + SGST,
 * half each; to another state it is IGST. A coupon's discount is recorded on the invoice per line (docs/coupons.md):
 * each line's taxable value is worked back from what was paid for it, since a discount shown on the invoice is not
 * part of the value of supply (CGST Act section 15(3)(a)).
 */

export type PaidOrder = z.output<typeof orderPaidV3.dataSchema>;

export interface Supplier {
  legalName: string;
  address: string;
  gstin: string;
  /** FSSAI licence number (14 digits), printed on invoices of food businesses since 1 January 2022. */
  fssai: string;
  state: string;
  stateCode: string;
  email: string;
  phone: string;
}

export interface InvoiceLine {
  description: string;
  /** HSN code for goods, SAC for the delivery service. */
  hsn: string;
  quantity: number;
  unit: string;
  /** Price of one unit, tax included (what the shopper saw). */
  unitPricePaise: number;
  taxableValuePaise: number;
  gstRatePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** Taxable value + tax = what the shopper paid for the line. */
  totalPaise: number;
  /** The product's Marathi name under its English description (docs/languages.md); the invoice stays English. */
  marathiName?: string;
  /** A discounted line's price before the coupon, and the coupon's share of it (total = gross - discount). */
  grossPaise?: number;
  discountPaise?: number;
}

export interface Invoice {
  number: string;
  issuedAt: Date;
  orderId: string;
  supplier: Supplier;
  /**
   * Who the invoice is made out to (docs/business-buyers.md): the shopper, or the order's bill-to (a registered
   * buyer's legal name and GSTIN, or a gift's payer) at the billing address. `gstin` present: a B2B invoice.
   */
  recipient: {
    /** The shopper's name, or the bill-to's legal name (as on the GST certificate). */
    name: string;
    email: string;
    mobile: string;
    address: string;
    gstin?: string | undefined;
    /** The billing address's state and code (a registered buyer's is its GSTIN's state). */
    state?: string | undefined;
    stateCode?: string | undefined;
  };
  /**
   * Where the goods are handed over: the recipient's address, or for a pickup the shop (the supplier's address,
   * SHOP's): a pickup invoice never says "Ship to" the shopper's home.
   */
  shipTo: { atShop: boolean; address: string };
  placeOfSupply: PlaceOfSupply;
  /** CGST + SGST when true, IGST otherwise. */
  intraState: boolean;
  lines: InvoiceLine[];
  totals: { taxableValuePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number };
  amountInWords: string;
  payment: { provider: string; paymentId: string; transactionId?: string | undefined; paidAt: string };
  /** How it gets there (docs/delivery.md), in words: "Wai and nearby, Wed, 25 Nov, 5 pm - 8 pm". */
  delivery?: string | undefined;
  /** The coupon applied and its whole discount (docs/coupons.md): "Coupon DIWALI100 applied". */
  coupon?: { code: string; discountPaise: number } | undefined;
  /**
   * E-invoicing's particulars (docs/business-buyers.md, E-invoicing): the IRN, the acknowledgement number and the
   * signed QR the invoice registration portal returns. Empty until the shop is registered for it.
   */
  eInvoice: { irn: string; ackNo: string; signedQr: string };
  /** Set on a credit note (CGST Act section 34): the invoice it reduces and the refund it records. */
  creditNote?: { invoiceNumber: string; invoiceIssuedAt: Date; refundId: string; bankReference?: string | undefined };
}

/** An invoice before e-invoicing: its IRN, acknowledgement and signed QR empty (docs/business-buyers.md). */
export const NOT_E_INVOICED: Invoice["eInvoice"] = Object.freeze({ irn: "", ackNo: "", signedQr: "" });

/** What the invoice's lines are worked out from: what `order.paid` and `order.refund.processed` both carry. */
export type InvoicedOrder = Pick<PaidOrder, "lines" | "charges" | "placeOfSupply">;

/** SAC 9968: postal and courier services; the delivery is part of a composite supply of the goods. */
export const DELIVERY_SAC = "996812";

/**
 * The delivery charge's line as the invoice names it: the spec's postal delivery for a courier (and an order without a
 * delivery), the shop's own delivery for local, a pickup's (a pickup has no charge unless the owner sets one).
 */
const DELIVERY_LINE: Readonly<Record<OrderDelivery["kind"], string>> = {
  courier: "Postal delivery charges",
  local: "Delivery charges (local delivery by the shop)",
  pickup: "Pickup charges",
};

/** Where the goods are handed over: the shop for a pickup, else the shopper's address. */
export const shipToOf = (
  kind: OrderDelivery["kind"] | undefined,
  shippingAddress: string,
  supplier: Supplier,
): Invoice["shipTo"] =>
  kind === "pickup" ? { atShop: true, address: supplier.address } : { atShop: false, address: shippingAddress };

/**
 * Who the invoice is made out to (docs/business-buyers.md, The invoice for a registered buyer): the order's bill-to
 * when it has one (a registered buyer's legal name and GSTIN, or a gift's payer, at the billing address and its
 * state), else the shopper at the delivery address, whose state is then the place of supply's (the delivery
 * address's, rule 3 of Place of supply); a pickup's shopper has no address of theirs on the order, so no state.
 */
export function recipientOf(order: PaidOrder): Invoice["recipient"] {
  const { customer, billTo } = order;
  if (billTo) {
    return {
      name: billTo.legalName,
      email: customer.email,
      mobile: customer.mobile,
      address: billTo.address,
      ...(billTo.gstin ? { gstin: billTo.gstin } : {}),
      state: billTo.state,
      stateCode: billTo.stateCode,
    };
  }
  return {
    name: customer.name,
    email: customer.email,
    mobile: customer.mobile,
    address: order.shippingAddress,
    // A pickup's place of supply is the shop's state, not the shopper's: their state is read from their address.
    ...(order.delivery?.kind === "pickup"
      ? stateOfComposedAddress(order.shippingAddress)
      : { state: order.placeOfSupply.state, stateCode: order.placeOfSupply.stateCode }),
  };
}

/** The taxable value and the tax inside an amount that includes GST at `ratePercent`, in whole paise. */
export function splitInclusive(inclusivePaise: number, ratePercent: number): { taxable: number; tax: number } {
  const taxable = Math.round((inclusivePaise * 100) / (100 + ratePercent));
  return { taxable, tax: inclusivePaise - taxable };
}

export function taxLine(
  base: Pick<InvoiceLine, "description" | "hsn" | "quantity" | "unit" | "unitPricePaise">,
  inclusivePaise: number,
  ratePercent: number,
  intraState: boolean,
): InvoiceLine {
  const { taxable, tax } = splitInclusive(inclusivePaise, ratePercent);
  // Halves that add up: the odd paisa goes to SGST.
  const cgst = intraState ? Math.floor(tax / 2) : 0;
  const sgst = intraState ? tax - cgst : 0;
  return {
    ...base,
    taxableValuePaise: taxable,
    gstRatePercent: ratePercent,
    cgstPaise: cgst,
    sgstPaise: sgst,
    igstPaise: intraState ? 0 : tax,
    totalPaise: inclusivePaise,
  };
}

/**
 * The invoice's lines: each product line, then delivery and the platform fee, with taxable value and tax worked back
 * from the inclusive amounts. CGST + SGST within the supplier's state, IGST to another.
 */
export function invoiceLines(
  order: InvoicedOrder,
  supplier: Supplier,
  deliveryKind: OrderDelivery["kind"] = "courier",
): { intraState: boolean; lines: InvoiceLine[] } {
  const intraState = order.placeOfSupply.stateCode === supplier.stateCode;
  const lines = order.lines.map((line) => {
    const taxed = taxLine(
      {
        // A festival box line has pieces, not a weight (docs/festivals.md): "Ukadiche modak (Box of 11)".
        description: line.weight
          ? `${line.name} (${line.weight.replace(" Gram", " g")})`
          : `${line.name} (Box of ${line.pieces ?? 1})`,
        hsn: line.tax.hsn,
        quantity: line.quantity,
        unit: "Pkt",
        unitPricePaise: line.unitPricePaise,
      },
      linePaidPaise(line),
      line.tax.gstRatePercent,
      intraState,
    );
    return {
      ...taxed,
      ...(line.marathiName ? { marathiName: line.marathiName } : {}),
      ...(line.discountPaise ? { grossPaise: line.lineTotalPaise, discountPaise: line.discountPaise } : {}),
    };
  });
  // Delivery and the platform fee are taxed as part of the supply, at the rate of its principal (largest) line.
  const principal = [...order.lines].sort((a, b) => linePaidPaise(b) - linePaidPaise(a))[0]!;
  const principalRate = principal.tax.gstRatePercent;
  for (const [description, amount, sac] of [
    [DELIVERY_LINE[deliveryKind], order.charges.postalDeliveryPaise, DELIVERY_SAC],
    ["Platform fee", order.charges.platformFeePaise, "998599"],
  ] as const) {
    if (amount > 0) {
      lines.push(
        taxLine(
          { description, hsn: sac, quantity: 1, unit: "Nos", unitPricePaise: amount },
          amount,
          principalRate,
          intraState,
        ),
      );
    }
  }
  return { intraState, lines };
}

/** The sums of the lines' columns. */
export function totalsOf(lines: InvoiceLine[]): Invoice["totals"] {
  const sum = (pick: (line: InvoiceLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    taxableValuePaise: sum((line) => line.taxableValuePaise),
    cgstPaise: sum((line) => line.cgstPaise),
    sgstPaise: sum((line) => line.sgstPaise),
    igstPaise: sum((line) => line.igstPaise),
    totalPaise: sum((line) => line.totalPaise),
  };
}

export function computeInvoice(order: PaidOrder, supplier: Supplier, number: string, issuedAt: Date): Invoice {
  const { intraState, lines } = invoiceLines(order, supplier, order.delivery?.kind);
  const totals = totalsOf(lines);
  if (totals.totalPaise !== order.amountPaise && totals.totalPaise !== order.charges.totalPaise) {
    throw new Error(`invoice of ${order.orderId} adds up to ${totals.totalPaise}, paid ${order.amountPaise}`);
  }
  return {
    number,
    issuedAt,
    orderId: order.orderId,
    supplier,
    recipient: recipientOf(order),
    shipTo: shipToOf(order.delivery?.kind, order.shippingAddress, supplier),
    placeOfSupply: order.placeOfSupply,
    ...(order.delivery ? { delivery: deliveryWords(order.delivery) } : {}),
    ...(order.coupon ? { coupon: { code: order.coupon.code, discountPaise: order.charges.discountPaise ?? 0 } } : {}),
    intraState,
    lines,
    totals,
    amountInWords: rupeesInWords(totals.totalPaise),
    eInvoice: NOT_E_INVOICED,
    payment: {
      provider: order.provider,
      paymentId: order.paymentId,
      transactionId: order.transactionId,
      paidAt: order.paidAt,
    },
  };
}

/** The financial year (April to March, India time) of an instant, as `26-27`. */
export function financialYear(at: Date): string {
  const { year, month } = indiaCalendarDate(at);
  const start = month >= 4 ? year : year - 1;
  return `${String(start % 100).padStart(2, "0")}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/**
 * An invoice number: the prefix, the financial year and the sequence within it, e.g. `GM/26-27/000123`, at most 16
 * characters of letters, digits, `-` and `/` (rule 46(b)).
 */
export function invoiceNumber(prefix: string, year: string, sequence: number): string {
  const number = `${prefix}/${year}/${String(sequence).padStart(6, "0")}`;
  if (!/^[A-Za-z0-9/-]{1,16}$/.test(number)) throw new Error(`invoice number ${number} breaks rule 46(b)`);
  return number;
}
