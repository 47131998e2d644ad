import type { Express } from "express";
import type { IdentityContext } from "../usecases/context.js";
import { registerAddressRoutes } from "./address-routes.js";
import { registerAuthRoutes } from "./auth-routes.js";
import { registerOtpRoutes } from "./otp-routes.js";
import { registerStaffRoutes } from "./staff-routes.js";

/** The identity service's public routes (spec section 7: Auth, OTP, Address). */
export function registerRoutes(app: Express, ctx: IdentityContext): void {
  // Identity sits behind the gateway (loopback locally, the cluster network in k8s): trust its X-Forwarded-For, so
  // the per-account limits see the shopper's address, not the gateway's.
  app.set("trust proxy", "loopback, linklocal, uniquelocal");
  registerAuthRoutes(app, ctx);
  registerOtpRoutes(app, ctx);
  registerAddressRoutes(app, ctx);
  registerStaffRoutes(app, ctx);
}
