import type { QueryClient } from "@tanstack/react-query";
import { productsQueryKey } from "./page-state";

/** How long after hydration the page's data waits, at least, before it is asked for again. */
const SETTLE_MS = 5000;
/** And at most this long for the phone to be idle. */
const IDLE_TIMEOUT_MS = 10_000;

/**
 * A server-rendered page's data (the products) is as fresh as the gateway's render, which follows the catalogue; it
 * is refreshed once the phone is idle after the page has woken up, not the moment it mounts. Refreshing it at mount
 * (a page rendered over a minute ago was "stale") loaded the API client and the contracts' parser right after
 * hydration: the heaviest module of the first visit, evaluated in one long task just as the shopper starts tapping
 * (Lighthouse's TBT on /home was 360-410 ms with it). Later mounts refetch as usual.
 */
export function refreshPageDataWhenIdle(queryClient: QueryClient): void {
  queryClient.setQueryDefaults(productsQueryKey, { refetchOnMount: false });
  const refresh = () => {
    queryClient.setQueryDefaults(productsQueryKey, { refetchOnMount: true });
    void queryClient.refetchQueries({ queryKey: productsQueryKey, type: "active", stale: true });
  };
  whenSettledAndIdle(refresh);
}

/**
 * Runs `work` once the page has settled and the phone is idle: for what can wait until the shopper has started
 * (fresh data, the kitchen's notes), so it never competes with hydration. Answers a way to call it off.
 */
export function whenSettledAndIdle(work: () => void): () => void {
  let idle: number | undefined;
  const settled = setTimeout(() => {
    if ("requestIdleCallback" in window) idle = requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    else work();
  }, SETTLE_MS);
  return () => {
    clearTimeout(settled);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}
