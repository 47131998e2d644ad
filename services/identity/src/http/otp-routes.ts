import { ApiPaths, otpSendQuerySchema, otpValidateQuerySchema } from "@storefront/contracts";
import { handle } from "@storefront/http";
import type { Express } from "express";
import type { IdentityContext } from "../usecases/context.js";
import { sendOtp } from "../usecases/send-otp.js";
import { validateOtp } from "../usecases/validate-otp.js";
import { requestMeta } from "./auth-routes.js";

/** Spec section 7, OTP: no body, the email and option (or code) in the query. */
export function registerOtpRoutes(app: Express, ctx: IdentityContext): void {
  app.post(
    ApiPaths.otp.send,
    handle({ query: otpSendQuerySchema }, async ({ query }, req, res) => {
      res.json(await sendOtp(ctx, query, requestMeta(req)));
    }),
  );
  app.post(
    ApiPaths.otp.validate,
    handle({ query: otpValidateQuerySchema }, async ({ query }, _req, res) => {
      res.set("Cache-Control", "no-store").json(await validateOtp(ctx, query));
    }),
  );
}
