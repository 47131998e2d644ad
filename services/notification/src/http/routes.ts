import type { Express } from "express";
import { type PhoneConsoleContext, registerPhoneConsole } from "./phone-console-route.js";
import { type PhoneWebhookContext, registerPhoneWebhooks } from "./phone-webhooks.js";

/**
 * The notification service's public routes: the phone providers' webhooks and the console's view of the phone
 * messages (docs/messaging.md).
 */
export function registerRoutes(
  app: Express,
  ctx: PhoneWebhookContext & Omit<PhoneConsoleContext, "phoneMessages">,
): void {
  registerPhoneWebhooks(app, ctx);
  registerPhoneConsole(app, ctx);
}
