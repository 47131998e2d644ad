import { z } from "zod";
import {
  type AdminProduct,
  ApiPaths,
  adminProductListSchema,
  adminProductSchema,
  apiPath,
  type ProductFields,
} from "../contracts";
import { request } from "./client";

/** The owner's product admin calls (docs/back-office.md); ADMIN tokens only, checked by the catalogue. */

const saved = z.object({ message: z.string(), product: adminProductSchema });

export async function adminProducts() {
  return adminProductListSchema.parse(await request(ApiPaths.catalogue.adminProducts, { authorised: true }));
}

export async function addProduct(product: ProductFields & { productId: string }) {
  return saved.parse(
    await request(ApiPaths.catalogue.adminProducts, { method: "POST", body: product, authorised: true }),
  );
}

export async function saveProduct(productId: string, product: ProductFields & { version: number }) {
  return saved.parse(
    await request(apiPath(ApiPaths.catalogue.adminProduct, { productId }), {
      method: "PUT",
      body: product,
      authorised: true,
    }),
  );
}

export async function archiveProduct(productId: string) {
  return saved.parse(
    await request(apiPath(ApiPaths.catalogue.archiveProduct, { productId }), { method: "POST", authorised: true }),
  );
}

export type { AdminProduct };

/** The product's photo, as the file's own bytes (the catalogue tells its kind from them). */
export async function uploadProductPhoto(productId: string, photo: File) {
  return z.object({ message: z.string(), photoUrl: z.string().optional() }).parse(
    await request(apiPath(ApiPaths.catalogue.productPhoto, { productId }), {
      method: "PUT",
      file: photo,
      authorised: true,
      quiet: true,
    }),
  );
}
