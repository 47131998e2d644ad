import type { EventEnvelope } from "@storefront/contracts";
import { type OutboxFields, OutboxWriter, outboxForInsert } from "@storefront/messaging";
import { type Database, dueList, insertOnce, oneTimeJobs } from "@storefront/stores";

type Db = Database["db"];

/** A customer, the admin, or counter staff the owner made (docs/counter.md). */
export type UserRole = "USER" | "ADMIN" | "COUNTER";

/** A shop account. The email is stored lower-cased and is unique (no collation locally: docs/local-database.md). */
export interface UserRecord extends OutboxFields {
  _id: string;
  email: string;
  name: string;
  mobile: string;
  role: UserRole;
  passwordHash: string;
  /** The composed address given at signup (spec section 3, Signup payload). */
  address?: string;
  /** Raised by every password change or reset; tokens signed with a lower one are refused (docs/security.md). */
  credentialVersion?: number;
  /** When the password last changed (for republishing recent credential versions). */
  credentialsChangedAt?: Date;
  /** A staff account the owner disabled (docs/counter.md): it cannot log in, and its tokens died with it. */
  disabledAt?: Date;
  createdAt: Date;
  updatedAt: Date;
}

/** The one-time job that lists the password changes stored before `credential_changes` existed. */
const LIST_STORED_CHANGES = "credential-changes-from-users";

/** The `users` collection; its documents carry their events in the outbox the bus relays. */
export function userRepository(db: Db, options: { outbox?: OutboxWriter } = {}) {
  const users = db.collection<UserRecord>("users");
  const outbox = options.outbox ?? new OutboxWriter(db);
  // Accounts whose password changed within a token's lifetime (`_id` = user id): the minute republish reads these
  // few, never every account. Listed before the change, so a crash between the writes cannot leave one unlisted.
  const changes = dueList(db, "credential_changes");
  return {
    ensureIndexes: async () => {
      await users.createIndex({ email: 1 }, { unique: true });
      await changes.ensureIndexes();
    },
    byEmail: (email: string) => users.findOne({ email }),
    byId: (id: string) => users.findOne({ _id: id }),
    /** Inserts a new account with its events; false when the email is taken. */
    async insert(user: UserRecord, ...events: EventEnvelope[]): Promise<boolean> {
      if (!events.length) return insertOnce(users, user);
      return outbox.write("users", user._id, () => insertOnce(users, { ...user, ...outboxForInsert(...events) }));
    },
    /** A new password: the credential version goes up with it. Undefined for an unknown account. */
    async setPassword(id: string, passwordHash: string): Promise<{ version: number; at: Date } | undefined> {
      const at = new Date();
      await changes.add({ _id: id, since: at });
      const updated = await users.findOneAndUpdate(
        { _id: id },
        { $set: { passwordHash, credentialsChangedAt: at, updatedAt: at }, $inc: { credentialVersion: 1 } },
        // No projection: FerretDB's findAndModify refuses one ("not implemented yet").
        { returnDocument: "after" },
      );
      return updated ? { version: updated.credentialVersion ?? 1, at } : undefined;
    },
    /**
     * A staff account disabled: the credential version goes up with it, so its tokens are refused (docs/security.md,
     * A token dies with its password) exactly as after a password change; listed first, as `setPassword` does.
     * Undefined for an unknown or non-staff account; a second disable changes nothing and answers the first.
     */
    async disableStaff(id: string): Promise<{ version: number; at: Date; disabledAt: Date } | undefined> {
      const account = await users.findOne({ _id: id });
      if (account?.role !== "COUNTER") return undefined;
      if (account.disabledAt) {
        return { version: account.credentialVersion ?? 0, at: account.disabledAt, disabledAt: account.disabledAt };
      }
      const at = new Date();
      await changes.add({ _id: id, since: at });
      const updated = await users.findOneAndUpdate(
        { _id: id, role: "COUNTER", disabledAt: { $exists: false } },
        { $set: { disabledAt: at, credentialsChangedAt: at, updatedAt: at }, $inc: { credentialVersion: 1 } },
        { returnDocument: "after" },
      );
      if (!updated) {
        // Another owner's tap disabled it first: its disable stands.
        const first = await users.findOne({ _id: id });
        if (!first?.disabledAt) return undefined;
        return { version: first.credentialVersion ?? 0, at: first.disabledAt, disabledAt: first.disabledAt };
      }
      return { version: updated.credentialVersion ?? 1, at, disabledAt: at };
    },
    /**
     * The counter accounts, oldest first. Read by role, not `_id`: the local database reads `users` whole for it
     * (docs/local-database.md), which only the owner's staff page does, rarely.
     */
    staff: () =>
      users
        .find({ role: "COUNTER" }, { projection: { passwordHash: 0, outbox: 0 } })
        .sort({ createdAt: 1, _id: 1 })
        .limit(200)
        .toArray(),
    /**
     * Accounts whose password changed after `since`, with their version: the listed ones, each read by `_id`; an
     * entry whose change is older (or never happened: its writer died) leaves the list.
     */
    async credentialsChangedSince(since: Date) {
      const changed: Array<{ _id: string; credentialVersion: number; at: Date }> = [];
      for await (const entry of changes.allDueBefore(new Date(8.64e15))) {
        const user = await users.findOne(
          { _id: entry._id },
          { projection: { credentialVersion: 1, credentialsChangedAt: 1 } },
        );
        if (!user?.credentialsChangedAt || user.credentialsChangedAt <= since) {
          // Changed again since it was read: its newer change stays listed.
          if (entry.since <= since) await changes.remove(entry._id);
          continue;
        }
        changed.push({ _id: user._id, credentialVersion: user.credentialVersion ?? 0, at: user.credentialsChangedAt });
      }
      return changed;
    },
    /**
     * Lists the changes stored before the list existed (once per database, at start): a Redis restarted empty would
     * otherwise let their old tokens back in. Reads `users` whole, once.
     */
    async listStoredChanges(since: Date): Promise<void> {
      const jobs = oneTimeJobs(db);
      if (await jobs.isDone(LIST_STORED_CHANGES)) return;
      const recent = await users
        .find({ credentialsChangedAt: { $gt: since } }, { projection: { credentialsChangedAt: 1 } })
        .toArray();
      await changes.addMany(recent.map((user) => ({ _id: user._id, since: user.credentialsChangedAt ?? since })));
      await jobs.markDone(LIST_STORED_CHANGES);
    },
    async updateProfile(id: string, profile: { name: string; mobile: string }): Promise<boolean> {
      const result = await users.updateOne({ _id: id }, { $set: { ...profile, updatedAt: new Date() } });
      return result.matchedCount === 1;
    },
    /** The admin of the configuration: created, or its password and role set, at every start. */
    async upsertAdmin(admin: { id: string; email: string; name: string; passwordHash: string }): Promise<void> {
      const now = new Date();
      await users.updateOne(
        { email: admin.email },
        {
          $set: { role: "ADMIN", passwordHash: admin.passwordHash, updatedAt: now },
          $setOnInsert: { _id: admin.id, name: admin.name, mobile: "", createdAt: now },
        },
        { upsert: true },
      );
    },
  };
}
export type UserRepository = ReturnType<typeof userRepository>;
