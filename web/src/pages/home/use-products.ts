import { useQuery } from "@tanstack/react-query";
import { productsQuery } from "../../app/products-query";
import type { Product } from "../../contracts";

/** The catalogue for the home grid. A failed load only ends the loading (spec section 8; the client toasts it). */
export function useProducts(): { products: Product[]; loading: boolean } {
  const query = useQuery(productsQuery);
  return { products: query.data ?? [], loading: query.isPending };
}
