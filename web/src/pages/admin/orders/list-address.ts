import { ADMIN_HOME_PATH, DAY_KEY, type FulfilmentStatus, fulfilmentStatusSchema } from "../../../contracts";

/**
 * Where the owner is in the orders list, as its address says it (docs/back-office.md, The orders list): the view, a
 * fulfilment status, a search and a delivery day. Kept in the address, not in the page's memory, so that an order
 * opened from "tomorrow's new orders" comes back to tomorrow's new orders, and a reload or a shared link opens the
 * same list. Whatever the address holds is read through {@link readListAddress}: an unknown key or a value that is
 * not one is dropped, never passed on.
 */
export interface ListAddress {
  view?: string;
  status?: FulfilmentStatus;
  search?: string;
  day?: string;
}

const VIEW_ID = /^[a-z][a-z0-9-]{0,39}$/;
const SEARCH_MAX = 60;
/** The address's own names: short, as the owner may read or share the link. */
const KEYS = { view: "view", status: "status", search: "q", day: "day" } as const;

export function readListAddress(search: string): ListAddress {
  const params = new URLSearchParams(search);
  const view = params.get(KEYS.view) ?? "";
  const status = fulfilmentStatusSchema.safeParse(params.get(KEYS.status));
  const text = (params.get(KEYS.search) ?? "").trim();
  const day = params.get(KEYS.day) ?? "";
  return {
    ...(VIEW_ID.test(view) ? { view } : {}),
    ...(status.success ? { status: status.data } : {}),
    ...(text && text.length <= SEARCH_MAX ? { search: text } : {}),
    ...(DAY_KEY.test(day) ? { day } : {}),
  };
}

/** The address's query (`?view=new&day=2026-11-27`), or "" for the list as it first opens. */
export function listAddressQuery(address: ListAddress): string {
  const params = new URLSearchParams();
  for (const key of ["view", "status", "search", "day"] as const) {
    const value = address[key];
    if (value) params.set(KEYS[key], value);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The list's path at `address`. */
export const listPath = (address: ListAddress) => `${ADMIN_HOME_PATH}${listAddressQuery(address)}`;
