import { optionalAuth, type TokenKeys } from "@storefront/auth";
import { PRICE_QUERY_PATH } from "@storefront/contracts";
import type { Express } from "express";
import { PRODUCT_IMAGES_PATH } from "../domain/product.js";
import type { EnquiryRepository } from "../persistence/enquiry-repository.js";
import type { ProductImages } from "../persistence/product-images.js";
import { type ProductPhotos, photoUrl } from "../persistence/product-photos.js";
import type { ProductRepository } from "../persistence/product-repository.js";
import { registerAdminProductRoutes } from "./admin-products-routes.js";
import { submitEnquiryRoute } from "./enquiry-route.js";
import { priceQueryRoute } from "./price-query-route.js";
import { productImageRoute } from "./product-image-route.js";
import type { ProductListCache } from "./product-list-cache.js";
import { registerProductPhotoRoutes } from "./product-photo-routes.js";
import { listProductsRoute } from "./products-route.js";

export interface CatalogueRoutes {
  productList: ProductListCache;
  productImages: ProductImages;
  photos: ProductPhotos;
  products: ProductRepository;
  enquiries: EnquiryRepository;
  tokenKeys: TokenKeys;
}

/** The catalogue service's routes: public ones of spec section 7, then the internal price query. */
export function registerRoutes(app: Express, routes: CatalogueRoutes): void {
  app.get("/api/v1/products", listProductsRoute(routes.productList));
  app.get(`${PRODUCT_IMAGES_PATH}/:file`, productImageRoute(routes.productImages));
  app.post("/api/v1/enquiry", optionalAuth(routes.tokenKeys), submitEnquiryRoute(routes.enquiries));
  registerAdminProductRoutes(app, routes);
  registerProductPhotoRoutes(app, {
    ...routes,
    photoUrlOf: async (productId) => {
      const photo = (await routes.products.byId(productId))?.photo;
      return photo ? photoUrl(productId, photo.version, "grid") : undefined;
    },
  });
  // Never proxied by the gateway: only other services reach it, inside the cluster.
  app.post(PRICE_QUERY_PATH, priceQueryRoute(routes.products));
}
