import { useQuery } from "@tanstack/react-query";
import { productsQueryKey } from "../../app/page-state";
import type { Product } from "../../contracts";

/** The catalogue for the home grid. A failed load only ends the loading (spec section 8; the client toasts it). */
export function useProducts(): { products: Product[]; loading: boolean } {
  const query = useQuery({
    queryKey: productsQueryKey,
    // Loaded when first needed: a server-rendered home already has the products, so the parser waits.
    queryFn: async ({ signal }) => (await import("../../api/catalogue")).fetchProducts(signal),
    staleTime: 60_000,
  });
  return { products: query.data ?? [], loading: query.isPending };
}
