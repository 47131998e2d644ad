import { requireAuth, requirePrincipal, type TokenKeys } from "@storefront/auth";
import {
  type AdminProduct,
  ApiPaths,
  newProductSchema,
  ProductMessages,
  productEditSchema,
  productIdSchema,
} from "@storefront/contracts";
import { conflict, handle, notFound } from "@storefront/http";
import type { Express } from "express";
import { z } from "zod";
import { availabilityOn, type CatalogueProduct, PRODUCT_IMAGES_PATH, todayInIndia } from "../domain/product.js";
import type { ProductImages } from "../persistence/product-images.js";
import { photoUrl } from "../persistence/product-photos.js";
import type { ProductRepository } from "../persistence/product-repository.js";
import { archiveProduct } from "../usecases/archive-product.js";
import { createProduct } from "../usecases/create-product.js";
import { editProduct } from "../usecases/edit-product.js";
import type { ProductListCache } from "./product-list-cache.js";

export interface AdminProductRoutes {
  products: ProductRepository;
  productImages: ProductImages;
  productList: ProductListCache;
  tokenKeys: TokenKeys;
}

/** A product as the admin's list and form show it. */
function adminView(product: CatalogueProduct, today: string): AdminProduct {
  return {
    productId: product.productId,
    name: product.name,
    description: product.description,
    ...(product.marathi ? { marathi: product.marathi } : {}),
    category: product.category,
    features: product.features,
    imageFile: product.image.startsWith(`${PRODUCT_IMAGES_PATH}/`)
      ? product.image.slice(PRODUCT_IMAGES_PATH.length + 1)
      : product.image,
    prices: product.prices,
    tax: product.tax,
    shelfLifeDays: product.shelfLifeDays,
    ...(product.dailyUnits !== undefined ? { dailyUnits: product.dailyUnits } : {}),
    displayOrder: product.displayOrder,
    status: product.status,
    archived: product.archived,
    version: product.version,
    availability: availabilityOn(product, today),
    ...(product.updatedAt ? { updatedAt: product.updatedAt.toISOString() } : {}),
    ...(product.updatedBy ? { updatedBy: product.updatedBy } : {}),
    ...(product.photo ? { photoUrl: photoUrl(product.productId, product.photo.version, "grid") } : {}),
  };
}

const productParam = z.object({ productId: productIdSchema });

/**
 * The owner's product admin (docs/back-office.md): list, add, edit, archive. ADMIN tokens only, checked here. After
 * a change this instance's product list is read again at once; the gateway's pages follow within seconds.
 */
export function registerAdminProductRoutes(app: Express, routes: AdminProductRoutes): void {
  const adminOnly = requireAuth({ ...routes.tokenKeys, roles: ["ADMIN"] });
  const changeContext = (res: Parameters<typeof requirePrincipal>[0], correlationId: string) => ({
    by: requirePrincipal(res).email,
    correlationId,
  });
  const imageKnown = (file: string) => routes.productImages.files.includes(file);

  app.get(
    ApiPaths.catalogue.adminProducts,
    adminOnly,
    handle({}, async (_input, _req, res) => {
      const today = todayInIndia();
      const all = await routes.products.listInDisplayOrder();
      const products = [...all.filter((p) => !p.archived), ...all.filter((p) => p.archived)];
      res.set("Cache-Control", "private, no-store").json({
        products: products.map((product) => adminView(product, today)),
        imageFiles: routes.productImages.files,
      });
    }),
  );

  app.post(
    ApiPaths.catalogue.adminProducts,
    adminOnly,
    handle({ body: newProductSchema }, async ({ body }, req, res) => {
      if (!imageKnown(body.imageFile)) throw notFound("No such drawing.");
      const outcome = await createProduct(routes.products, body, changeContext(res, req.id));
      if (outcome === "id-taken") throw conflict(ProductMessages.ID_TAKEN);
      routes.productList.invalidate();
      const created = await routes.products.byId(body.productId);
      res.status(201).json({ message: ProductMessages.SAVED, product: adminView(created!, todayInIndia()) });
    }),
  );

  app.put(
    ApiPaths.catalogue.adminProduct,
    adminOnly,
    handle({ params: productParam, body: productEditSchema }, async ({ params, body }, req, res) => {
      if (!imageKnown(body.imageFile)) throw notFound("No such drawing.");
      const outcome = await editProduct(routes.products, params.productId, body, changeContext(res, req.id));
      if (outcome === "unknown-product") throw notFound("No such product.");
      if (outcome === "changed-meanwhile" || outcome === "archived") throw conflict(ProductMessages.CHANGED_MEANWHILE);
      routes.productList.invalidate();
      const saved = await routes.products.byId(params.productId);
      res.json({ message: ProductMessages.SAVED, product: adminView(saved!, todayInIndia()) });
    }),
  );

  app.post(
    ApiPaths.catalogue.archiveProduct,
    adminOnly,
    handle({ params: productParam }, async ({ params }, req, res) => {
      const outcome = await archiveProduct(routes.products, params.productId, changeContext(res, req.id));
      if (outcome === "unknown-product") throw notFound("No such product.");
      routes.productList.invalidate();
      const archived = await routes.products.byId(params.productId);
      res.json({ message: ProductMessages.ARCHIVED, product: adminView(archived!, todayInIndia()) });
    }),
  );
}
