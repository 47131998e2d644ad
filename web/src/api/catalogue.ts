import { ApiPaths, type Enquiry, type Product, productListSchema } from "../contracts";
import { request } from "./client";

/** `GET /api/v1/products` (spec section 7), parsed with the contract so the screens get typed products. */
export async function fetchProducts(signal?: AbortSignal): Promise<Product[]> {
  return productListSchema.parse(await request(ApiPaths.catalogue.products, { signal }));
}

/** `POST /api/v1/enquiry` with the bearer header (spec sections 6 and 7). Any 2xx means the shop has it. */
export async function sendEnquiry(enquiry: Enquiry): Promise<void> {
  await request(ApiPaths.catalogue.enquiry, { method: "POST", body: enquiry, authorised: true });
}
