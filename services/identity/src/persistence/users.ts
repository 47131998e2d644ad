import type { EventEnvelope } from "@storefront/contracts";
import { type OutboxFields, outboxForInsert } from "@storefront/messaging";
import { type Database, insertOnce } from "@storefront/stores";

type Db = Database["db"];

export type UserRole = "USER" | "ADMIN";

/** A shop account. The email is stored lower-cased and is unique (MONGO-COMPAT.md: no collation). */
export interface UserRecord extends OutboxFields {
  _id: string;
  email: string;
  name: string;
  mobile: string;
  role: UserRole;
  passwordHash: string;
  /** The composed address given at signup (spec section 3, Signup payload). */
  address?: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The `users` collection; its documents carry their events in the outbox the bus relays. */
export function userRepository(db: Db, options: { eventsWritten?: () => void } = {}) {
  const users = db.collection<UserRecord>("users");
  return {
    ensureIndexes: () => users.createIndex({ email: 1 }, { unique: true }),
    byEmail: (email: string) => users.findOne({ email }),
    byId: (id: string) => users.findOne({ _id: id }),
    /** Inserts a new account with its events; false when the email is taken. */
    async insert(user: UserRecord, ...events: EventEnvelope[]): Promise<boolean> {
      if (!(await insertOnce(users, { ...user, ...(events.length ? outboxForInsert(...events) : {}) }))) return false;
      if (events.length) options.eventsWritten?.();
      return true;
    },
    async setPassword(id: string, passwordHash: string): Promise<boolean> {
      const result = await users.updateOne({ _id: id }, { $set: { passwordHash, updatedAt: new Date() } });
      return result.matchedCount === 1;
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
