import { type Database, insertOnce } from "@storefront/stores";

export type DeliveryStatus = "sending" | "sent" | "failed";

/** One email the service owes for one event: the record that makes a redelivered event send nothing twice. */
export interface Delivery {
  /** `<eventId>:<template>` (docs/architecture.md: one email per event id and template). */
  _id: string;
  template: string;
  eventType: string;
  eventId: string;
  to: string;
  subject: string;
  status: DeliveryStatus;
  /** Sends started, failed ones included. */
  attempts: number;
  lastError?: string;
  /** The Message-ID the SMTP server accepted. */
  messageId?: string;
  createdAt: Date;
  /** When the current (or last) send started; a `sending` claim older than the lease is taken to be abandoned. */
  claimedAt: Date;
  sentAt?: Date;
}

export type NewDelivery = Pick<Delivery, "_id" | "template" | "eventType" | "eventId" | "to" | "subject">;

/** What `claim` found: the caller should send now, or the email went out already. */
export type Claim = { outcome: "claimed"; delivery: Delivery } | { outcome: "already-sent"; delivery: Delivery };

/** Another delivery of the same event is sending this email right now; retrying later settles it. */
export class DeliveryInProgressError extends Error {
  override name = "DeliveryInProgressError";
}

/**
 * How long a `sending` claim protects a send from a concurrent delivery of the same event, unless renewed: the sender
 * renews it while its send runs (`renew`), so a send that is slow (waiting for a pooled connection behind others, a
 * sluggish server) keeps it however long it takes. A claim not renewed for this long belongs to a process that died
 * mid-send, and the next delivery sends again.
 */
const CLAIM_LEASE_MS = 3 * 60_000;

/** The `deliveries` collection of the notification database. */
export function deliveryLog(db: Database["db"], options: { leaseMs?: number } = {}) {
  const deliveries = db.collection<Delivery>("deliveries");
  const leaseMs = options.leaseMs ?? CLAIM_LEASE_MS;

  return {
    /**
     * Takes the right to send this email: the first delivery inserts the record; a later one takes over a `failed`
     * record or an abandoned `sending` one. Conditional writes on `_id` make two concurrent deliveries agree on one
     * sender without a transaction. Throws DeliveryInProgressError while another delivery holds a live claim.
     */
    async claim(delivery: NewDelivery): Promise<Claim> {
      const now = new Date();
      const fresh: Delivery = { ...delivery, status: "sending", attempts: 1, createdAt: now, claimedAt: now };
      if (await insertOnce(deliveries, fresh)) return { outcome: "claimed", delivery: fresh };
      const retaken = await deliveries.findOneAndUpdate(
        {
          _id: delivery._id,
          $or: [{ status: "failed" }, { status: "sending", claimedAt: { $lt: new Date(now.getTime() - leaseMs) } }],
        },
        {
          // To and subject as of this attempt: the shop's address may have been reconfigured since the first one.
          $set: { status: "sending", claimedAt: now, to: delivery.to, subject: delivery.subject },
          $inc: { attempts: 1 },
        },
        { returnDocument: "after" },
      );
      if (retaken) return { outcome: "claimed", delivery: retaken };
      const existing = await deliveries.findOne({ _id: delivery._id });
      if (existing?.status === "sent") return { outcome: "already-sent", delivery: existing };
      throw new DeliveryInProgressError(`delivery ${delivery._id} is being sent by another delivery of its event`);
    },

    /** How long a claim lasts unrenewed: a sender renews well within it. */
    leaseMs,

    /** Keeps a `sending` claim alive while its send runs (a no-op once the send was marked). */
    async renew(id: string): Promise<void> {
      await deliveries.updateOne({ _id: id, status: "sending" }, { $set: { claimedAt: new Date() } });
    },

    async markSent(id: string, messageId: string): Promise<void> {
      await deliveries.updateOne({ _id: id }, { $set: { status: "sent", messageId, sentAt: new Date() } });
    },

    async markFailed(id: string, error: string): Promise<void> {
      await deliveries.updateOne({ _id: id, status: "sending" }, { $set: { status: "failed", lastError: error } });
    },

    find(id: string): Promise<Delivery | null> {
      return deliveries.findOne({ _id: id });
    },
  };
}

export type DeliveryLog = ReturnType<typeof deliveryLog>;
