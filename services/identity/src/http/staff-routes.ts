import { requireAuth } from "@storefront/auth";
import {
  ApiPaths,
  newStaffAccountSchema,
  StaffMessages,
  staffIdParamSchema,
  staffPasswordSchema,
} from "@storefront/contracts";
import { handle } from "@storefront/http";
import type { Express } from "express";
import type { IdentityContext } from "../usecases/context.js";
import { createStaffAccount } from "../usecases/create-staff-account.js";
import { disableStaffAccount } from "../usecases/disable-staff-account.js";
import { listStaffAccounts } from "../usecases/list-staff-accounts.js";
import { setStaffPassword } from "../usecases/set-staff-password.js";

/** The owner's counter accounts (docs/counter.md): ADMIN only, every input parsed. */
export function registerStaffRoutes(app: Express, ctx: IdentityContext): void {
  const adminOnly = requireAuth({ ...ctx.tokenKeys, roles: ["ADMIN"] });

  app.get(
    ApiPaths.auth.staff,
    adminOnly,
    handle({}, async (_input, _req, res) => {
      res.set("Cache-Control", "private, no-store").json(await listStaffAccounts(ctx));
    }),
  );

  app.post(
    ApiPaths.auth.staff,
    adminOnly,
    handle({ body: newStaffAccountSchema }, async ({ body }, _req, res) => {
      res.status(201).json({ message: StaffMessages.CREATED, ...(await createStaffAccount(ctx, body)) });
    }),
  );

  app.post(
    ApiPaths.auth.staffDisable,
    adminOnly,
    handle({ params: staffIdParamSchema }, async ({ params }, _req, res) => {
      res.json(await disableStaffAccount(ctx, params.userId));
    }),
  );

  app.post(
    ApiPaths.auth.staffPassword,
    adminOnly,
    handle({ params: staffIdParamSchema, body: staffPasswordSchema }, async ({ params, body }, _req, res) => {
      res.json(await setStaffPassword(ctx, params.userId, body.newPassword));
    }),
  );
}
