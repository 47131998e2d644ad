import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { PHOTO_SIZES } from "../domain/photo.js";
import { type CatalogueProduct, drawingPicture, IMAGE_FILE_PATTERN, PRODUCT_IMAGES_PATH } from "../domain/product.js";
import { photoUrl } from "./product-photos.js";

/**
 * The product drawings shipped with the service. Resolved from this module's own location, which is two levels
 * below the package root both in `src/` (tests) and in `dist/` (production), so the build copies nothing.
 */
export const PRODUCT_IMAGES_FOLDER = fileURLToPath(new URL("../../assets/products/", import.meta.url));

export interface ProductImage {
  body: Buffer;
  contentType: "image/svg+xml" | "image/webp";
  /** The first 10 hex digits of the file's sha256: a changed drawing gets a new URL, so it can be cached forever. */
  version: string;
}

export interface ProductImages {
  /** The drawings (`<slug>.svg`), which the owner chooses from. */
  readonly files: readonly string[];
  /** A drawing, or the picture of it the cards show (`<slug>.webp`). */
  get(file: string): ProductImage | undefined;
  /** A stored image path with its version when it is one of our drawings; any other image as it is. */
  urlFor(image: string): string;
  /** What a product's card shows: the owner's photo (its grid size), else the picture of its drawing, versioned. */
  pictureOf(product: Pick<CatalogueProduct, "productId" | "image" | "photo">): string;
}

/**
 * Reads every drawing once, at start-up, and makes the picture of it the cards show: a WebP of the photos' grid width.
 * A browser draws an SVG on the page's main thread (a document of its own per picture, 5-15 ms of a fast desktop's CPU
 * each, several times that on a phone, while the shopper is tapping); a WebP is decoded off it. A handful of small
 * files, served from memory afterwards. Read once per folder and process (drawing the pictures takes ~0.4 s here):
 * the drawings ship with the service and change only with a release.
 */
export function loadProductImages(folder = PRODUCT_IMAGES_FOLDER): Promise<ProductImages> {
  let loading = loaded.get(folder);
  if (!loading) {
    loading = readProductImages(folder);
    loaded.set(folder, loading);
    loading.catch(() => loaded.delete(folder)); // a failed read is tried again by the next caller
  }
  return loading;
}

const loaded = new Map<string, Promise<ProductImages>>();

async function readProductImages(folder: string): Promise<ProductImages> {
  const images = new Map<string, ProductImage>();
  const drawings: string[] = [];
  for (const file of (await readdir(folder)).sort()) {
    if (!IMAGE_FILE_PATTERN.test(file)) continue;
    const body = await readFile(join(folder, file));
    const version = createHash("sha256").update(body).digest("hex").slice(0, 10);
    drawings.push(file);
    images.set(file, { body, contentType: "image/svg+xml", version });
    images.set(drawingPicture(file), { body: await pictureOfDrawing(body), contentType: "image/webp", version });
  }
  const prefix = `${PRODUCT_IMAGES_PATH}/`;
  const urlFor = (image: string) => {
    const version = image.startsWith(prefix) ? images.get(image.slice(prefix.length))?.version : undefined;
    return version ? `${image}?v=${version}` : image;
  };
  /** The card's picture of one of our drawings; any other image is its own picture. */
  const cardPicture = (image: string) => {
    const picture = drawingPicture(image);
    return picture.startsWith(prefix) && images.has(picture.slice(prefix.length)) ? picture : image;
  };
  return {
    files: drawings,
    get: (file) => images.get(file),
    urlFor,
    pictureOf: (product) =>
      product.photo ? photoUrl(product.productId, product.photo.version, "grid") : urlFor(cardPicture(product.image)),
  };
}

/** Density the drawing is drawn at before it is scaled down to the card's width: sharp edges, no blur. */
const DRAWING_DENSITY = 288;

const pictureOfDrawing = (svg: Buffer) =>
  sharp(svg, { density: DRAWING_DENSITY }).resize({ width: PHOTO_SIZES.grid }).webp({ quality: 82 }).toBuffer();
