import { type Db, MongoClient } from "mongodb";

/** A service's own MongoDB database (no other service reads it), as a service dependency named "mongo". */
export interface Database {
  readonly name: "mongo";
  /**
   * The database through the MongoDB driver: every repository works on it, reading documents back through zod
   * (docs/decisions/0002-the-driver-and-zod.md).
   */
  db: Db;
  check(): Promise<void>;
  close(): Promise<void>;
}

/**
 * How long an operation waits for a database that does not answer before it fails: a request then answers 503 with
 * Retry-After within two seconds (libs/http's error handler), instead of a 500 after ten (docs/operations/faults.md).
 */
const SERVER_SELECTION_TIMEOUT_MS = 1_500;
/** How long start-up keeps trying to reach the database (it may be starting beside the service). */
const CONNECT_FOR_MS = 10_000;

/**
 * Connects to `dbName` on the server at `url` (FerretDB locally, MongoDB 7 elsewhere) with a pool of at most
 * `maxPoolSize` connections (each service passes its MONGO_POOL_SIZE); fails after 10 s.
 */
export async function connectDatabase(url: string, dbName: string, maxPoolSize: number): Promise<Database> {
  const deadline = Date.now() + CONNECT_FOR_MS;
  let client: MongoClient;
  for (;;) {
    try {
      client = await MongoClient.connect(url, { maxPoolSize, serverSelectionTimeoutMS: SERVER_SELECTION_TIMEOUT_MS });
      break;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
    }
  }
  const db = client.db(dbName);
  return {
    name: "mongo",
    db,
    async check() {
      await db.command({ ping: 1 });
    },
    close: () => client.close(),
  };
}
