import { type ListAddress, listPath, readListAddress } from "./orders/list-address";

/**
 * Where the order page's "← Orders" leads: the owner's orders list as they left it (its view and filters, handed over
 * in the router state by the list's link), or on the order page's own `?view=`; else the list as it opens. What the
 * state holds is read as any address is (orders/list-address.ts): a value that is not one is dropped.
 */
export function ordersListPath(viewInUrl: string | null, routerState: unknown): string {
  const fromList =
    typeof routerState === "object" &&
    routerState !== null &&
    "list" in routerState &&
    typeof routerState.list === "string"
      ? readListAddress(routerState.list)
      : undefined;
  const address: ListAddress = fromList ?? readListAddress(viewInUrl ? `view=${encodeURIComponent(viewInUrl)}` : "");
  return listPath(address);
}
