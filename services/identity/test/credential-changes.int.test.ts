import { freshDatabase, type TestDatabase } from "@storefront/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type UserRecord, userRepository } from "../src/persistence/users.js";

let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase("identity_credential_changes");
});
afterAll(async () => {
  await database?.drop();
});

const user = (id: string, changedAt?: Date): UserRecord => ({
  _id: id,
  email: `${id}@example.in`,
  name: "Asha Patil",
  mobile: "9876543210",
  role: "USER",
  passwordHash: "hash",
  ...(changedAt ? { credentialsChangedAt: changedAt, credentialVersion: 3 } : {}),
  createdAt: new Date(),
  updatedAt: new Date(),
});

describe("the minute republish's list of recent password changes", () => {
  it("lists a change, answers it while recent, forgets it after, and lists older stored changes once", async () => {
    const users = userRepository(database.db);
    await users.ensureIndexes();
    const hourAgo = new Date(Date.now() - 3_600_000);
    // Stored by a version that kept no list: one recent change, one long ago.
    await database.db
      .collection<UserRecord>("users")
      .insertMany([
        user("u-recent", new Date(Date.now() - 60_000)),
        user("u-old", new Date(Date.now() - 10 * 3_600_000)),
        user("u-changing"),
      ]);
    expect(await users.credentialsChangedSince(hourAgo)).toEqual([]);
    await users.listStoredChanges(hourAgo);
    expect((await users.credentialsChangedSince(hourAgo)).map((changed) => changed._id)).toEqual(["u-recent"]);

    expect(await users.setPassword("u-changing", "new-hash")).toMatchObject({ version: 1 });
    const changed = await users.credentialsChangedSince(hourAgo);
    expect(changed.map((entry) => entry._id).sort()).toEqual(["u-changing", "u-recent"]);
    expect(await database.db.collection("credential_changes").countDocuments()).toBe(2);

    // A window that has passed them: answered no more, and off the list.
    expect(await users.credentialsChangedSince(new Date(Date.now() + 1000))).toEqual([]);
    expect(await database.db.collection("credential_changes").countDocuments()).toBe(0);
    // Recorded done: a second start lists nothing again.
    await users.listStoredChanges(hourAgo);
    expect(await database.db.collection("credential_changes").countDocuments()).toBe(0);
  });
});
