import { type Document, MongoClient } from "mongodb";
import { afterAll, beforeAll, inject } from "vitest";

/**
 * The shop's databases as a test file's journeys read them, to check what the services stored behind the pages: one
 * connection for the file, opened before its first journey and closed after its last. Read inside the journeys.
 */
export function shopDatabase() {
  let client: MongoClient | undefined;
  beforeAll(async () => {
    client = await MongoClient.connect(inject("mongoUrl"));
  });
  afterAll(async () => {
    await client?.close();
  });
  const database = (name: "ordersDb" | "catalogueDb") => {
    if (!client) throw new Error("The shop's database is connected in beforeAll: read it inside a journey");
    return client.db(inject(name));
  };
  return {
    /** The order as order-payment stored it, typed as the fields the journey reads. */
    order: <Stored extends Document>(orderId: string) =>
      database("ordersDb")
        .collection<Stored>("orders")
        .findOne({ _id: orderId as never }) as Promise<Stored | null>,
    /** The enquiries the catalogue service stored from the home's form. */
    enquiries: () => database("catalogueDb").collection("enquiries"),
  };
}
