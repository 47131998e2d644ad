import type { Weight } from "@storefront/contracts/plain";
import { storedToken } from "../auth/session";
import { notifyError, notifyWarning } from "../toast/toaster";
import { cartStore } from "./cart";
import { CART_LIMIT_MESSAGE, type CartProduct } from "./cart-rules";
import { selectTotalPaise } from "./cart-store";

/** Spec section 8, empty cart at checkout. */
export const EMPTY_CART_CHECKOUT = {
  title: "Fail to Checkout",
  description: "No Product in cart for checkout. Please, select the product quantity to proceed!",
} as const;

/** One more unit; at the limit the cart stays as it is and a warning says why (spec sections 8 and 9). */
export function addToCart(product: CartProduct, weight: Weight): void {
  if (!cartStore.getState().add(product, weight)) notifyWarning(CART_LIMIT_MESSAGE);
}

/**
 * Checkout needs a cart total above zero (spec section 5); home and the cart page both come here. A signed-in
 * customer goes straight to payment; anyone else chooses signup, login or guest first.
 */
export function checkout(goTo: (path: string) => void): void {
  if (selectTotalPaise(cartStore.getState()) <= 0) {
    notifyError(EMPTY_CART_CHECKOUT.description, EMPTY_CART_CHECKOUT.title);
    return;
  }
  goTo(storedToken() ? "/payment" : "/checkoutuser");
}
