import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type CatalogueProduct, IMAGE_FILE_PATTERN, PRODUCT_IMAGES_PATH } from "../domain/product.js";
import { photoUrl } from "./product-photos.js";

/**
 * The product drawings shipped with the service. Resolved from this module's own location, which is two levels
 * below the package root both in `src/` (tests) and in `dist/` (production), so the build copies nothing.
 */
export const PRODUCT_IMAGES_FOLDER = fileURLToPath(new URL("../../assets/products/", import.meta.url));

export interface ProductImage {
  body: Buffer;
  /** The first 10 hex digits of the file's sha256: a changed drawing gets a new URL, so it can be cached forever. */
  version: string;
}

export interface ProductImages {
  readonly files: readonly string[];
  get(file: string): ProductImage | undefined;
  /** A stored image path with its version when it is one of our drawings; any other image as it is. */
  urlFor(image: string): string;
  /** What a product's card shows: the owner's photo (its grid size), else its drawing with its version. */
  pictureOf(product: Pick<CatalogueProduct, "productId" | "image" | "photo">): string;
}

/** Reads every drawing once, at start-up: a handful of small files, served from memory afterwards. */
export async function loadProductImages(folder = PRODUCT_IMAGES_FOLDER): Promise<ProductImages> {
  const images = new Map<string, ProductImage>();
  for (const file of (await readdir(folder)).sort()) {
    if (!IMAGE_FILE_PATTERN.test(file)) continue;
    const body = await readFile(join(folder, file));
    images.set(file, { body, version: createHash("sha256").update(body).digest("hex").slice(0, 10) });
  }
  const prefix = `${PRODUCT_IMAGES_PATH}/`;
  const urlFor = (image: string) => {
    const version = image.startsWith(prefix) ? images.get(image.slice(prefix.length))?.version : undefined;
    return version ? `${image}?v=${version}` : image;
  };
  return {
    files: [...images.keys()],
    get: (file) => images.get(file),
    urlFor,
    pictureOf: (product) =>
      product.photo ? photoUrl(product.productId, product.photo.version, "grid") : urlFor(product.image),
  };
}
