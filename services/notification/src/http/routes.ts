import type { Express } from "express";
import { type PhoneWebhookContext, registerPhoneWebhooks } from "./phone-webhooks.js";

/** The notification service's public routes: the phone providers' webhooks (docs/messaging.md). */
export function registerRoutes(app: Express, ctx: PhoneWebhookContext): void {
  registerPhoneWebhooks(app, ctx);
}
