import { useStore } from "zustand";
import { keptStorage } from "../storage/kept";
import { CART_STORAGE_KEY, type CartState, createCartStore } from "./cart-store";

const inBrowser = typeof window !== "undefined";

/**
 * The one cart of this browser, kept in localStorage (where the server renders a page, or storage refuses: an empty
 * cart that keeps nothing). While React hydrates a server-rendered page, `useCart` reads
 * the store's initial state (an empty cart, as the server rendered it) and then the stored cart.
 */
export const cartStore = createCartStore(keptStorage("local"));

export function useCart<T>(selector: (state: CartState) => T): T {
  return useStore(cartStore, selector);
}

// Another tab changed the cart: take its version, so two tabs never overwrite each other's lines.
if (inBrowser) {
  window.addEventListener("storage", (event) => {
    if (event.key === CART_STORAGE_KEY) void cartStore.persist.rehydrate();
  });
}
