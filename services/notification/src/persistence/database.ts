import mongoose, { type Connection } from "mongoose";

/** Connects to the notification service's own database (email deliveries and their log); no other service reads it. */
export function connectDatabase(url: string, dbName: string): Promise<Connection> {
  return mongoose.createConnection(url, { dbName, serverSelectionTimeoutMS: 10_000 }).asPromise();
}
