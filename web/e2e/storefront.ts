import { type Product, productListSchema } from "@storefront/contracts";
import { inject } from "vitest";

/** The catalogue as the shop serves it in this run, for computing what the pages must show. */
export async function catalogue(): Promise<Product[]> {
  const response = await fetch(`${inject("shopUrl")}/api/v1/products`);
  return productListSchema.parse(await response.json());
}

/** Rupees as an Indian shopper reads them (₹1,23,456.00), computed independently of the SPA's formatter. */
export const rupees = (paise: number) =>
  new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2 }).format(paise / 100);
