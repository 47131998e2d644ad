import type { EventEnvelope, OtpPurpose } from "@storefront/contracts";
import { type OutboxFields, OutboxWriter, outboxForInsert } from "@storefront/messaging";
import { type Database, insertOnce } from "@storefront/stores";

type Db = Database["db"];

/** active -> used (validated once), locked (too many wrong codes), expired (the BullMQ job), superseded (resent). */
export type ChallengeStatus = "active" | "used" | "locked" | "expired" | "superseded";

/** One emailed code. Only an HMAC of the code is kept (domain/secrets.ts). */
export interface OtpChallenge extends OutboxFields {
  _id: string;
  email: string;
  purpose: OtpPurpose;
  digest: string;
  status: ChallengeStatus;
  createdAt: Date;
  expiresAt: Date;
  usedAt?: Date;
}

/** The `otp_challenges` collection, and `otp_tries`: one document per try of a challenge. */
export function otpChallengeRepository(db: Db, options: { outbox?: OutboxWriter } = {}) {
  const challenges = db.collection<OtpChallenge>("otp_challenges");
  const outbox = options.outbox ?? new OutboxWriter(db);
  const tries = db.collection<{ _id: string; challengeId: string; at: Date }>("otp_tries");
  return {
    ensureIndexes: async () => {
      await challenges.createIndex({ email: 1, status: 1, createdAt: -1 });
      await tries.createIndex({ challengeId: 1 });
    },
    /** Ends the email's open challenges (only the newest code works) and stores the new one with its event. */
    async replace(challenge: OtpChallenge, event: EventEnvelope): Promise<void> {
      await challenges.updateMany({ email: challenge.email, status: "active" }, { $set: { status: "superseded" } });
      await outbox.write("otp_challenges", challenge._id, () =>
        challenges.insertOne({ ...challenge, ...outboxForInsert(event) }),
      );
    },
    latestActive: (email: string) =>
      challenges.find({ email, status: "active" }).sort({ createdAt: -1 }).limit(1).next(),
    /**
     * Claims one of the challenge's `maxAttempts` tries: the number of the try, or undefined when all are spent. Each
     * try is a document with a unique `_id` (`<challenge>#<n>`), written once by one guess: so five concurrent guesses
     * cannot get more than five tries between them, and each try stays on record.
     */
    async claimTry(id: string, maxAttempts: number): Promise<number | undefined> {
      for (let attempt = 1; attempt <= maxAttempts; attempt++) {
        if (await insertOnce(tries, { _id: `${id}#${attempt}`, challengeId: id, at: new Date() })) return attempt;
      }
      return undefined;
    },
    /** The one use of a right code (the same unique-insert claim): false when another request used it first. */
    claimUse: (id: string) => insertOnce(tries, { _id: `${id}#used`, challengeId: id, at: new Date() }),
    /** Records the outcome on the challenge for people to read; the claims above are what decide. */
    async settle(id: string, status: "used" | "locked"): Promise<void> {
      await challenges.updateOne(
        { _id: id, status: "active" },
        { $set: { status, ...(status === "used" ? { usedAt: new Date() } : {}) } },
      );
    },
    /** What the expiry job does: an active challenge becomes expired (any other state stays). */
    async expire(id: string): Promise<boolean> {
      const result = await challenges.updateOne({ _id: id, status: "active" }, { $set: { status: "expired" } });
      return result.modifiedCount === 1;
    },
  };
}
export type OtpChallengeRepository = ReturnType<typeof otpChallengeRepository>;
