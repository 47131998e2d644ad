import type { Shopper } from "@storefront/auth";
import type { orderRequestSchema } from "@storefront/contracts";

/**
 * What the SPA is told to open (get-key): the local sandbox's hosted page at its origin, or Cashfree's JS SDK in its
 * sandbox or production mode (the SDK's `mode`), or Razorpay's checkout with the key id (public by design).
 */
export type { CheckoutSettings } from "@storefront/contracts";

import type { z } from "zod";
import { type ChosenLine, checkLines, priceOrder } from "../domain/price-order.js";
import { CashfreeError, type CashfreeGateway } from "../payments/cashfree.js";
import type { CataloguePrices } from "../persistence/catalogue-prices.js";
import type { Customer, OrderRepository } from "../persistence/orders.js";

export interface CheckoutContext {
  orders: OrderRepository;
  prices: CataloguePrices;
  cashfree: CashfreeGateway;
  /** The shop's origin (PUBLIC_URL): the provider's notify_url is built on it, never on the request's Host. */
  publicUrl: string;
  provider: string;
}

/** Why a checkout was refused, in words the shopper reads. */
export class CheckoutError extends Error {
  constructor(
    readonly kind: "not-yours" | "already-paid" | "email-mismatch",
    message: string,
  ) {
    super(message);
    this.name = "CheckoutError";
  }
}

export const WEBHOOK_PATH = "/api/payment/webhooks/cashfree";

/**
 * `create-order` / `cashfree-order` (spec section 7): prices the cart from the catalogue (amounts from the browser
 * are ignored), stores the order once under the client's order id (the same id from the same shopper answers the
 * same order; from another, it is refused), and opens the provider's payment session for it.
 */
export async function createCheckout(
  ctx: CheckoutContext,
  request: z.output<typeof orderRequestSchema>,
  shopper: Shopper,
): Promise<{ paymentSessionId: string; orderId: string }> {
  // A guest pays as the email they proved; a signed-in customer as the account's email.
  if (shopper.kind === "guest" && request.customerEmail !== shopper.email) {
    throw new CheckoutError("email-mismatch", "Please, validate email with otp");
  }
  const lines: ChosenLine[] = request.products.map((product) => ({
    productId: product.productId,
    weight: product.selectedWeight,
    quantity: product.selectedQuantity,
  }));
  checkLines(lines);
  const quote = await ctx.prices({ lines: lines.map(({ productId, weight }) => ({ productId, weight })) });
  const { lines: priced, charges } = priceOrder(lines, quote);
  const customer: Customer =
    shopper.kind === "user"
      ? {
          kind: "user",
          userId: shopper.userId,
          email: shopper.email,
          name: request.customerName,
          mobile: request.mobile,
        }
      : { kind: "guest", email: shopper.email, name: request.customerName, mobile: request.mobile };
  const now = new Date();
  const { order } = await ctx.orders.createOnce({
    _id: request.orderId,
    customer,
    lines: priced.map(({ features: _features, ...line }) => line),
    // The confirmation page lists the first product's features (spec section 2).
    features: priced[0]?.features ?? [],
    charges,
    shippingAddress: request.shippingAddress,
    paymentStatus: "PENDING",
    orderStatus: "Pending",
    createdAt: now,
    updatedAt: now,
  });
  if (order.paymentStatus !== "PENDING") throw new CheckoutError("already-paid", "This order is already paid.");
  if (order.providerOrder) return { paymentSessionId: order.providerOrder.paymentSessionId, orderId: order._id };

  let session: { paymentSessionId: string; cfOrderId: string };
  try {
    session = await ctx.cashfree.createOrder({
      orderId: order._id,
      amountPaise: order.charges.totalPaise,
      customer: {
        id: shopper.kind === "user" ? shopper.userId : `guest-${order._id}`,
        phone: order.customer.mobile,
        email: order.customer.email,
        name: order.customer.name,
      },
      notifyUrl: `${ctx.publicUrl}${WEBHOOK_PATH}`,
    });
  } catch (error) {
    // A retry after the provider's order was made but before we stored its session: read it back.
    if (!(error instanceof CashfreeError && error.code === "order_already_exists")) throw error;
    const existing = await ctx.cashfree.getOrder(order._id);
    if (!existing.paymentSessionId) throw error;
    session = { paymentSessionId: existing.paymentSessionId, cfOrderId: existing.cfOrderId };
  }
  await ctx.orders.setProviderOrder(order._id, {
    provider: ctx.provider,
    paymentSessionId: session.paymentSessionId,
    providerOrderId: session.cfOrderId,
  });
  return { paymentSessionId: session.paymentSessionId, orderId: order._id };
}
