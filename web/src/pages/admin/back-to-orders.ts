/**
 * Where the order page's "← Orders" leads: the owner's orders list, on the view they came from (the sidebar's views
 * are `/admin-dashboard?view=<id>`), taken from the order page's own `?view=` or from the list's router state. A
 * view that is not an id (typed or forged) is dropped: the list as it opens.
 */
const VIEW = /^[a-z][a-z0-9-]{0,39}$/;

export function ordersListPath(viewInUrl: string | null, routerState: unknown): string {
  const fromState =
    typeof routerState === "object" && routerState !== null && "view" in routerState ? routerState.view : undefined;
  const view = [viewInUrl, fromState].find((one): one is string => typeof one === "string" && VIEW.test(one));
  return view ? `/admin-dashboard?view=${view}` : "/admin-dashboard";
}
