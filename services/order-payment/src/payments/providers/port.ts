import type { Paise } from "@storefront/contracts";

/**
 * The payment port (docs/architecture.md, Payments): what order-payment asks of a provider, whichever it is. The adapters are
 * `cashfree` (also the local sandbox, which speaks Cashfree's PG API) and `razorpay`; configuration chooses one.
 */
export type ProviderName = "sandbox" | "cashfree" | "razorpay";

/** A payment attempt as the provider reports it, amounts in paise. Only SUCCESS settles an order. */
export interface ProviderPayment {
  paymentId: string;
  status: "SUCCESS" | "FAILED" | "PENDING";
  amountPaise: Paise;
  transactionId?: string | undefined;
  paidAt?: Date | undefined;
}

/** The order as the provider's checkout needs it. */
export interface CheckoutRequest {
  orderId: string;
  amountPaise: Paise;
  customer: { id: string; phone: string; email: string; name: string };
  /** Where the provider sends its webhooks (on PUBLIC_URL, never a request's Host). */
  notifyUrl: string;
  /**
   * When the payment session ends at the provider: the instant the unpaid order expires here too, so what it holds
   * lives as long as it can be paid (docs/order-lifecycle.md, Open orders and holds).
   */
  expiresAt: Date;
}

/** The provider's side of a checkout: its order and what the browser opens (Cashfree's payment session id). */
export interface CheckoutOpened {
  providerOrderId: string;
  paymentSessionId: string;
}

/** A refund to ask of the provider: our refund id is its refund id (Cashfree) or idempotency key (Razorpay). */
export interface RefundRequest {
  orderId: string;
  /** The provider's payment that is refunded (Razorpay refunds a payment, Cashfree an order). */
  paymentId: string;
  refundId: string;
  amountPaise: Paise;
  note: string;
}

/** A refund as the provider reports it: PENDING until it says the money is back (SUCCESS) or it failed. */
export interface ProviderRefund {
  refundId: string;
  providerRefundId: string;
  status: "PENDING" | "SUCCESS" | "FAILED";
  amountPaise: Paise;
  /** The bank's reference (Cashfree's refund_arn, Razorpay's acquirer_data.arn). */
  bankReference?: string | undefined;
  processedAt?: Date | undefined;
  failure?: string | undefined;
}

export interface PaymentGateway {
  readonly provider: ProviderName;
  /** Creates the provider's order; a retry for the same order id answers the same session where the API allows. */
  openCheckout(request: CheckoutRequest): Promise<CheckoutOpened>;
  /** Every payment attempt of an order (by our id and the provider's order id), straight from the provider. */
  payments(order: { orderId: string; providerOrderId?: string | undefined }): Promise<ProviderPayment[]>;
  /**
   * Asks for a refund; the same `refundId` again (a retry after a timeout) answers the refund already made, never a
   * second one.
   */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** Where a refund stands at the provider (for reconciliation), or undefined when it never reached it. */
  refundStatus(request: {
    orderId: string;
    refundId: string;
    providerRefundId?: string | undefined;
  }): Promise<ProviderRefund | undefined>;
}

/** A provider that refused or failed a call: its HTTP status and error code, the details for our log only. */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}
