import type { EventEnvelope, OtpPurpose } from "@storefront/contracts";
import { type OutboxFields, outboxForInsert } from "@storefront/messaging";
import type { Db } from "mongodb";

/** active -> used (validated once), locked (too many wrong codes), expired (the BullMQ job), superseded (resent). */
export type ChallengeStatus = "active" | "used" | "locked" | "expired" | "superseded";

/** One emailed code. Only an HMAC of the code is kept (domain/secrets.ts). */
export interface OtpChallenge extends OutboxFields {
  _id: string;
  email: string;
  purpose: OtpPurpose;
  digest: string;
  attempts: number;
  status: ChallengeStatus;
  createdAt: Date;
  expiresAt: Date;
  usedAt?: Date;
}

/** The `otp_challenges` collection. */
export function otpChallengeRepository(db: Db, options: { eventsWritten?: () => void } = {}) {
  const challenges = db.collection<OtpChallenge>("otp_challenges");
  return {
    ensureIndexes: () => challenges.createIndex({ email: 1, status: 1, createdAt: -1 }),
    /** Ends the email's open challenges (only the newest code works) and stores the new one with its event. */
    async replace(challenge: OtpChallenge, event: EventEnvelope): Promise<void> {
      await challenges.updateMany({ email: challenge.email, status: "active" }, { $set: { status: "superseded" } });
      await challenges.insertOne({ ...challenge, ...outboxForInsert(event) });
      options.eventsWritten?.();
    },
    latestActive: (email: string) =>
      challenges.find({ email, status: "active" }).sort({ createdAt: -1 }).limit(1).next(),
    /**
     * Uses the challenge if it is still active, unexpired and under its attempt limit: one conditional update, so two
     * concurrent validations of one code cannot both succeed.
     */
    async use(id: string, maxAttempts: number, now: Date): Promise<boolean> {
      const result = await challenges.updateOne(
        { _id: id, status: "active", attempts: { $lt: maxAttempts }, expiresAt: { $gt: now } },
        { $set: { status: "used", usedAt: now } },
      );
      return result.modifiedCount === 1;
    },
    /** Counts a wrong code; the try that reaches the limit locks the challenge. */
    async countWrongCode(id: string, maxAttempts: number): Promise<void> {
      const after = await challenges.findOneAndUpdate(
        { _id: id, status: "active" },
        { $inc: { attempts: 1 } },
        { returnDocument: "after" },
      );
      if (after && after.attempts >= maxAttempts) {
        await challenges.updateOne({ _id: id, status: "active" }, { $set: { status: "locked" } });
      }
    },
    /** What the expiry job does: an active challenge becomes expired (any other state stays). */
    async expire(id: string): Promise<boolean> {
      const result = await challenges.updateOne({ _id: id, status: "active" }, { $set: { status: "expired" } });
      return result.modifiedCount === 1;
    },
  };
}
export type OtpChallengeRepository = ReturnType<typeof otpChallengeRepository>;
