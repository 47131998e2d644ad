import { requireAuth, requirePrincipal, type TokenKeys } from "@storefront/auth";
import {
  ApiPaths,
  PHOTO_MAX_BYTES,
  PHOTO_TOO_LARGE_ERROR,
  ProductMessages,
  productIdSchema,
} from "@storefront/contracts";
import { badRequest, conflict, HttpError, handle, notFound } from "@storefront/http";
import express, { type Express, type RequestHandler } from "express";
import { z } from "zod";
import { PHOTO_FILE_PATTERN } from "../domain/photo.js";
import type { ProductPhotos } from "../persistence/product-photos.js";
import type { ProductRepository } from "../persistence/product-repository.js";
import { uploadProductPhoto } from "../usecases/upload-product-photo.js";
import type { ProductListCache } from "./product-list-cache.js";

export interface ProductPhotoRoutes {
  products: ProductRepository;
  photos: ProductPhotos;
  productList: ProductListCache;
  tokenKeys: TokenKeys;
  /** Called with the product's new photo URL once saved (the admin's answer). */
  photoUrlOf: (productId: string) => Promise<string | undefined>;
}

/** The photo's raw bytes, whatever the browser called them (the kind is told from the bytes), up to 2 MB. */
const photoBytes: RequestHandler = (req, res, next) =>
  express.raw({ type: () => true, limit: PHOTO_MAX_BYTES })(req, res, (error?: unknown) => {
    if ((error as { type?: string } | undefined)?.type === "entity.too.large") {
      next(new HttpError(413, PHOTO_TOO_LARGE_ERROR.code, PHOTO_TOO_LARGE_ERROR.message));
    } else next(error);
  });

const photoFileParams = z.object({ file: z.string().max(120).regex(PHOTO_FILE_PATTERN, "Not a photo file name") });

/**
 * The owner's product photos (docs/back-office.md, Photos): `PUT .../photo` (ADMIN only, checked here) and the
 * stored sizes, served with a year's caching (a new photo has new URLs).
 */
export function registerProductPhotoRoutes(app: Express, routes: ProductPhotoRoutes): void {
  app.put(
    ApiPaths.catalogue.productPhoto,
    requireAuth({ ...routes.tokenKeys, roles: ["ADMIN"] }),
    photoBytes,
    handle({ params: z.object({ productId: productIdSchema }) }, async ({ params }, req, res) => {
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const declaredType = req.get("content-type")?.split(";")[0]?.trim().toLowerCase();
      const outcome = await uploadProductPhoto(
        routes.products,
        routes.photos,
        params.productId,
        { bytes, declaredType },
        { by: requirePrincipal(res).email, correlationId: req.id },
      );
      if (outcome === "not-a-picture") throw new HttpError(415, "NOT_A_PICTURE", ProductMessages.PHOTO_NOT_A_PICTURE);
      if (outcome === "not-what-it-says") {
        throw new HttpError(415, "NOT_WHAT_IT_SAYS", ProductMessages.PHOTO_NOT_WHAT_IT_SAYS);
      }
      if (outcome === "unreadable") throw badRequest(ProductMessages.PHOTO_UNREADABLE);
      if (outcome === "unknown-product") throw notFound("No such product.");
      if (outcome === "archived" || outcome === "changed-meanwhile") throw conflict(ProductMessages.CHANGED_MEANWHILE);
      routes.productList.invalidate();
      res.json({ message: ProductMessages.PHOTO_SAVED, photoUrl: await routes.photoUrlOf(params.productId) });
    }),
  );

  app.get(
    ApiPaths.catalogue.photoFile,
    handle({ params: photoFileParams }, async ({ params }, _req, res) => {
      const body = await routes.photos.read(params.file);
      if (!body) throw notFound("Photo not found");
      res.setHeader("Content-Type", "image/webp");
      res.setHeader("Content-Length", body.length);
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.end(body);
    }),
  );
}
