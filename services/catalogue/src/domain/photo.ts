/**
 * The owner's product photos (docs/back-office.md, Photos): which kinds we take, told from the bytes (never the
 * file's name or the browser's word), and the sizes we keep.
 */
export type PhotoType = "jpeg" | "png" | "webp";

/** The kind of picture `bytes` begin with, by its signature; undefined for anything else. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | undefined {
  const starts = (signature: readonly number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  // RIFF <size> WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return undefined;
}

/** The sizes kept of each photo, as widths in pixels: the home grid's card and the detail view. */
export const PHOTO_SIZES = { grid: 480, detail: 960 } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;

/** The largest picture decoded, in pixels: a 2 MB file can still claim to be enormous (a decompression bomb). */
export const PHOTO_MAX_PIXELS = 40_000_000;

/** A stored size's file name: the product, the photo's version (its bytes' hash) and the size. */
export const photoFileName = (productId: string, version: string, size: PhotoSize) =>
  `${productId}-${version}-${size}.webp`;

/** The file names the photo route accepts (nothing that could leave the photos' bucket). */
export const PHOTO_FILE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*-[0-9a-f]{12}-(?:grid|detail)\.webp$/;
