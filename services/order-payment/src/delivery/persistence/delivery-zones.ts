import { type DeliveryZone, deliveryZonesSchema } from "@storefront/contracts";
import { type Database, isDuplicateKey } from "@storefront/stores";
import { STARTING_ZONES } from "../domain/delivery.js";

type Db = Database["db"];

/** How long an instance answers from its copy of the zones before reading them again (the owner's change elsewhere). */
const FRESH_FOR_MS = 10_000;

interface ZonesDocument {
  _id: "zones";
  zones: DeliveryZone[];
  version: number;
  updatedBy?: string;
  updatedAt?: Date;
}

/**
 * The owner's delivery zones (`delivery_settings`, one document, docs/delivery.md), kept in memory: the pincode check
 * and checkout read the copy, which this instance renews on its own change at once and every 10 s otherwise. A change
 * carries the version its form was read at; one made from an older version is refused.
 */
export function deliveryZones(db: Db) {
  const settings = db.collection<ZonesDocument>("delivery_settings");
  let copy: { zones: DeliveryZone[]; version: number; readAt: number } | undefined;

  async function read() {
    const stored = await settings.findOne({ _id: "zones" });
    const parsed = stored ? deliveryZonesSchema.safeParse({ zones: stored.zones, version: stored.version }) : undefined;
    // A stored document that no longer parses (an older shape) falls back to the start, never to a broken shop.
    const current = parsed?.success ? parsed.data : { zones: STARTING_ZONES, version: stored?.version ?? 0 };
    copy = { ...current, readAt: Date.now() };
    return copy;
  }

  return {
    /** The zones now (from memory; read again when older than 10 s, or on the first call). */
    async current(): Promise<{ zones: DeliveryZone[]; version: number }> {
      if (copy && Date.now() - copy.readAt < FRESH_FOR_MS) return copy;
      return read();
    },
    /** Replaces the zones if still at `version`; false when another change came first. */
    async replace(zones: DeliveryZone[], version: number, by: string): Promise<boolean> {
      const current = await read();
      if (current.version !== version) return false;
      const written = await settings
        .updateOne(
          { _id: "zones", version },
          { $set: { zones, version: version + 1, updatedBy: by, updatedAt: new Date() } },
          { upsert: true },
        )
        .catch((error: unknown) => {
          // The first change ever, raced by another: its upsert collided with the other's document.
          if (isDuplicateKey(error)) return { modifiedCount: 0, upsertedCount: 0 };
          throw error;
        });
      await read();
      return written.modifiedCount + written.upsertedCount === 1;
    },
  };
}
export type DeliveryZones = ReturnType<typeof deliveryZones>;
