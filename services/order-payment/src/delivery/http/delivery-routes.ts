import { requireAuth, requirePrincipal, type TokenKeys } from "@storefront/auth";
import { ApiPaths, DeliveryMessages, deliveryZonesSchema, pincodeSchema } from "@storefront/contracts";
import { conflict, handle, notFound } from "@storefront/http";
import type { Express } from "express";
import { z } from "zod";
import type { KitchenRepository } from "../../kitchen/persistence/kitchen.js";
import type { KnownPincode } from "../domain/delivery.js";
import type { DeliveryZones } from "../persistence/delivery-zones.js";
import { checkPincode } from "../usecases/check-pincode.js";

export interface DeliveryRouteContext {
  pincodes: ReadonlyMap<string, KnownPincode>;
  deliveryZones: DeliveryZones;
  /** A slot's places are counted with the kitchen's units: a full one is left out of the dates. */
  kitchen: KitchenRepository;
  tokenKeys: TokenKeys;
  now: () => Date;
}

/**
 * Where the shop delivers (docs/delivery.md): the public pincode check (from memory, cached a minute), and the
 * owner's zones (ADMIN only, checked here).
 */
export function registerDeliveryRoutes(app: Express, ctx: DeliveryRouteContext): void {
  const adminOnly = requireAuth({ ...ctx.tokenKeys, roles: ["ADMIN"] });
  // Answers as sent, per pincode, for the current minute and zones' version: a slot's cut-off is a minute, and a
  // pincode asked again (a shop's own town, all day long) costs a lookup instead of 15 days of slots and a stringify.
  let answers: { key: string; byPincode: Map<string, string> } = { key: "", byPincode: new Map() };

  app.get(
    ApiPaths.delivery.pincode,
    handle({ params: z.object({ pincode: pincodeSchema }) }, async ({ params }, _req, res) => {
      const now = ctx.now();
      const key = `${Math.floor(now.getTime() / 60_000)}:${(await ctx.deliveryZones.current()).version}`;
      if (answers.key !== key) answers = { key, byPincode: new Map() };
      let body = answers.byPincode.get(params.pincode);
      if (body === undefined) {
        const check = await checkPincode(ctx.pincodes, ctx.deliveryZones, ctx.kitchen, params.pincode, now);
        if (!check) throw notFound(DeliveryMessages.UNKNOWN_PINCODE);
        body = JSON.stringify(check);
        answers.byPincode.set(params.pincode, body);
      }
      res.set("Cache-Control", "public, max-age=60").type("json").send(body);
    }),
  );

  app.get(
    ApiPaths.payment.adminDeliveryZones,
    adminOnly,
    handle({}, async (_input, _req, res) => {
      res.set("Cache-Control", "private, no-store").json(await ctx.deliveryZones.current());
    }),
  );

  app.put(
    ApiPaths.payment.adminDeliveryZones,
    adminOnly,
    handle({ body: deliveryZonesSchema }, async ({ body }, _req, res) => {
      const saved = await ctx.deliveryZones.replace(body.zones, body.version, requirePrincipal(res).email);
      if (!saved) throw conflict("The zones were changed meanwhile. Please, reload them and make your change again.");
      res.json({ message: "Delivery zones saved.", ...(await ctx.deliveryZones.current()) });
    }),
  );
}
