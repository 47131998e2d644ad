/**
 * The SPA's one way to the browser's storage: `local` (kept across visits: the session, the cart) or `session` (this
 * tab only: a pincode, a coupon, an order's pass). Reading and writing never throw: a private window, storage turned
 * off or full, and the server rendering a page (no window) all throw or have none, and then the shop works as if
 * nothing were kept, instead of failing the page.
 */
export type StorageArea = "local" | "session";

function storage(area: StorageArea): Storage | undefined {
  if (typeof window === "undefined") return undefined;
  try {
    return area === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The value kept under `key`, or null when none is (or storage cannot be read). */
export function readKept(key: string, area: StorageArea = "local"): string | null {
  try {
    return storage(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`; a storage that refuses leaves it unkept. */
export function keep(key: string, value: string, area: StorageArea = "local"): void {
  try {
    storage(area)?.setItem(key, value);
  } catch {}
}

/** Forgets each of `keys`. */
export function forgetKept(keys: readonly string[], area: StorageArea = "local"): void {
  const kept = storage(area);
  for (const key of keys) {
    try {
      kept?.removeItem(key);
    } catch {}
  }
}

/** The JSON value kept under `key`, or undefined when none is or it does not parse. Not validated: the caller's type. */
export function readKeptJson<T>(key: string, area: StorageArea = "local"): T | undefined {
  const raw = readKept(key, area);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

/** The same three, as a Storage-like object for code that takes one (the cart's store). */
export const keptStorage = (area: StorageArea = "local") => ({
  getItem: (key: string) => readKept(key, area),
  setItem: (key: string, value: string) => keep(key, value, area),
  removeItem: (key: string) => forgetKept([key], area),
});
