import type { Weight } from "@storefront/contracts/plain";
import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import { cartStore } from "./cart";
import { addToCart } from "./cart-actions";
import type { CartProduct } from "./cart-rules";

/**
 * The weight each product card shows before its product is in the cart (then the cart line's weight is the truth).
 * A store rather than the card's own state so that a weight chosen on the server's HTML before the app woke up can be
 * applied to it (web/src/early-taps). Kept for the visit only. While React hydrates a server-rendered page, cards read
 * the store's initial state (every card on its product's default weight), as the server rendered them.
 */
const chosenWeights = createStore<{ weights: ReadonlyMap<string, Weight> }>()(() => ({ weights: new Map() }));

/** The weight the card of `product` shows: its cart line's, else the one chosen on the card, else the default. */
export function useCardWeight(product: Pick<CartProduct, "productId"> & { selectedWeight: Weight }): Weight {
  const lineWeight = useStore(
    cartStore,
    (state) => state.items.find((item) => item.productId === product.productId)?.selectedWeight,
  );
  const chosen = useStore(chosenWeights, (state) => state.weights.get(product.productId));
  return lineWeight ?? chosen ?? product.selectedWeight;
}

function cardWeight(product: Pick<CartProduct, "productId"> & { selectedWeight: Weight }): Weight {
  const line = cartStore.getState().items.find((item) => item.productId === product.productId);
  return line?.selectedWeight ?? chosenWeights.getState().weights.get(product.productId) ?? product.selectedWeight;
}

/** The card's weight select: remembered for the card, and the cart line's weight when the product is in the cart. */
export function chooseWeight(productId: string, weight: Weight): void {
  chosenWeights.setState((state) => ({ weights: new Map(state.weights).set(productId, weight) }));
  if (cartStore.getState().items.some((item) => item.productId === productId)) {
    cartStore.getState().changeWeight(productId, weight);
  }
}

/** The card's Add and plus: one more unit at the weight the card shows. */
export function addFromCard(product: CartProduct & { selectedWeight: Weight }): void {
  addToCart(product, cardWeight(product));
}

/** The card's minus: one unit less. */
export function removeFromCard(productId: string): void {
  cartStore.getState().remove(productId);
}
