import { type Festival, festivalSchema } from "@storefront/contracts";
import { type Database, insertOnce } from "@storefront/stores";

type Db = Database["db"];

/** A festival as stored (`festivals`, `_id` its slug): its fields, its version, and who saved it when. */
interface FestivalDocument extends Omit<Festival, "version"> {
  version: number;
  /** `bookingOpensAt` as an instant: deleting is allowed only before it (festivals/usecases/delete-festival.ts). */
  opensAt: Date;
  updatedBy: string;
  updatedAt: Date;
}

/** The stored document as the festival it is; one that no longer parses (an older shape) is left out, never a 500. */
const asFestival = (stored: FestivalDocument | null): Festival | undefined => {
  if (!stored) return undefined;
  const { opensAt: _opensAt, updatedBy: _by, updatedAt: _at, ...festival } = stored;
  const parsed = festivalSchema.safeParse(festival);
  return parsed.success ? parsed.data : undefined;
};

/**
 * The owner's festivals (docs/festivals.md). A handful a year, so the list is one read of the small collection; a
 * festival is read, replaced and deleted by `_id`, each change guarded by the version it was read at (the local
 * database makes a guarded update atomic: docs/local-database.md).
 */
export function festivalsRepository(db: Db) {
  const festivals = db.collection<FestivalDocument>("festivals");
  return {
    async all(): Promise<Festival[]> {
      const stored = await festivals.find({}).sort({ _id: 1 }).limit(200).toArray();
      return stored.map(asFestival).filter((festival) => festival !== undefined);
    },
    byId: async (festivalId: string) => asFestival(await festivals.findOne({ _id: festivalId })),
    /**
     * Saves the festival whole if it is still at `festival.version` (0: it does not exist yet); the saved festival
     * (at the next version), or undefined when another change came first.
     */
    async replace(festival: Festival, by: string): Promise<Festival | undefined> {
      const { version, ...fields } = festival;
      const document: FestivalDocument = {
        ...fields,
        version: version + 1,
        opensAt: new Date(festival.bookingOpensAt),
        updatedBy: by,
        updatedAt: new Date(),
      };
      if (version === 0) {
        return (await insertOnce(festivals, document)) ? { ...festival, version: 1 } : undefined;
      }
      const written = await festivals.replaceOne({ _id: festival._id, version }, document);
      return written.modifiedCount === 1 ? { ...festival, version: version + 1 } : undefined;
    },
    /** Deletes the festival at `version` if its bookings open after `now`; whether it was deleted. */
    remove: async (festivalId: string, version: number, now: Date) =>
      (await festivals.deleteOne({ _id: festivalId, version, opensAt: { $gt: now } })).deletedCount === 1,
  };
}
export type FestivalsRepository = ReturnType<typeof festivalsRepository>;
