import type { CouponFields } from "@storefront/contracts";
import type { CouponUsesRepository } from "../persistence/coupon-uses.js";
import type { CouponsRepository } from "../persistence/coupons.js";

export interface CouponContext {
  coupons: CouponsRepository;
  couponUses: CouponUsesRepository;
  now: () => Date;
}

/**
 * The owner adds a coupon (docs/coupons.md): stored once under its code (in capitals), with its count of uses opened
 * beside it. Answers false when the code exists (whatever its case).
 */
export async function createCoupon(ctx: CouponContext, code: string, fields: CouponFields, by: string) {
  if (!(await ctx.coupons.create(code, fields, by, ctx.now()))) return false;
  await ctx.couponUses.open(code, fields.totalUses);
  return true;
}

export type ChangeOutcome = "saved" | "unknown" | "changed-meanwhile" | "below-taken";

/**
 * The owner changes a coupon from the version they read: its count of uses is resized first (never below the uses
 * held or used), then its fields; a change from an older version puts the count back and is refused.
 */
export async function changeCoupon(
  ctx: CouponContext,
  code: string,
  fields: CouponFields,
  version: number,
  by: string,
): Promise<ChangeOutcome> {
  const stored = await ctx.coupons.byCode(code);
  if (!stored) return "unknown";
  if (stored.version !== version) return "changed-meanwhile";
  // A coupon stored by a process that died before opening its count gets it now.
  await ctx.couponUses.open(code, stored.fields.totalUses);
  const before = (await ctx.couponUses.usesOf(code))?.total ?? stored.fields.totalUses;
  if (!(await ctx.couponUses.resize(code, fields.totalUses))) return "below-taken";
  if (await ctx.coupons.update(code, fields, version, by, ctx.now())) return "saved";
  await ctx.couponUses.resize(code, before);
  return "changed-meanwhile";
}
