import type { EventEnvelope } from "@storefront/contracts";
import { type OutboxFields, OutboxWriter, outboxForInsert } from "@storefront/messaging";
import { type Database, insertOnce } from "@storefront/stores";

type Db = Database["db"];

/** One emailed reset link. `_id` is the SHA-256 of the token: the token itself is never stored. */
export interface PasswordReset extends OutboxFields {
  _id: string;
  userId: string;
  email: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt?: Date;
  supersededAt?: Date;
}

/** The `password_resets` collection. */
export function passwordResetRepository(db: Db, options: { outbox?: OutboxWriter } = {}) {
  const resets = db.collection<PasswordReset>("password_resets");
  const outbox = options.outbox ?? new OutboxWriter(db);
  const uses = db.collection<{ _id: string; usedAt: Date }>("reset_uses");
  return {
    ensureIndexes: () => resets.createIndex({ userId: 1, createdAt: -1 }),
    /** A new link ends the user's earlier unused links. */
    async replace(reset: PasswordReset, event: EventEnvelope): Promise<void> {
      await resets.updateMany(
        { userId: reset.userId, usedAt: { $exists: false }, supersededAt: { $exists: false } },
        { $set: { supersededAt: reset.createdAt } },
      );
      await outbox.write("password_resets", reset._id, () => resets.insertOne({ ...reset, ...outboxForInsert(event) }));
    },
    /**
     * Spends a link: works once, only while unexpired and not superseded. Returns the reset it belongs to. The one
     * spending is a unique insert (`reset_uses`), so two requests with the same link at once cannot both reset.
     */
    async use(digest: string, now: Date): Promise<PasswordReset | null> {
      const reset = await resets.findOne({
        _id: digest,
        usedAt: { $exists: false },
        supersededAt: { $exists: false },
        expiresAt: { $gt: now },
      });
      if (!reset || !(await insertOnce(uses, { _id: digest, usedAt: now }))) return null;
      await resets.updateOne({ _id: digest }, { $set: { usedAt: now } });
      return reset;
    },
  };
}
export type PasswordResetRepository = ReturnType<typeof passwordResetRepository>;
