import type { CouponFields } from "@storefront/contracts";
import { type Database, insertOnce } from "@storefront/stores";

type Db = Database["db"];

/** A coupon as the owner set it (`coupons`, docs/coupons.md); its uses are counted beside it (coupon-uses.ts). */
export interface CouponDocument {
  /** The code, in capitals. */
  _id: string;
  fields: CouponFields;
  version: number;
  createdBy: string;
  createdAt: Date;
  updatedBy: string;
  updatedAt: Date;
}

export function couponsRepository(db: Db) {
  const coupons = db.collection<CouponDocument>("coupons");
  return {
    /** Stores a new coupon; false when one with its code exists. */
    create: (code: string, fields: CouponFields, by: string, at: Date) =>
      insertOnce(coupons, {
        _id: code,
        fields,
        version: 0,
        createdBy: by,
        createdAt: at,
        updatedBy: by,
        updatedAt: at,
      }),
    /** Replaces its fields if still at `version`; false when another change came first. */
    async update(code: string, fields: CouponFields, version: number, by: string, at: Date): Promise<boolean> {
      const written = await coupons.updateOne(
        { _id: code, version },
        { $set: { fields, updatedBy: by, updatedAt: at }, $inc: { version: 1 } },
      );
      return written.modifiedCount === 1;
    },
    byCode: (code: string) => coupons.findOne({ _id: code }),
    /** Every coupon, newest first (a shop has tens, not thousands). */
    all: () => coupons.find().sort({ createdAt: -1 }).limit(500).toArray(),
  };
}

export type CouponsRepository = ReturnType<typeof couponsRepository>;
