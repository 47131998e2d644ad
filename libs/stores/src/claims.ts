import type { Collection, Document, OptionalUnlessRequiredId } from "mongodb";

const DUPLICATE_KEY = 11000;

/** Whether a write failed on a unique index (E11000). */
export const isDuplicateKey = (error: unknown): boolean => (error as { code?: number } | null)?.code === DUPLICATE_KEY;

/**
 * Inserts `document` unless one with its `_id` (or another unique key) exists: true for the one caller that wrote it.
 * One winner among concurrent requests, with a record of what won (a settlement's payment, an OTP try): an insert on a
 * unique key is atomic on MongoDB 7 and on the local server. (Conditional updates are atomic too, on the local server
 * with its patch: docs/local-database.md.)
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
