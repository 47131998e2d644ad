import { defaultPorts, delayList, loadConfig, PHONE_DEV_SECRETS, port, positiveInt, secret } from "@storefront/config";
import { SHOP } from "@storefront/contracts/plain";
import { z } from "zod";

/** A comma-separated list of phone numbers, kept as digits only (how both providers write them: 919876543210). */
const numberList = z
  .string()
  .default("")
  .transform((list) =>
    list
      .split(",")
      .map((number) => number.replace(/\D/g, ""))
      .filter(Boolean),
  );

/**
 * The messaging sandbox's environment (docs/messaging-sandbox.md). Its credentials are the ones the notification
 * service's WhatsApp and MSG91 adapters are configured with in development; webhooks are signed with the app secret,
 * exactly as Meta signs them. Names start with MESSAGING_SANDBOX_ so they never meet the payment sandbox's SANDBOX_*.
 */
export const messagingSandboxEnv = {
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  HOST: z.string().default("127.0.0.1"),
  PORT: port(defaultPorts.messagingSandbox),
  SHUTDOWN_GRACE_MS: positiveInt(2000),
  /** The Cloud API's access token (`Authorization: Bearer …`): any other is refused as Graph refuses it (190). */
  MESSAGING_SANDBOX_WHATSAPP_TOKEN: secret(PHONE_DEV_SECRETS.whatsappAccessToken),
  /** The Meta app's secret: every webhook carries `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body>`. */
  MESSAGING_SANDBOX_WHATSAPP_APP_SECRET: secret(PHONE_DEV_SECRETS.whatsappAppSecret),
  /** The WhatsApp Business Account id (`entry[].id` of every webhook). */
  MESSAGING_SANDBOX_WHATSAPP_BUSINESS_ACCOUNT_ID: z.string().regex(/^\d+$/).default("102290129340398"),
  /** The business's number as the shopper's phone shows it (`metadata.display_phone_number`): the shop's WhatsApp. */
  MESSAGING_SANDBOX_WHATSAPP_DISPLAY_NUMBER: z.string().regex(/^\d+$/).default(SHOP.whatsAppNumber),
  /**
   * The business number's id for a phone that writes first (a reply with no message before it); a message the shop
   * sent carries the id of the path it was sent on (`/v21.0/<phone-number-id>/messages`), and any id is taken.
   */
  MESSAGING_SANDBOX_WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/).default("106540352242922"),
  /** Where status and inbound-message webhooks go: the shop's public URL, through the gateway, as Meta's would. */
  MESSAGING_SANDBOX_WHATSAPP_WEBHOOK_URL: z.url().default("http://127.0.0.1:8080/api/notify/webhooks/whatsapp"),
  /** MSG91's `authkey` header: any other is refused. */
  MESSAGING_SANDBOX_MSG91_AUTHKEY: secret(PHONE_DEV_SECRETS.msg91AuthKey),
  /** Where MSG91's delivery reports go (MSG91 signs nothing: a secret, if any, travels in this URL's query). */
  MESSAGING_SANDBOX_SMS_WEBHOOK_URL: z
    .url()
    .default(`http://127.0.0.1:8080/api/notify/webhooks/sms?token=${PHONE_DEV_SECRETS.msg91WebhookToken}`),
  /**
   * The delivery report's format, as chosen in MSG91's panel: v3 (one JSON object per report) or v2 (a form field
   * `data` holding a JSON array of requests with their reports).
   */
  MESSAGING_SANDBOX_SMS_WEBHOOK_VERSION: z.enum(["v2", "v3"]).default("v3"),
  /** The wait between accepting a message and its "sent", and between "sent" and "delivered". */
  MESSAGING_SANDBOX_STATUS_DELAY_MS: z.coerce.number().int().nonnegative().default(300),
  /**
   * A webhook the shop did not accept (no answer, or not 2xx) is sent again after each of these delays, as Meta and
   * MSG91 retry; seconds here, like the payment sandbox's, so a notification service that was down catches up soon.
   */
  MESSAGING_SANDBOX_WEBHOOK_RETRY_DELAYS_MS: delayList("2000,10000,30000"),
  /** Fail this many WhatsApp sends from the start (tests of the SMS fallback; also settable at run time). */
  MESSAGING_SANDBOX_WHATSAPP_FAIL_NEXT: z.coerce.number().int().nonnegative().default(0),
  /** Numbers every WhatsApp send to fails (a number not on WhatsApp). */
  MESSAGING_SANDBOX_WHATSAPP_FAIL_NUMBERS: numberList,
  /**
   * How a WhatsApp send fails: `reject` (the call answers Graph's error, 131000) or `undeliverable` (accepted, then
   * a `failed` status webhook with error 131026, as for a number that is not on WhatsApp).
   */
  MESSAGING_SANDBOX_WHATSAPP_FAIL_HOW: z.enum(["reject", "undeliverable"]).default("reject"),
  /** Numbers every SMS to fails (its delivery report says FAILED, status 2). */
  MESSAGING_SANDBOX_SMS_FAIL_NUMBERS: numberList,
};

export type MessagingSandboxConfig = z.infer<z.ZodObject<typeof messagingSandboxEnv>>;

export const loadMessagingSandboxConfig = (env: NodeJS.ProcessEnv = process.env): MessagingSandboxConfig => {
  const config = loadConfig(messagingSandboxEnv, env);
  // A simulator that swallows the shop's messages must never stand in for the providers in production.
  if (config.NODE_ENV === "production") throw new Error("the messaging sandbox never runs in production");
  return config;
};
