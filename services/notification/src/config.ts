import {
  defaultPorts,
  delayList,
  devDefault,
  intAtLeast,
  jwtEnv,
  LOCAL_INFRA,
  loadConfig,
  PHONE_DEV_SECRETS,
  port,
  secret,
  serviceEnv,
  shopEnv,
  url,
} from "@storefront/config";
import { SHOP } from "@storefront/contracts";
import { z } from "zod";

/** Where the phone providers are by default locally: the messaging sandbox (services/messaging-sandbox). */
const MESSAGING_SANDBOX = "http://127.0.0.1:4008";

/**
 * The phone channels (docs/messaging.md), configured like the payment providers: locally the messaging sandbox, which
 * speaks both providers' APIs; in production every address and identity must be set, and every secret must be a real
 * one (a `dev-only…` default stops the start, docs/security.md).
 */
function phoneChannelsEnv() {
  return {
    /** WhatsApp Business Cloud API: `https://graph.facebook.com` in production. */
    WHATSAPP_API_URL: devDefault(z.url(), MESSAGING_SANDBOX),
    /** The Graph API version every call names in its path (Meta retires each about two years after its release). */
    WHATSAPP_API_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/, "a Graph API version such as v23.0")
      .default("v23.0"),
    /** The business phone number's id in WhatsApp Manager (not the number itself). */
    WHATSAPP_PHONE_NUMBER_ID: devDefault(z.string().regex(/^\d{6,20}$/, "digits"), "100000000000001"),
    /** A system user's access token with whatsapp_business_messaging. */
    WHATSAPP_ACCESS_TOKEN: secret(PHONE_DEV_SECRETS.whatsappAccessToken),
    /** The Meta app's secret: the key of X-Hub-Signature-256 on every webhook. */
    WHATSAPP_APP_SECRET: secret(PHONE_DEV_SECRETS.whatsappAppSecret),
    /** Our own word Meta repeats when it verifies the webhook's URL (GET hub.verify_token). */
    WHATSAPP_VERIFY_TOKEN: secret("dev-only-whatsapp-verify-token"),
    /** MSG91: `https://control.msg91.com` in production. */
    MSG91_API_URL: devDefault(z.url(), MESSAGING_SANDBOX),
    MSG91_AUTH_KEY: secret(PHONE_DEV_SECRETS.msg91AuthKey),
    /** The DLT-registered sender id (header) the SMS come from: six letters. */
    MSG91_SENDER: devDefault(z.string().regex(/^[A-Z]{6}$/, "six capital letters (the DLT header)"), "GOKULM"),
    /**
     * Each SMS template's id at MSG91 (the flow's template, mapped to its DLT template id), `<name>.<language>=<id>`
     * comma-separated, e.g. `order_confirmed.en=64f…,order_confirmed.mr=64f…`. Locally the sandbox takes
     * `<name>.<language>` itself as the id; in production an SMS whose template has no id here fails (never sent to a
     * guessed template), so the service starts before the DLT registrations are all done (docs/messaging.md).
     */
    MSG91_TEMPLATE_IDS: z
      .string()
      .regex(/^([a-z_]+\.(en|mr)=[\w-]+(,[a-z_]+\.(en|mr)=[\w-]+)*)?$/, "<name>.<language>=<id>, comma-separated")
      .default("")
      .transform(
        (list): Record<string, string> =>
          Object.fromEntries(list ? list.split(",").map((pair) => pair.split("=") as [string, string]) : []),
      ),
    /**
     * MSG91 signs no delivery report (docs/messaging.md): its webhook URL carries this secret as `?token=`, compared in
     * constant time, and the logs censor it.
     */
    MSG91_WEBHOOK_TOKEN: secret(PHONE_DEV_SECRETS.msg91WebhookToken),
    /** How long one call to a phone provider may take before it counts as a retryable failure. */
    PHONE_PROVIDER_TIMEOUT_MS: intAtLeast(100, 10_000),
    /**
     * How often each instance looks for the messages quiet hours held that are due (docs/messaging.md, Quiet hours):
     * a minute past 08:00 India time at the latest.
     */
    PHONE_HELD_SWEEP_EVERY_MS: intAtLeast(1000, 60_000),
  };
}

export type NotificationConfig = z.infer<z.ZodObject<typeof notificationEnv>>;

export const loadNotificationConfig = (env: NodeJS.ProcessEnv = process.env): NotificationConfig =>
  loadConfig(notificationEnv, env);

/**
 * Delays before each retry of a failed event, comma-separated milliseconds; the message is parked after the last.
 * So attempts = retries + 1. The default rides out an SMTP relay restart or a short outage (5 attempts over about
 * 8 minutes) before a person has to look at the parked queue.
 */
/** Every environment variable the notification service reads, with safe local defaults. */
export const notificationEnv = {
  ...serviceEnv,
  ...shopEnv,
  // The console's read of the phone messages is ADMIN-only (docs/messaging.md, Seen by the people who run it).
  ...jwtEnv,
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
  ...phoneChannelsEnv(),
};
