import mongoose, { type Connection } from "mongoose";

/** Connects to the order-payment service's own database (orders, payment attempts, provider webhooks, fulfilment status); no other service reads it. */
export function connectDatabase(url: string, dbName: string): Promise<Connection> {
  return mongoose.createConnection(url, { dbName, serverSelectionTimeoutMS: 10_000 }).asPromise();
}
