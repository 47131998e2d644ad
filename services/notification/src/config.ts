import {
  defaultPorts,
  delayList,
  LOCAL_INFRA,
  loadConfig,
  port,
  secret,
  serviceEnv,
  shopEnv,
  url,
} from "@storefront/config";
import { SHOP } from "@storefront/contracts";
import { z } from "zod";

/**
 * Delays before each retry of a failed event, comma-separated milliseconds; the message is parked after the last.
 * So attempts = retries + 1. The default rides out an SMTP relay restart or a short outage (5 attempts over about
 * 8 minutes) before a person has to look at the parked queue.
 */
/** Every environment variable the notification service reads, with safe local defaults. */
export const notificationEnv = {
  ...serviceEnv,
  ...shopEnv,
  PORT: port(defaultPorts.notification),
  MONGO_DB: z.string().min(1).default("notification"),
  SMTP_URL: url(LOCAL_INFRA.SMTP_URL),
  /** Who the mails are from: the shop, at its public address (SHOP, docs/shop-details.md), unless the relay wants another. */
  MAIL_FROM: z.string().min(3).default(`${SHOP.name} <${SHOP.email}>`),
  /**
   * The shop's own inbox: where the enquiry form's mails go (docs/shop-details.md). Never shown to shoppers: their
   * mails name SHOP.email. The e2e run sets one per run to find its enquiries in MailDev.
   */
  SHOP_INBOX: z.string().email().default(SHOP.email),
  /** Opens the OTPs and reset tokens identity seals into its events (identity holds the same key). */
  EVENT_SEAL_KEY: secret("dev-only-event-seal-key-change-me"),
  EVENT_RETRY_DELAYS_MS: delayList("10000,30000,120000,300000"),
};

export type NotificationConfig = z.infer<z.ZodObject<typeof notificationEnv>>;

export const loadNotificationConfig = (env: NodeJS.ProcessEnv = process.env): NotificationConfig =>
  loadConfig(notificationEnv, env);
