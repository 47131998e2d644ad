import type { Database } from "@storefront/stores";

type Db = Database["db"];

/** The owner's settings of what unpaid orders may hold (docs/order-lifecycle.md, Open orders and holds). */
interface HoldSettingsDocument {
  _id: "holds";
  unpaidSharePercent: number;
  updatedBy: string;
  updatedAt: Date;
}

/** How long a checkout trusts the setting it read: the owner's change reaches every instance within this. */
const FRESH_MS = 10_000;

/**
 * The share of a limited product's day one shopper may hold unpaid, as the owner set it (`shop_settings`, one
 * document), else the configured default (UNPAID_SHARE_PERCENT). Read once per checkout from memory, from the
 * database at most every few seconds.
 */
export function holdSettingsStore(db: Db, defaultPercent: number) {
  const settings = db.collection<HoldSettingsDocument>("shop_settings");
  let cached: { percent: number; readAt: number } | undefined;

  async function read(): Promise<number> {
    const stored = await settings.findOne({ _id: "holds" });
    const percent = stored?.unpaidSharePercent ?? defaultPercent;
    cached = { percent, readAt: Date.now() };
    return percent;
  }

  return {
    async unpaidSharePercent(): Promise<number> {
      if (cached && Date.now() - cached.readAt < FRESH_MS) return cached.percent;
      return read();
    },
    async setUnpaidSharePercent(percent: number, by: string): Promise<void> {
      await settings.updateOne(
        { _id: "holds" },
        { $set: { unpaidSharePercent: percent, updatedBy: by, updatedAt: new Date() } },
        { upsert: true },
      );
      cached = { percent, readAt: Date.now() };
    },
  };
}
export type HoldSettingsStore = ReturnType<typeof holdSettingsStore>;
