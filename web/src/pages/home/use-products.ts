import type { Product } from "@storefront/contracts";
import { useEffect, useState } from "react";
import { fetchProducts } from "../../api/catalogue";

/** The catalogue for the home grid. A failed load only ends the loading (spec section 8; the client toasts it). */
export function useProducts(): { products: Product[]; loading: boolean } {
  const [products, setProducts] = useState<Product[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const abort = new AbortController();
    fetchProducts(abort.signal)
      .then(setProducts)
      .catch((error: unknown) => {
        if (!abort.signal.aborted) console.error("products could not be loaded", error);
      })
      .finally(() => {
        if (!abort.signal.aborted) setLoading(false);
      });
    return () => abort.abort();
  }, []);

  return { products, loading };
}
