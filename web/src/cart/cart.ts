import { useStore } from "zustand";
import { CART_STORAGE_KEY, type CartState, createCartStore } from "./cart-store";

/** The one cart of this browser, kept in localStorage. */
export const cartStore = createCartStore(window.localStorage);

export function useCart<T>(selector: (state: CartState) => T): T {
  return useStore(cartStore, selector);
}

// Another tab changed the cart: take its version, so two tabs never overwrite each other's lines.
window.addEventListener("storage", (event) => {
  if (event.key === CART_STORAGE_KEY) void cartStore.persist.rehydrate();
});
