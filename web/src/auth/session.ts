import { useSyncExternalStore } from "react";
import { cartStore } from "../cart/cart";

/** Browser storage keys of the signed-in visitor (spec section 3). */
export const AUTH_TOKEN_KEY = "authToken";
export const EMAIL_KEY = "email";

const CHANGED = "storefront:session-changed";

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === AUTH_TOKEN_KEY) onChange();
  };
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

const isSignedIn = () => Boolean(localStorage.getItem(AUTH_TOKEN_KEY));

/** Whether an auth token is stored; follows sign-in and sign-out in this tab and in others. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribe, isSignedIn, () => false);
}

/** Spec section 4: sign-out clears the cart, the token and the stored email (the caller then goes home). */
export function signOut(): void {
  cartStore.getState().clearCart();
  localStorage.removeItem(AUTH_TOKEN_KEY);
  localStorage.removeItem(EMAIL_KEY);
  window.dispatchEvent(new Event(CHANGED));
}
