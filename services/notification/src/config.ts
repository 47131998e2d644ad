import { defaultPorts, loadConfig, port, redisEnv, serviceEnv, url } from "@storefront/config";
import { z } from "zod";

/** Every environment variable the notification service reads, with safe local defaults. */
export const notificationEnv = {
  ...serviceEnv,
  ...redisEnv,
  PORT: port(defaultPorts.notification),
  MONGO_DB: z.string().min(1).default("notification"),
  SMTP_URL: url("smtp://127.0.0.1:1025"),
  MAIL_FROM: z.string().min(3).default("Storefront <orders@storefront.local>"),
  SHOP_EMAIL: z.string().email().default("shop@storefront.local"),
};

export type NotificationConfig = z.infer<z.ZodObject<typeof notificationEnv>>;

export const loadNotificationConfig = (env: NodeJS.ProcessEnv = process.env): NotificationConfig =>
  loadConfig(notificationEnv, env);
