import mongoose, { type Connection } from "mongoose";

/** Connects to the billing service's own database (PDF receipts); no other service reads it. */
export function connectDatabase(url: string, dbName: string): Promise<Connection> {
  return mongoose.createConnection(url, { dbName, serverSelectionTimeoutMS: 10_000 }).asPromise();
}
