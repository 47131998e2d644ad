import type { Paise } from "../money.js";

/**
 * The shop's charges and limits (spec section 9), in one place for the server that charges them and the SPA that
 * shows them. No zod here: the SPA's first page loads this (through `@storefront/contracts/plain`).
 */
export const ORDER_RULES = {
  maxUnitsPerProduct: 10,
  /** A fixed 30 rupees per order. */
  postalDeliveryPaise: 3000 as Paise,
  platformFeePaise: 0 as Paise,
  /** A shipping address of this many characters or fewer is refused (spec section 5, payment page). */
  shippingAddressMinExclusive: 25,
} as const;

export const OrderMessages = {
  CART_LIMIT: "Only max 10 units of items can be added per order.",
  EMPTY_CART: "No products in cart for purchase.",
  ADDRESS_INCOMPLETE: "Complete Address is required for Shipping...",
  ORDER_ID_INVALID: "The order id is not valid. Please, start the checkout again.",
  /** The shopper's open orders are at their limit (docs/order-lifecycle.md, Open orders and holds). */
  TOO_MANY_OPEN_ORDERS:
    "You have several unpaid orders. Please, pay one of them or wait about 15 minutes before placing another.",
  TOO_MANY_OPEN_CASH_ORDERS:
    "You already have cash-on-delivery orders waiting for delivery. Please, pay this one online, or wait until one of them is delivered.",
  /** One shopper holds their share of a limited product's day unpaid; `limit` in units of 250 g. */
  unpaidShareReached: (name: string, limit: number) =>
    `${name}: one shopper can hold at most ${limit} × 250 g of a day's batch until it is paid. Please, order less or pay your open order first.`,
} as const;
