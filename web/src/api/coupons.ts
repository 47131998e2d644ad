import { z } from "zod";
import {
  type AdminCoupon,
  ApiPaths,
  adminCouponSchema,
  apiPath,
  appliedCouponSchema,
  type CouponFields,
  type OrderRequest,
} from "../contracts";
import { request, shopperBearer } from "./client";

/**
 * Coupons (docs/coupons.md): what a code takes off the shopper's cart, asked with the shopper's own token or proof
 * (the server reads "already used by you" from it); the owner's list, add and change.
 */

/** "Apply coupon": the server's discount for this cart, or its refusal (quiet: the field shows why). */
export async function applyCoupon(code: string, products: OrderRequest["products"]) {
  const answer = await request(ApiPaths.payment.applyCoupon, {
    method: "POST",
    body: { code, products },
    bearer: shopperBearer(),
    quiet: true,
  });
  return appliedCouponSchema.parse(answer);
}

/** ADMIN: every coupon with its uses and sales so far. */
export async function adminCoupons(): Promise<AdminCoupon[]> {
  const answer = await request(ApiPaths.payment.adminCoupons, { authorised: true });
  return z.object({ coupons: z.array(adminCouponSchema) }).parse(answer).coupons;
}

const savedSchema = z.object({ message: z.string(), code: z.string() });

/** ADMIN: a new coupon (409 when its code exists). */
export async function addCoupon(code: string, fields: CouponFields) {
  const answer = await request(ApiPaths.payment.adminCoupons, {
    method: "POST",
    body: { code, ...fields },
    authorised: true,
    quiet: true,
  });
  return savedSchema.parse(answer);
}

/** ADMIN: a coupon's new fields, from the version the form read (409 when changed since). */
export async function changeCoupon(code: string, fields: CouponFields, version: number) {
  const answer = await request(apiPath(ApiPaths.payment.adminCoupon, { code }), {
    method: "PUT",
    body: { ...fields, version },
    authorised: true,
    quiet: true,
  });
  return savedSchema.parse(answer);
}
