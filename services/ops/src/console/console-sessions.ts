import { createHash, randomBytes } from "node:crypto";
import { type CredentialStore, currentCredentialVersion, type Principal } from "@storefront/auth";
import type { Database } from "@storefront/stores";

type Db = Database["db"];

/** A signed-in admin's way into bull-board, kept by its hash: the cookie carries a random id, never a token. */
interface ConsoleSession {
  _id: string;
  adminId: string;
  email: string;
  /** The admin's credential version when the session began: a password change since ends the session. */
  cv: number;
  createdAt: Date;
  expiresAt: Date;
}

const digest = (sessionId: string) => createHash("sha256").update(sessionId).digest("hex");

/**
 * The console's own sessions (docs/security.md): bull-board is a page the browser navigates to, so it cannot send the
 * SPA's bearer token; instead of the admin's 4-hour token in a 12-hour cookie, the cookie holds a random id valid
 * `lifetimeMs` (30 minutes by default) that the SPA's sign-out ends, and that a password change ends too.
 * Expiry is checked on read (the local database has no TTL index); old ones are swept when a new one begins.
 */
export function consoleSessions(db: Db, credentials: CredentialStore, lifetimeMs: number) {
  const sessions = db.collection<ConsoleSession>("console_sessions");
  return {
    ensureIndexes: () => sessions.createIndex({ adminId: 1 }),
    lifetimeMs,
    /** A new session for `admin`; answers the id for the cookie. */
    async begin(admin: Principal): Promise<string> {
      const now = new Date();
      await sessions.deleteMany({ expiresAt: { $lt: now } });
      const sessionId = randomBytes(32).toString("base64url");
      await sessions.insertOne({
        _id: digest(sessionId),
        adminId: admin.sub,
        email: admin.email,
        cv: admin.cv ?? 0,
        createdAt: now,
        expiresAt: new Date(now.getTime() + lifetimeMs),
      });
      return sessionId;
    },
    /** The admin a cookie's session belongs to, while it lasts and no password change has ended it. */
    async admin(sessionId: string): Promise<Principal | undefined> {
      const session = await sessions.findOne({ _id: digest(sessionId), expiresAt: { $gt: new Date() } });
      if (!session) return undefined;
      // Redis away: the version cannot be read, and the session (30 minutes at most) is honoured.
      const current = await currentCredentialVersion(credentials, session.adminId).catch(() => 0);
      if (current > session.cv) return undefined;
      return { sub: session.adminId, email: session.email, role: "ADMIN", cv: session.cv };
    },
    /** Ends every session of the admin (the SPA's sign-out). */
    async endAll(adminId: string): Promise<number> {
      return (await sessions.deleteMany({ adminId })).deletedCount;
    },
  };
}
export type ConsoleSessions = ReturnType<typeof consoleSessions>;
