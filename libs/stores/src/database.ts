import type { Db } from "mongodb";
import mongoose, { type Connection } from "mongoose";

/** A service's own MongoDB database (no other service reads it), as a service dependency named "mongo". */
export interface Database {
  readonly name: "mongo";
  /** The mongoose connection, for the service's models. */
  connection: Connection;
  /** The same database through the driver, for the outbox relay and processed-events record. */
  db: Db;
  check(): Promise<void>;
  close(): Promise<void>;
}

/** Connects to `dbName` on the server at `url` (FerretDB locally, MongoDB 7 elsewhere); fails after 10 s. */
export async function connectDatabase(url: string, dbName: string): Promise<Database> {
  const connection = await mongoose.createConnection(url, { dbName, serverSelectionTimeoutMS: 10_000 }).asPromise();
  const db = connection.getClient().db(dbName);
  return {
    name: "mongo",
    connection,
    db,
    async check() {
      await db.command({ ping: 1 });
    },
    close: () => connection.close(),
  };
}
