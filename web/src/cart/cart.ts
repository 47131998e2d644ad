import { useStore } from "zustand";
import { CART_STORAGE_KEY, type CartState, createCartStore, type KeyValueStorage } from "./cart-store";

/** Where the server renders a page there is no browser storage: an empty cart that keeps nothing. */
const noStorage: KeyValueStorage = { getItem: () => null, setItem: () => {}, removeItem: () => {} };
const inBrowser = typeof window !== "undefined";

/**
 * The one cart of this browser, kept in localStorage. While React hydrates a server-rendered page, `useCart` reads
 * the store's initial state (an empty cart, as the server rendered it) and then the stored cart.
 */
export const cartStore = createCartStore(inBrowser ? window.localStorage : noStorage);

export function useCart<T>(selector: (state: CartState) => T): T {
  return useStore(cartStore, selector);
}

// Another tab changed the cart: take its version, so two tabs never overwrite each other's lines.
if (inBrowser) {
  window.addEventListener("storage", (event) => {
    if (event.key === CART_STORAGE_KEY) void cartStore.persist.rehydrate();
  });
}
