import { useSyncExternalStore } from "react";
import { cartStore } from "../cart/cart";
import { forgetKept, keep, readKept, readKeptJson } from "../storage/kept";

/** Browser storage keys of the signed-in visitor and of a guest (spec section 3). */
export const AUTH_TOKEN_KEY = "authToken";
export const EMAIL_KEY = "email";
export const GUEST_DATA_KEY = "guestData";
/** The proof of a guest's validated email (a GUEST token), for guest checkout. Not the spec's: ours. */
export const EMAIL_PROOF_KEY = "emailProof";

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

/** COUNTER: a festival counter's staff account (docs/counter.md), which only the counter screen serves. */
export type SessionRole = "USER" | "ADMIN" | "COUNTER" | undefined;

/**
 * The role a stored token claims, for what the navbar shows. Only a hint: every server checks the token itself, and
 * the admin pages ask the admin info endpoint (spec section 6) before showing anything.
 */
function storedRole(): SessionRole {
  const token = storedToken();
  if (!token) return undefined;
  try {
    const payload = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { role?: string };
    return payload.role === "ADMIN" || payload.role === "COUNTER" ? payload.role : "USER";
  } catch {
    return undefined;
  }
}

/** Whether an auth token is stored; follows sign-in and sign-out in this tab and in others. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => Boolean(storedToken()),
    () => false,
  );
}

/** The signed-in role (USER, ADMIN), or undefined when signed out. */
export function useSessionRole(): SessionRole {
  return useSyncExternalStore(subscribe, storedRole, () => undefined);
}

/** The stored access token (spec section 4), or null when signed out. */
export const storedToken = () => readKept(AUTH_TOKEN_KEY);
export const storedEmail = () => readKept(EMAIL_KEY);
/** A guest's proof of their validated email, or null. */
export const storedEmailProof = () => readKept(EMAIL_PROOF_KEY);

/** Spec section 4: sign-in stores the access token (and the email the user info is read with). */
export function signIn(token: string, email: string): void {
  keep(AUTH_TOKEN_KEY, token);
  keep(EMAIL_KEY, email);
  forgetKept([GUEST_DATA_KEY, EMAIL_PROOF_KEY]);
  window.dispatchEvent(new Event(CHANGED));
}

/** What a guest gave at checkout (spec section 3, Guest data), kept in browser storage for the payment page. */
export interface GuestData {
  customerName: string;
  customerEmail: string;
  mobile: string;
  address: string;
  shippingAddress: Record<string, string | undefined>;
}

/** Spec section 4: the guest flow blanks the token; the guest's email and data are kept for the payment page. */
export function continueAsGuest(data: GuestData, emailProof: string): void {
  forgetKept([AUTH_TOKEN_KEY]);
  keep(EMAIL_KEY, data.customerEmail);
  keep(GUEST_DATA_KEY, JSON.stringify(data));
  keep(EMAIL_PROOF_KEY, emailProof);
  window.dispatchEvent(new Event(CHANGED));
}

/** What a guest gave at checkout, as kept for the payment page; undefined when none is. */
export const storedGuestData = () => readKeptJson<GuestData>(GUEST_DATA_KEY);

/**
 * The server no longer takes the stored token (it expired, or the password was changed elsewhere: docs/security.md):
 * the visitor is signed out where they stand, the cart kept (unlike a sign-out they asked for), and the navbar and
 * the guarded pages follow at once instead of failing call after call.
 */
export function endSession(): void {
  forgetKept([AUTH_TOKEN_KEY, EMAIL_KEY]);
  window.dispatchEvent(new Event(CHANGED));
}

/** Spec section 4: sign-out clears the cart, the token and the stored email (the caller then goes home). */
export function signOut(): void {
  cartStore.getState().clearCart();
  forgetKept([AUTH_TOKEN_KEY, EMAIL_KEY, EMAIL_PROOF_KEY]);
  window.dispatchEvent(new Event(CHANGED));
}
