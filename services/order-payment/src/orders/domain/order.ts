import type {
  BillTo,
  CancelReason,
  FulfilmentStatus,
  Language,
  OrderStatus,
  PhoneUpdatesRecord,
  PlaceOfSupply,
  RefundAllocation,
  RefundScope,
  TaxClass,
  Weight,
} from "@storefront/contracts";
import type { OrderCharges } from "./price-order.js";

/**
 * An order as the shop's rules see it (docs/architecture.md, Money and orders): who placed it, what, where to, what it
 * cost, and where its payment and fulfilment stand. Persistence adds its outbox (orders/persistence/orders.ts).
 */

/** Who placed an order: a signed-in customer (their user id) or a guest (the email their proof names). */
export type Customer =
  | { kind: "user"; userId: string; email: string; name: string; mobile: string }
  | { kind: "guest"; email: string; name: string; mobile: string };

/** What a festival booking records of its festival: the pass and the pages read it from the order. */
export interface OrderFestival {
  festivalId: string;
  festivalName: string;
  nameMr?: string;
  day: string;
  windowId: string;
  windowLabel: string;
  windowLabelMr?: string;
  /** Whether the festival took cash at the counter when booked (the pass's `cashAtCounter`). */
  cashAtCounter: boolean;
}

export interface OrderLine {
  productId: string;
  name: string;
  /** A catalogue line's weight; a festival box line has none, and `pieces` instead (docs/festivals.md). */
  weight?: Weight;
  /** A festival box line's pieces per box ("Box of 11"); its productId is `festival:<festivalId>:<boxId>`. */
  pieces?: number;
  quantity: number;
  unitPricePaise: number;
  lineTotalPaise: number;
  tax: TaxClass;
  /** Its share of the coupon's discount (docs/coupons.md); what is paid for it is `lineTotalPaise - discountPaise`. */
  discountPaise?: number;
  /** The product's Marathi name when the order was placed, where it had one (docs/languages.md). */
  marathiName?: string;
}

/** COD: a cash-on-delivery order confirmed by its email OTP, made and sent like a paid one, its cash due at the door. */
export type PaymentStatus = "PENDING" | "SUCCESS" | "FAILED" | "COD";

/** An order, keyed by the spec's client order id (the checkout attempt's idempotency key). */
export interface Order {
  _id: string;
  customer: Customer;
  lines: OrderLine[];
  charges: OrderCharges;
  shippingAddress: string;
  /**
   * The invoice's place of supply, a state and its GST code, by the rule in docs/business-buyers.md (Place of supply):
   * the shop's for a pickup, the billing state for a registered buyer delivered elsewhere, else the delivery state.
   */
  placeOfSupply: PlaceOfSupply;
  /**
   * Who the invoice is made out to when not the shopper at the delivery address (docs/business-buyers.md, Bill-to and
   * ship-to): a registered buyer's GSTIN and legal name, or a gift's payer, with the billing address and its state.
   */
  billTo?: BillTo;
  /** The India day the kitchen makes and sends it (docs/back-office.md); absent on orders placed before it counted. */
  dispatchDay?: string;
  /** How it gets there (docs/delivery.md): the zone, and for local delivery and pickup the date and slot. */
  delivery?: {
    zoneId: string;
    kind: "local" | "pickup" | "courier";
    name: string;
    /** The zone's and slot's Marathi names when the owner gave them (docs/languages.md). */
    nameMr?: string;
    date?: string;
    slotId?: string;
    slotLabel?: string;
    slotLabelMr?: string;
  };
  /** A festival booking's festival, day and window (docs/festivals.md, The booking checkout). */
  festival?: OrderFestival;
  /** The shopper's language (docs/languages.md): the order's mails go out in it; absent: English. */
  language?: Language;
  /**
   * The shopper's consent to the order's news on their phone (docs/messaging.md, Consent): the notice's version they
   * ticked, when, and the number, kept as the DPDP Act's record of it; absent: the box was left unticked.
   */
  phoneUpdates?: PhoneUpdatesRecord;
  /** The coupon applied (docs/coupons.md): its use is held with the order, confirmed when paid, released if not. */
  coupon?: { code: string; name: string; discountPaise: number };
  /** Paid in cash at the door (docs/delivery.md, Cash on delivery); absent: online through the provider. */
  paymentMethod?: "cash-on-delivery";
  /** When its email OTP confirmed it (PENDING -> COD), and when the owner recorded the door's outcome. */
  cashOnDelivery?: { confirmedAt: Date; outcome?: "cash-received" | "refused"; recordedBy?: string; at?: Date };
  /** The first product's features, as the order was placed (the confirmation page shows them). */
  features?: string[];
  paymentStatus: PaymentStatus;
  /** "Pending" until paid, then a fulfilment step, or "Canceled" (the spec's spelling). */
  orderStatus: OrderStatus;
  /** Each fulfilment change, oldest first (the order page's timeline). */
  statusHistory?: Array<{ from: FulfilmentStatus; to: FulfilmentStatus; by: string; at: Date }>;
  /** Set once, with orderStatus "Canceled". */
  cancellation?: { by: "customer" | "admin"; reason: CancelReason; note?: string; cancelledBy: string; at: Date };
  /** Refunds in the order they were asked for; refund n (from 1) is `refunds[n-1]`, id `<orderId>-R<n>`. */
  refunds?: Refund[];
  /**
   * Paid back or being paid back (refunds not failed), in paise: what is left is decided from the refunds themselves
   * (refunds/domain/refund-parts.ts); this sum guards a new refund's write (orders/usecases/cancel-order.ts, refundsUnchanged).
   */
  refundedPaise?: number;
  /** The order mail's link: a random token, kept only as its SHA-256, for 30 days (orders/domain/order-access.ts). */
  link?: { tokenSha256: string; expiresAt: Date };
  /** The tracking form's last code: its keyed digest, when it lapses, and the wrong tries against it. */
  /** The tracking form's code (its keyed digest), sent to the order's email, or to its mobile when `via` says so. */
  access?: { codeDigest: string; requestedAt: Date; expiresAt: Date; attempts: number; via?: "mobile" };
  /** The India day it was paid: the owner's daily figures group by it (docs/back-office.md). */
  paidDay?: string;
  payment?: { provider: string; paymentId: string; transactionId?: string; amountPaise: number; paidAt: Date };
  /** Why the order did not get paid: the provider's failure, or "expired" (reconciliation). */
  failure?: { reason: string; paymentId?: string; at: Date };
  /** A payment below the order's total: not settled, left for the admin to look at. */
  underpaid?: { paymentId: string; amountPaise: number; at: Date };
  /**
   * A payment the provider took that could not be settled (its `order.paid` could not be built): parked here for a
   * person, counted by the `orders_settlement_parked` gauge (alert PaidOrderParked) and shown in the console. Such an
   * order is left out of reconciliation (never expired while the provider holds the money, never retried each pass).
   */
  settlementParked?: { error: string; paymentId: string; amountPaise: number; at: Date; attempts: number };
  /** The provider's order and payment session, once created (a retried checkout answers the same session). */
  providerOrder?: { provider: string; paymentSessionId: string; providerOrderId: string };
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Whether an order is a festival booking collected at the counter (docs/festivals.md): it has a pass, and its mails
 * show it. A booking of a delivery window is delivered as any local order (no pass, the mails say its delivery).
 */
export const isCounterBooking = (order: Pick<Order, "festival" | "delivery">): boolean =>
  order.festival !== undefined && order.delivery?.kind !== "local";

export type RefundStatus = "PENDING" | "SUCCESS" | "FAILED";

/**
 * A refund, written before the provider is called (its id is the provider's refund id too, so a call retried after a
 * timeout cannot refund twice), then moved forward only: PENDING -> SUCCESS or FAILED.
 */
export interface Refund {
  refundId: string;
  amountPaise: number;
  scope: RefundScope;
  /**
   * What it gives back of each line, the delivery charge and the platform fee (refunds/domain/refund-parts.ts); absent on
   * refunds written before refunds carried it, which refund-parts reads by their scope.
   */
  allocation?: RefundAllocation;
  note?: string;
  /** "customer", or the admin's email. */
  requestedBy: string;
  status: RefundStatus;
  createdAt: Date;
  /** When the provider accepted the call (until then the call is retried by reconciliation). */
  acceptedAt?: Date;
  providerRefundId?: string;
  bankReference?: string;
  processedAt?: Date;
  failure?: string;
}

/** What a payment settles, as a provider (webhook or status call) reported it: never the browser's word. */
export interface SettledPayment {
  provider: string;
  paymentId: string;
  transactionId?: string;
  amountPaise: number;
  paidAt: Date;
}
