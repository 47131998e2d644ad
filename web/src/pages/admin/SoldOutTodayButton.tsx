import { Button } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { type AdminProduct, saveProduct } from "../../api/products-admin";
import { type ProductStatus, productFieldsSchema } from "../../contracts";
import { notifySuccess } from "../../toast/toaster";

/**
 * What one tap sets (docs/back-office.md): a product shoppers can order now becomes "sold out today" (on sale again
 * by itself at India's midnight, the kitchen's "back tomorrow"); one they cannot (sold out today, or until the owner
 * says) goes back on sale. Hidden and archived products have no such button: they are off the list, not sold out.
 */
export function tapSets(product: AdminProduct): ProductStatus | undefined {
  if (product.availability === "on-sale") return "sold-out-today";
  if (product.availability === "sold-out") return "on-sale";
  return undefined;
}

type AdminProductList = { products: AdminProduct[]; imageFiles: string[] };

/**
 * The row's "Sold out today" / "On sale" button: the product's own fields with the new status, sent with the version
 * the row shows (a product changed meanwhile is refused, never overwritten), and the row redrawn from the catalogue's
 * answer, not from what was asked. A second tap while the first is on its way does nothing: a double tap must not
 * flip the product back (the button is also disabled, but a tap can arrive before React draws that).
 */
export function SoldOutTodayButton({ product }: { product: AdminProduct }) {
  const client = useQueryClient();
  const sending = useRef(false);
  const flip = useMutation({
    mutationFn: (status: ProductStatus) =>
      saveProduct(product.productId, {
        ...productFieldsSchema.parse({ ...product, status }),
        version: product.version,
      }),
    onSuccess: ({ product: saved }) => {
      client.setQueryData<AdminProductList>(
        ["admin-products"],
        (list) =>
          list && { ...list, products: list.products.map((p) => (p.productId === saved.productId ? saved : p)) },
      );
      notifySuccess(
        saved.availability === "on-sale" ? `${saved.name} is on sale.` : `${saved.name} is sold out today.`,
      );
    },
    // Refused (changed meanwhile, say): the catalogue's words are shown by the API client; the list is read again.
    onError: () => client.invalidateQueries({ queryKey: ["admin-products"] }),
    onSettled: () => {
      sending.current = false;
    },
  });
  const next = tapSets(product);
  if (!next) return null;
  return (
    <Button
      size="xs"
      variant="outline"
      colorPalette={next === "on-sale" ? "green" : "orange"}
      loading={flip.isPending}
      onClick={() => {
        if (sending.current) return;
        sending.current = true;
        flip.mutate(next);
      }}
      data-testid="product-sold-out-toggle"
      data-sets={next}
    >
      {next === "on-sale" ? "On sale" : "Sold out today"}
    </Button>
  );
}
