import { requireAuth, requirePrincipal } from "@storefront/auth";
import { ApiPaths, addressInputSchema } from "@storefront/contracts";
import { handle, notFound } from "@storefront/http";
import type { Express, Response } from "express";
import { z } from "zod";
import type { IdentityContext } from "../usecases/context.js";
import { getAddress } from "../usecases/get-address.js";
import { removeAddress } from "../usecases/remove-address.js";
import { upsertAddress } from "../usecases/save-address.js";

const addressIdParam = z.object({ addressId: z.string().min(1).max(64) });
const placeName = z.string().trim().min(1).max(80);
const pincodeParam = z.object({ pincode: z.string().regex(/^\d{6}$/, "A pincode has 6 digits") });

/**
 * The cascade asks for a pincode's areas within the district the shopper chose (`?state=&district=`), which is what
 * saving the address accepts; without them the answer spans every district, as the spec's plain route does.
 */
const areasWithin = z
  .object({ state: placeName.optional(), district: placeName.optional() })
  .refine((query) => (query.state === undefined) === (query.district === undefined), {
    message: "Give both state and district, or neither",
  });

/** The cascade's lists change only with a new directory: a day in any cache, revalidated by ETag (express's). */
const cacheable = (res: Response) => res.set("Cache-Control", "public, max-age=86400");

/** Spec section 7, Address: the saved addresses (owner only) and the India Post cascade (public). */
export function registerAddressRoutes(app: Express, ctx: IdentityContext): void {
  const signedIn = requireAuth(ctx.tokenKeys);
  const noStore = (res: Response) => res.set("Cache-Control", "private, no-store");

  app.post(
    ApiPaths.address.upsert,
    signedIn,
    handle({ body: addressInputSchema }, async ({ body }, _req, res) => {
      res.json(await upsertAddress(ctx, requirePrincipal(res).sub, body));
    }),
  );
  app.get(
    ApiPaths.address.get,
    signedIn,
    handle({ params: addressIdParam }, async ({ params }, _req, res) => {
      noStore(res).json(await getAddress(ctx, requirePrincipal(res).sub, params.addressId));
    }),
  );
  app.get(
    ApiPaths.address.getAll,
    signedIn,
    handle({}, async (_input, _req, res) => {
      noStore(res).json(await ctx.addresses.list(requirePrincipal(res).sub));
    }),
  );
  app.delete(
    ApiPaths.address.remove,
    signedIn,
    handle({ params: addressIdParam }, async ({ params }, _req, res) => {
      await removeAddress(ctx, requirePrincipal(res).sub, params.addressId);
      res.status(204).end();
    }),
  );

  app.get(ApiPaths.address.states, (_req, res) => {
    cacheable(res).json(ctx.postal.states());
  });
  app.get(
    ApiPaths.address.districts,
    handle({ params: z.object({ state: placeName }) }, async ({ params }, _req, res) => {
      const districts = await ctx.postal.districts(params.state);
      if (!districts) throw notFound(`No such state: ${params.state}`);
      cacheable(res).json(districts);
    }),
  );
  app.get(
    ApiPaths.address.cities,
    handle({ params: z.object({ state: placeName, district: placeName }) }, async ({ params }, _req, res) => {
      const cities = await ctx.postal.cities(params.state, params.district);
      if (!cities) throw notFound(`No such district: ${params.district}`);
      cacheable(res).json(cities);
    }),
  );
  app.get(
    ApiPaths.address.pincodes,
    handle(
      { params: z.object({ state: placeName, district: placeName, taluk: placeName }) },
      async ({ params }, _req, res) => {
        const pincodes = await ctx.postal.pincodes(params.state, params.district, params.taluk);
        if (!pincodes) throw notFound(`No such city: ${params.taluk}`);
        cacheable(res).json(pincodes);
      },
    ),
  );
  app.get(
    ApiPaths.address.areas,
    handle({ params: pincodeParam, query: areasWithin }, async ({ params, query }, _req, res) => {
      const { state, district } = query;
      const areas = await ctx.postal.areas(params.pincode, state && district ? { state, district } : undefined);
      if (!areas) throw notFound(`No such pincode: ${params.pincode}`);
      cacheable(res).json(areas);
    }),
  );
  app.get(
    ApiPaths.address.places,
    handle({ params: pincodeParam }, async ({ params }, _req, res) => {
      const places = await ctx.postal.placesOf(params.pincode);
      if (!places) throw notFound(`No such pincode: ${params.pincode}`);
      cacheable(res).json(places);
    }),
  );
}
