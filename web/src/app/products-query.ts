import { queryOptions } from "@tanstack/react-query";
import type { Product } from "../contracts";
import { productsQueryKey } from "./page-state";

/**
 * The catalogue's product list in the query cache: the home grid's, and what taps made before the app woke up need
 * (web/src/early-taps). The API client and its parser load when first needed: a server-rendered page already has the
 * products, so the parser waits.
 */
export const productsQuery = queryOptions<Product[]>({
  queryKey: productsQueryKey,
  queryFn: async ({ signal }) => (await import("../api/catalogue")).fetchProducts(signal),
  staleTime: 60_000,
});
