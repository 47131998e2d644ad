import mongoose, { type Connection } from "mongoose";

/** Connects to the catalogue service's own database (products, prices per weight, enquiries); no other service reads it. */
export function connectDatabase(url: string, dbName: string): Promise<Connection> {
  return mongoose.createConnection(url, { dbName, serverSelectionTimeoutMS: 10_000 }).asPromise();
}
