import type { Weight } from "@storefront/contracts/plain";
import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import { cartStore } from "./cart";
import { addToCart } from "./cart-actions";
import type { CartProduct } from "./cart-rules";
import type { CartState } from "./cart-store";

/**
 * The weight each product card shows before its product is in the cart (then the cart line's weight is the truth).
 * A store rather than the card's own state so that a weight chosen on the server's HTML before the app woke up can be
 * applied to it (web/src/early-taps). Kept for the visit only. While React hydrates a server-rendered page, cards read
 * the store's initial state (every card on its product's default weight), as the server rendered them.
 */
interface ChosenWeights {
  weights: ReadonlyMap<string, Weight>;
}
const chosenWeights = createStore<ChosenWeights>()(() => ({ weights: new Map() }));

type CardProduct = Pick<CartProduct, "productId"> & { selectedWeight: Weight };

// The two sources of a card's weight, as selectors: the hook subscribes to them, the actions read them once.
const lineWeight = (productId: string) => (state: CartState) =>
  state.items.find((item) => item.productId === productId)?.selectedWeight;
const chosenWeight = (productId: string) => (state: ChosenWeights) => state.weights.get(productId);

/** The weight the card of `product` shows: its cart line's, else the one chosen on the card, else the default. */
export function useCardWeight(product: CardProduct): Weight {
  const inCart = useStore(cartStore, lineWeight(product.productId));
  const chosen = useStore(chosenWeights, chosenWeight(product.productId));
  return inCart ?? chosen ?? product.selectedWeight;
}

function cardWeight(product: CardProduct): Weight {
  return (
    lineWeight(product.productId)(cartStore.getState()) ??
    chosenWeight(product.productId)(chosenWeights.getState()) ??
    product.selectedWeight
  );
}

/** The card's weight select: remembered for the card, and the cart line's weight when the product is in the cart. */
export function chooseWeight(productId: string, weight: Weight): void {
  chosenWeights.setState((state) => ({ weights: new Map(state.weights).set(productId, weight) }));
  if (lineWeight(productId)(cartStore.getState())) cartStore.getState().changeWeight(productId, weight);
}

/** The card's Add and plus: one more unit at the weight the card shows. */
export function addFromCard(product: CartProduct & { selectedWeight: Weight }): void {
  addToCart(product, cardWeight(product));
}
