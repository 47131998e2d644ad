import type { Weight } from "@storefront/contracts/plain";
import { createJSONStorage, persist } from "zustand/middleware";
import { createStore } from "zustand/vanilla";
import {
  addOne,
  type CartItem,
  type CartProduct,
  changeWeight,
  hasPendingOrder,
  newOrderId,
  removeOne,
  totalPaise,
  totalUnits,
} from "./cart-rules";

/** Browser storage: the cart under its own key; the order id also under the spec's marker key (section 3). */
export const CART_STORAGE_KEY = "storefront-cart";
export const ORDER_ID_KEY = "orderId";
/** Bump when the stored shape changes, and teach `migrate` the old one. */
export const CART_STORAGE_VERSION = 1;

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface CartState {
  items: CartItem[];
  orderId: string | null;
  /** Adds one unit; `false` when the product is already at the limit and nothing changed. */
  add: (product: CartProduct, weight: Weight) => boolean;
  remove: (productId: string) => void;
  changeWeight: (productId: string, weight: Weight) => void;
  clearCart: () => void;
  /** The current order id, created (spec section 4: at first home load) when there is none. */
  ensureOrderId: () => string;
  /** A fresh order id, for when a payment attempt ends without payment (spec section 4). */
  renewOrderId: () => string;
  /** No order id at all, for when an order is paid (spec section 4). */
  forgetOrderId: () => void;
}

type StoredCart = Pick<CartState, "items" | "orderId">;

export function createCartStore(storage: KeyValueStorage, makeOrderId: () => string = () => newOrderId()) {
  const keepOrderId = (orderId: string) => {
    storage.setItem(ORDER_ID_KEY, orderId);
    return orderId;
  };

  return createStore<CartState>()(
    persist(
      (set, get) => ({
        items: [],
        orderId: null,
        add: (product, weight) => {
          const outcome = addOne(get().items, product, weight);
          if (!outcome.limitReached) set({ items: outcome.items });
          return !outcome.limitReached;
        },
        remove: (productId) => set({ items: removeOne(get().items, productId) }),
        changeWeight: (productId, weight) => set({ items: changeWeight(get().items, productId, weight) }),
        clearCart: () => set({ items: [] }),
        ensureOrderId: () => {
          const orderId = get().orderId || storage.getItem(ORDER_ID_KEY) || makeOrderId();
          if (get().orderId !== orderId) set({ orderId });
          return keepOrderId(orderId);
        },
        renewOrderId: () => {
          const orderId = makeOrderId();
          set({ orderId });
          return keepOrderId(orderId);
        },
        forgetOrderId: () => {
          storage.removeItem(ORDER_ID_KEY);
          set({ orderId: null });
        },
      }),
      {
        name: CART_STORAGE_KEY,
        version: CART_STORAGE_VERSION,
        storage: createJSONStorage(() => storage),
        partialize: (state): StoredCart => ({ items: state.items, orderId: state.orderId }),
        // No older shape exists yet: anything not written by this version starts an empty cart.
        migrate: (stored, version): StoredCart =>
          version === CART_STORAGE_VERSION && stored ? (stored as StoredCart) : { items: [], orderId: null },
      },
    ),
  );
}

export type CartStore = ReturnType<typeof createCartStore>;

export const selectTotalUnits = (state: CartState) => totalUnits(state.items);
export const selectTotalPaise = (state: CartState) => totalPaise(state.items);
/** Read at a page load, not live: the warning is about an order left from before (spec section 4). */
export const selectHasPendingOrder = (state: CartState, storage: KeyValueStorage) =>
  hasPendingOrder(state.items, state.orderId || storage.getItem(ORDER_ID_KEY));
