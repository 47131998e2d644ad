import {
  freePort,
  freshDatabase,
  type MessagingSandboxClient,
  maildevSmtpUrl,
  messagingSandbox,
  type ServiceProcess,
  sandboxWebhooksTo,
  serviceEntry,
  startServiceProcess,
  type TestDatabase,
} from "@storefront/testing";
import { afterAll, beforeAll } from "vitest";
import type { CheckoutShop } from "./checkout-shop.js";

/** The shop's phones beside a checkout shop, once its file's hooks have run. */
export interface PhoneServers {
  /** The messaging sandbox's phones (docs/messaging-sandbox.md). */
  readonly phone: MessagingSandboxClient;
  readonly notificationDb: TestDatabase;
  /** Notification's own address: the sandbox's signed webhooks go straight to it (no gateway in these files). */
  readonly notificationUrl: string;
}

/** The WhatsApp business number's id both sides use in these files. */
const PHONE_NUMBER_ID = "100000000000001";

/**
 * Notification and the messaging sandbox as processes of their builds, beside a checkout shop of this file (its
 * vhost and Redis, so notification hears the order's events and order-payment its replies), with a database of
 * their own: the phone's side of order-payment's integration files (docs/messaging.md, Tests). Started before the
 * file's tests and stopped after them; `notificationEnv` adds notification settings (a quick sweep).
 */
export function phoneServers(
  shop: CheckoutShop,
  label: string,
  notificationEnv: Record<string, string> = {},
): PhoneServers {
  let sandbox: ServiceProcess | undefined;
  let notification: ServiceProcess | undefined;
  let started: PhoneServers | undefined;
  beforeAll(async () => {
    const notificationDb = await freshDatabase(`${label}-notification`);
    const port = await freePort();
    const notificationUrl = `http://127.0.0.1:${port}`;
    sandbox = await startServiceProcess({
      entry: serviceEntry("messaging-sandbox"),
      env: {
        LOG_LEVEL: "warn",
        ...sandboxWebhooksTo(notificationUrl),
        MESSAGING_SANDBOX_WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
        MESSAGING_SANDBOX_STATUS_DELAY_MS: "100",
        MESSAGING_SANDBOX_WEBHOOK_RETRY_DELAYS_MS: "500,1000",
      },
    });
    notification = await startServiceProcess({
      entry: serviceEntry("notification"),
      port,
      env: {
        ...notificationDb.env,
        AMQP_URL: shop.places.vhost.amqpUrl,
        REDIS_URL: shop.places.redis.url,
        SMTP_URL: maildevSmtpUrl,
        LOG_LEVEL: "warn",
        PUBLIC_URL: "https://shop.example",
        WHATSAPP_API_URL: sandbox.url,
        MSG91_API_URL: sandbox.url,
        WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
        ...notificationEnv,
      },
    });
    started = { phone: messagingSandbox(sandbox.url), notificationDb, notificationUrl };
  }, 60_000);
  afterAll(async () => {
    await Promise.all([notification?.stop(), sandbox?.stop()]);
    await started?.notificationDb.drop();
  });
  const ready = () => {
    if (!started) throw new Error("the phone's servers start in beforeAll: read them inside a test");
    return started;
  };
  return {
    get phone() {
      return ready().phone;
    },
    get notificationDb() {
      return ready().notificationDb;
    },
    get notificationUrl() {
      return ready().notificationUrl;
    },
  };
}
