import { freshDatabase, type TestDatabase } from "@storefront/testing";
import { type Db, MongoClient } from "mongodb";
import { afterAll, beforeAll } from "vitest";

/** What a file's tests share: filled in by the file's `beforeAll`, so read it inside the tests, never at load. */
export interface FreshStore<R> {
  database: TestDatabase;
  /** The repository on its own database, its indexes made. */
  repository: R;
  /**
   * The same repository through a second client with its own connection pool (with `otherInstance`): another
   * process of order-payment, for the races whose guard must hold across processes, not only within one.
   */
  otherInstance: R;
}

/**
 * Gives the calling test file a throw-away database with `open`'s repository on it, and drops it after the file:
 * the set-up every repository test of this service begins with, written once.
 */
export function freshStore<R extends object>(
  label: string,
  open: (db: Db) => R,
  options: { otherInstance?: boolean } = {},
): FreshStore<R> {
  const store = {} as FreshStore<R>;
  let secondClient: MongoClient | undefined;
  beforeAll(async () => {
    store.database = await freshDatabase(label);
    store.repository = open(store.database.db);
    // Made as the service makes them at start-up (a repository without indexes of its own has no such step).
    if ("ensureIndexes" in store.repository && typeof store.repository.ensureIndexes === "function") {
      await store.repository.ensureIndexes();
    }
    if (options.otherInstance) {
      secondClient = await MongoClient.connect(store.database.url, { maxPoolSize: 50 });
      store.otherInstance = open(secondClient.db(store.database.name));
    }
  });
  afterAll(async () => {
    await secondClient?.close();
    await store.database?.drop();
  });
  return store;
}
