import type { Product } from "@storefront/contracts";
import { useQuery } from "@tanstack/react-query";
import { fetchProducts } from "../../api/catalogue";

/** The catalogue for the home grid. A failed load only ends the loading (spec section 8; the client toasts it). */
export function useProducts(): { products: Product[]; loading: boolean } {
  const query = useQuery({ queryKey: ["products"], queryFn: ({ signal }) => fetchProducts(signal), staleTime: 60_000 });
  return { products: query.data ?? [], loading: query.isPending };
}
