import { getShopper, requireAuth, requirePrincipal, requireShopper, type TokenKeys } from "@storefront/auth";
import {
  type AdminCoupon,
  ApiPaths,
  applyCouponSchema,
  CouponMessages,
  couponChangeSchema,
  couponCodeSchema,
  newCouponSchema,
} from "@storefront/contracts";
import { conflict, handle, notFound, requestClientKey } from "@storefront/http";
import type { Express } from "express";
import { z } from "zod";
import { type ApplyCouponContext, applyCoupon } from "../usecases/apply-coupon.js";
import { type CouponContext, changeCoupon, createCoupon } from "../usecases/save-coupon.js";

export interface CouponRouteContext extends CouponContext, ApplyCouponContext {
  tokenKeys: TokenKeys;
}

/**
 * Coupons (docs/coupons.md): what a code takes off the shopper's cart (the shopper's own email decides "already used
 * by you", so a signed-in customer or a proven guest asks), and the owner's list with uses and sales, add, change.
 */
export function registerCouponRoutes(app: Express, ctx: CouponRouteContext): void {
  const adminOnly = requireAuth({ ...ctx.tokenKeys, roles: ["ADMIN"] });

  app.post(
    ApiPaths.payment.applyCoupon,
    requireShopper(ctx.tokenKeys),
    handle({ body: applyCouponSchema }, async ({ body }, req, res) => {
      const lines = body.products.map((product) => ({
        productId: product.productId,
        weight: product.selectedWeight,
        quantity: product.selectedQuantity,
      }));
      res
        .set("Cache-Control", "private, no-store")
        .json(await applyCoupon(ctx, body.code, lines, getShopper(res).email, requestClientKey(req)));
    }),
  );

  app.get(
    ApiPaths.payment.adminCoupons,
    adminOnly,
    handle({}, async (_input, _req, res) => {
      const [coupons, counts] = await Promise.all([ctx.coupons.all(), ctx.couponUses.all()]);
      const uses = new Map(counts.map((count) => [count._id, count]));
      const list: AdminCoupon[] = coupons.map((coupon) => {
        const count = uses.get(coupon._id);
        const total = count?.total ?? coupon.fields.totalUses;
        return {
          code: coupon._id,
          version: coupon.version,
          fields: coupon.fields,
          uses: { total, free: count?.free ?? total, held: count?.held ?? 0, used: count?.used ?? 0 },
          sales: count?.sales ?? { orders: 0, discountPaise: 0, revenuePaise: 0 },
        };
      });
      res.set("Cache-Control", "private, no-store").json({ coupons: list });
    }),
  );

  app.post(
    ApiPaths.payment.adminCoupons,
    adminOnly,
    handle({ body: newCouponSchema }, async ({ body }, _req, res) => {
      const { code, ...fields } = body;
      if (!(await createCoupon(ctx, code, fields, requirePrincipal(res).email))) throw conflict(CouponMessages.EXISTS);
      res.status(201).json({ message: CouponMessages.SAVED, code });
    }),
  );

  app.put(
    ApiPaths.payment.adminCoupon,
    adminOnly,
    handle(
      { params: z.object({ code: couponCodeSchema }), body: couponChangeSchema },
      async ({ params, body }, _req, res) => {
        const { version, ...fields } = body;
        const outcome = await changeCoupon(ctx, params.code, fields, version, requirePrincipal(res).email);
        if (outcome === "unknown") throw notFound("Coupon not found");
        if (outcome === "changed-meanwhile") throw conflict(CouponMessages.CHANGED);
        if (outcome === "below-taken") throw conflict(CouponMessages.BELOW_TAKEN);
        res.json({ message: CouponMessages.SAVED, code: params.code });
      },
    ),
  );
}
