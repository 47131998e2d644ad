import type { Collection, Document, OptionalUnlessRequiredId } from "mongodb";

const DUPLICATE_KEY = 11000;

/** Whether a write failed on a unique index (E11000). */
export const isDuplicateKey = (error: unknown): boolean => (error as { code?: number } | null)?.code === DUPLICATE_KEY;

/**
 * Inserts `document` unless one with its `_id` (or another unique key) exists: true for the one caller that wrote it.
 * The way to make one winner among concurrent requests that runs the same on MongoDB 7 and FerretDB: an insert on a
 * unique key is atomic on both, while FerretDB's SQLite backend does not make concurrent conditional updates of one
 * document atomic (racing `$inc`s lose counts, racing `PENDING -> PAID` updates all report success).
 */
export async function insertOnce<T extends Document>(
  collection: Collection<T>,
  document: OptionalUnlessRequiredId<T>,
): Promise<boolean> {
  try {
    await collection.insertOne(document);
    return true;
  } catch (error) {
    if (isDuplicateKey(error)) return false;
    throw error;
  }
}
