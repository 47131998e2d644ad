import { createHash } from "node:crypto";
import sharp from "sharp";
import { PHOTO_MAX_PIXELS, PHOTO_SIZES, type PhotoSize, sniffPhotoType } from "../domain/photo.js";
import type { ProductPhotos } from "../persistence/product-photos.js";
import type { ProductRepository } from "../persistence/product-repository.js";
import { type ProductChangeContext, productUpdatedEvent } from "./product-change.js";

export type PhotoOutcome =
  | "saved"
  | "not-a-picture"
  | "not-what-it-says"
  | "unreadable"
  | "unknown-product"
  | "archived"
  | "changed-meanwhile";

/** Concurrent changes of the product (the owner's form in another tab) make the upload read it again. */
const ATTEMPTS = 3;

/**
 * The owner uploads a product's photo (docs/back-office.md, Photos): its kind is told from its bytes, and a file
 * whose bytes are not what its name says (the browser's type, from the name) is refused too; it is decoded
 * (a broken or hostile file, or one claiming more than {@link PHOTO_MAX_PIXELS}, stops here and nothing is stored),
 * turned upright, stripped of its metadata (camera, GPS: sharp writes none unless asked) and stored as WebP in the
 * grid's and the detail view's sizes, under a version taken from its bytes. Then the product shows it, with its
 * `catalogue.product.updated` and a line in its history.
 */
export async function uploadProductPhoto(
  products: ProductRepository,
  photos: ProductPhotos,
  productId: string,
  upload: { bytes: Buffer; declaredType: string | undefined },
  ctx: ProductChangeContext,
): Promise<PhotoOutcome> {
  const { bytes } = upload;
  const type = sniffPhotoType(bytes);
  if (!type) return "not-a-picture";
  if (upload.declaredType !== `image/${type}`) return "not-what-it-says";
  const current = await products.byId(productId);
  if (!current) return "unknown-product";
  if (current.archived) return "archived";
  const sizes = await resized(bytes, type);
  if (sizes === "unreadable") return "unreadable";
  const version = createHash("sha256").update(bytes).digest("hex").slice(0, 12);
  for (const [size, body] of Object.entries(sizes) as [PhotoSize, Buffer][]) {
    await photos.store(productId, version, size, body);
  }
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const before = attempt === 0 ? current : await products.byId(productId);
    if (!before || before.archived) return before ? "archived" : "unknown-product";
    const now = ctx.now ?? new Date();
    const after = { ...before, photo: { version }, version: before.version + 1, updatedAt: now, updatedBy: ctx.by };
    if (await products.replace(before, after, productUpdatedEvent(after, "updated", ctx), "updated")) return "saved";
  }
  return "changed-meanwhile";
}

/** Each kept size as WebP, or "unreadable" when the bytes do not decode as the kind they start as. */
async function resized(bytes: Buffer, type: string): Promise<Record<PhotoSize, Buffer> | "unreadable"> {
  const open = () => sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: "error" });
  try {
    const { format } = await open().metadata();
    if (format !== type) return "unreadable";
    const [grid, detail] = await Promise.all(
      (Object.keys(PHOTO_SIZES) as PhotoSize[]).map((size) =>
        open().rotate().resize({ width: PHOTO_SIZES[size], withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      ),
    );
    return { grid: grid!, detail: detail! };
  } catch {
    return "unreadable";
  }
}
