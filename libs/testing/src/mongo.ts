import { type Db, MongoClient } from "mongodb";
import { testInfra } from "./infra.js";
import { uniqueName } from "./names.js";

export interface TestDatabase {
  client: MongoClient;
  db: Db;
  name: string;
  /** The server URL (without database); pair it with `name` to configure a service under test. */
  url: string;
  /** Both, as a service's environment names them (MONGO_URL, MONGO_DB): spread into the env of a service under test. */
  env: { MONGO_URL: string; MONGO_DB: string };
  /** Drops the database and closes the client. */
  drop(): Promise<void>;
}

/** A database of its own for one test (or one file), dropped afterwards. */
export async function freshDatabase(label: string): Promise<TestDatabase> {
  const url = testInfra().mongoUrl;
  const name = uniqueName(label);
  const client = await MongoClient.connect(url, { serverSelectionTimeoutMS: 5000 });
  const db = client.db(name);
  return {
    client,
    db,
    name,
    url,
    env: { MONGO_URL: url, MONGO_DB: name },
    drop: async () => {
      await db.dropDatabase().catch(() => {});
      await client.close();
    },
  };
}
