import { ApiPaths } from "@storefront/contracts";
import type { Database } from "@storefront/stores";
import { GridFSBucket } from "mongodb";
import { type PhotoSize, photoFileName } from "../domain/photo.js";

type Db = Database["db"];

/**
 * The owner's product photos in GridFS (bucket `product_photos`), one file per size and version: a new upload is a
 * new version with new names, so a stored file never changes and its URL may be cached for a year.
 */
export function productPhotos(db: Db) {
  const bucket = new GridFSBucket(db, { bucketName: "product_photos" });
  const files = db.collection<{ filename: string }>("product_photos.files");

  return {
    /** Stores one size of a photo (idempotent: the same version's size stored twice is kept once). */
    async store(productId: string, version: string, size: PhotoSize, body: Buffer): Promise<void> {
      const filename = photoFileName(productId, version, size);
      if (await files.findOne({ filename })) return;
      await new Promise<void>((resolve, reject) => {
        const upload = bucket.openUploadStream(filename, { metadata: { productId, version, size } });
        upload.once("finish", () => resolve());
        upload.once("error", reject);
        upload.end(body);
      });
    },
    /** A stored size's bytes, or undefined. */
    async read(filename: string): Promise<Buffer | undefined> {
      if (!(await files.findOne({ filename }))) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of bucket.openDownloadStreamByName(filename)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
  };
}
export type ProductPhotos = ReturnType<typeof productPhotos>;

/** Where a stored size is served. */
export const photoUrl = (productId: string, version: string, size: PhotoSize) =>
  ApiPaths.catalogue.photoFile.replace(":file", photoFileName(productId, version, size));
