import type { Shopper } from "@storefront/auth";
import { ApiPaths, OrderMessages } from "@storefront/contracts";
import type { PaymentGateway } from "../../payments/providers/port.js";
import type { OpenOrderLimits, Placer } from "../domain/open-orders.js";
import { providerOrderOpened } from "../domain/order-lifecycle.js";
import type { Customer, OrderRecord, OrderRepository } from "../persistence/orders.js";
import type { ShopperTallies } from "../persistence/shopper-tallies.js";
import { giveBackShopperTallies } from "./give-back-shopper-tallies.js";
import { type OpenPlacesOutcome, takeOpenPlaces } from "./hold-shopper-tallies.js";

/**
 * The steps every checkout shares (an order of the catalogue's sweets, `place-order.ts`, and a festival booking,
 * `festivals/usecases/place-booking.ts`): who the customer is, their places among open orders, opening the provider's
 * payment session once the order is stored, and the answer the SPA opens the payment with.
 */

/** Why a checkout was refused, in words the shopper reads. */
export class CheckoutError extends Error {
  constructor(
    readonly kind:
      | "not-yours"
      | "already-paid"
      | "email-mismatch"
      | "too-many-open"
      | "kitchen-full"
      | "unpaid-share"
      | "cash-on-delivery-refused",
    message: string,
  ) {
    super(message);
    this.name = "CheckoutError";
  }
}

/** What opening an order's payment needs: the provider, where its webhooks come in, and how long the order lives. */
export interface PaymentOpening {
  orders: OrderRepository;
  gateway: PaymentGateway;
  /** The shop's origin (PUBLIC_URL): the provider's notify_url is built on it, never on the request's Host. */
  publicUrl: string;
  /** How long an unpaid order lives (ORDER_EXPIRES_AFTER_MS): its payment session at the provider ends with it. */
  orderExpiresAfterMs: number;
}

/** Where each provider's webhooks come in (on PUBLIC_URL). Razorpay's is set in its dashboard, not per order. */
const webhookPath = (provider: PaymentGateway["provider"]) =>
  provider === "razorpay" ? ApiPaths.payment.razorpayWebhook : ApiPaths.payment.cashfreeWebhook;

/**
 * The spec's create-order answer (paymentSessionId, orderId) with, for the card provider's checkout, its order's
 * id, amount, currency and receipt (spec section 3: "Card-provider order response").
 */
export const answer = (order: OrderRecord, paymentSessionId: string) => ({
  paymentSessionId,
  orderId: order._id,
  id: paymentSessionId,
  amount: order.charges.totalPaise,
  currency: "INR" as const,
  receipt: order._id,
});

/**
 * A cash order's answer: nothing to open at a provider; the shopper confirms it with an email OTP
 * (`confirmCashOnDelivery`, docs/delivery.md).
 */
export const cashAnswer = (order: OrderRecord) => ({
  orderId: order._id,
  paymentMethod: "cash-on-delivery" as const,
  amount: order.charges.totalPaise,
  currency: "INR" as const,
});

/** The order's customer: a signed-in customer's account, or the guest's proven email, with the name and mobile given. */
export function customerOf(shopper: Shopper, name: string, mobile: string): Customer {
  return shopper.kind === "user"
    ? { kind: "user", userId: shopper.userId, email: shopper.email, name, mobile }
    : { kind: "guest", email: shopper.email, name, mobile };
}

/**
 * A new order's places among the shopper's open orders (docs/order-lifecycle.md, Open orders and holds); a retried
 * checkout (its order stored before) takes none. Refused, with the limit's words, when one is full.
 */
export async function takePlacesOrRefuse(
  ctx: { tallies: ShopperTallies; openOrderLimits: OpenOrderLimits },
  orderId: string,
  placer: Placer,
  cash: boolean,
  placedBefore: boolean,
  now: Date,
): Promise<OpenPlacesOutcome | undefined> {
  const places = placedBefore
    ? undefined
    : await takeOpenPlaces(ctx.tallies, orderId, placer, cash, ctx.openOrderLimits, now);
  if (places && !places.taken) {
    throw new CheckoutError(
      "too-many-open",
      places.kind === "cash" ? OrderMessages.TOO_MANY_OPEN_CASH_ORDERS : OrderMessages.TOO_MANY_OPEN_ORDERS,
    );
  }
  return places;
}

/** Refused or failed before its order was stored: nothing it took stays held (the sweeper backs this up). */
export async function giveBackUnstored(
  ctx: { tallies: ShopperTallies; orders: OrderRepository },
  orderId: string,
  places: OpenPlacesOutcome | undefined,
): Promise<void> {
  if (places?.taken && places.mine && !(await ctx.orders.byId(orderId))) {
    await giveBackShopperTallies(ctx.tallies, orderId, undefined);
  }
}

/**
 * The stored order's answer: a cash order's (never opened at a provider), the session opened before (a retried
 * checkout), or a new session at the provider, recorded on the order. A paid or confirmed order is refused.
 */
export async function openPayment(ctx: PaymentOpening, order: OrderRecord, shopper: Shopper) {
  if (order.paymentMethod === "cash-on-delivery") {
    if (order.paymentStatus !== "PENDING" || order.cashOnDelivery) {
      throw new CheckoutError("already-paid", "This order is already confirmed.");
    }
    return cashAnswer(order);
  }
  if (order.paymentStatus !== "PENDING") throw new CheckoutError("already-paid", "This order is already paid.");
  if (order.providerOrder) return answer(order, order.providerOrder.paymentSessionId);

  const opened = await ctx.gateway.openCheckout({
    orderId: order._id,
    amountPaise: order.charges.totalPaise,
    customer: {
      id: shopper.kind === "user" ? shopper.userId : `guest-${order._id}`,
      phone: order.customer.mobile,
      email: order.customer.email,
      name: order.customer.name,
    },
    notifyUrl: `${ctx.publicUrl}${webhookPath(ctx.gateway.provider)}`,
    expiresAt: new Date(order.createdAt.getTime() + ctx.orderExpiresAfterMs),
  });
  await ctx.orders.apply(order._id, providerOrderOpened({ provider: ctx.gateway.provider, ...opened }, new Date()));
  return answer(order, opened.paymentSessionId);
}
