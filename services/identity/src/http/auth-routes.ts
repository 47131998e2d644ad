import { getEmailProof, getPrincipal, requireAuth, requireEmailProof, requirePrincipal } from "@storefront/auth";
import {
  ApiPaths,
  changePasswordSchema,
  emailSchema,
  forgotPasswordSchema,
  loginRequestSchema,
  resetPasswordSchema,
  signupRequestSchema,
  updateProfileSchema,
} from "@storefront/contracts";
import { forbidden, handle } from "@storefront/http";
import type { Express, Request } from "express";
import { z } from "zod";
import { adminInfo } from "../usecases/admin-info.js";
import { changePassword } from "../usecases/change-password.js";
import type { IdentityContext, RequestMeta } from "../usecases/context.js";
import { customerInfo } from "../usecases/customer-info.js";
import { forgotPassword } from "../usecases/forgot-password.js";
import { login } from "../usecases/login.js";
import { resetPassword } from "../usecases/reset-password.js";
import { signup } from "../usecases/signup.js";
import { updateProfile } from "../usecases/update-profile.js";

const emailParam = z.object({ email: emailSchema });

export const requestMeta = (req: Request): RequestMeta => ({
  correlationId: req.id,
  clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
});

/** Spec section 7, Auth. */
export function registerAuthRoutes(app: Express, ctx: IdentityContext): void {
  const signedIn = requireAuth(ctx.tokenKeys);
  const adminOnly = requireAuth({ ...ctx.tokenKeys, roles: ["ADMIN"] });

  app.post(
    ApiPaths.auth.login,
    handle({ body: loginRequestSchema }, async ({ body }, req, res) => {
      res.json(await login(ctx, body, requestMeta(req)));
    }),
  );

  app.post(
    ApiPaths.auth.signup,
    requireEmailProof(ctx.tokenKeys, "signup"),
    handle({ body: signupRequestSchema }, async ({ body }, req, res) => {
      res.status(201).json(await signup(ctx, body, getEmailProof(res)!, requestMeta(req)));
    }),
  );

  // Only that customer, or an admin (spec section 6: "verified by a get-user call with the stored email").
  app.get(
    ApiPaths.auth.userByEmail,
    signedIn,
    handle({ params: emailParam }, async ({ params }, _req, res) => {
      const caller = requirePrincipal(res);
      if (caller.role !== "ADMIN" && caller.email !== params.email) throw forbidden("You are not allowed to do this.");
      res.set("Cache-Control", "private, no-store").json(await customerInfo(ctx, params.email));
    }),
  );

  app.get(ApiPaths.auth.adminInfo, adminOnly, async (_req, res, next) => {
    try {
      res.set("Cache-Control", "private, no-store").json(await adminInfo(ctx, getPrincipal(res)!.sub));
    } catch (error) {
      next(error);
    }
  });

  // For the checkout's sign-up step: whether a CUSTOMER account has the email. The admin's account is none of the
  // shop's visitors' business (it answers false); the gateway limits how often one address may ask.
  app.get(
    ApiPaths.auth.checkEmail,
    handle({ params: emailParam }, async ({ params }, _req, res) => {
      const account = await ctx.users.byEmail(params.email);
      res.json({ registered: account?.role === "USER" });
    }),
  );

  app.post(
    ApiPaths.auth.update,
    signedIn,
    handle({ body: updateProfileSchema }, async ({ body }, _req, res) => {
      res.json(await updateProfile(ctx, requirePrincipal(res).sub, body));
    }),
  );

  // Form-urlencoded (spec section 7); buildApp parses both JSON and forms.
  app.post(
    ApiPaths.auth.changePassword,
    signedIn,
    handle({ body: changePasswordSchema }, async ({ body }, req, res) => {
      res.json(await changePassword(ctx, requirePrincipal(res).sub, body, requestMeta(req)));
    }),
  );

  app.post(
    ApiPaths.auth.forgotPassword,
    handle({ body: forgotPasswordSchema }, async ({ body }, req, res) => {
      res.json(await forgotPassword(ctx, body, requestMeta(req)));
    }),
  );

  app.post(
    ApiPaths.auth.resetPassword,
    handle({ body: resetPasswordSchema }, async ({ body }, _req, res) => {
      res.json(await resetPassword(ctx, body));
    }),
  );
}
