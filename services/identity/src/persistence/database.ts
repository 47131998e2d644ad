import mongoose, { type Connection } from "mongoose";

/** Connects to the identity service's own database (users, sessions, OTP challenges, reset tokens, addresses); no other service reads it. */
export function connectDatabase(url: string, dbName: string): Promise<Connection> {
  return mongoose.createConnection(url, { dbName, serverSelectionTimeoutMS: 10_000 }).asPromise();
}
