import { writeFile } from "node:fs/promises";
import { PHONE_DEV_SECRETS } from "@storefront/config";
import {
  freePort,
  freshDatabase,
  isolatedRedis,
  isolatedVhost,
  maildevSmtpUrl,
  ONE_ADDRESS_MANY_SHOPPERS,
  type ServiceProcess,
  startServiceProcess,
  type TestDatabase,
  testInfra,
  uniqueName,
} from "@storefront/testing";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The shop as a shopper reaches it: the gateway serving the SPA and the API. */
    shopUrl: string;
    mongoUrl: string;
    /** The catalogue service's database (enquiries are checked there). */
    catalogueDb: string;
    /** The identity service's database (accounts and addresses are checked there). */
    identityDb: string;
    /** The order-payment service's database (orders are checked there). */
    ordersDb: string;
    /** The notification service's database (the phone providers' webhooks are checked there). */
    notificationDb: string;
    /** Where the notification service sends the shop's emails in this run (unique, so MailDev can be filtered). */
    shopEmail: string;
    /** This run's RabbitMQ virtual host (the console's browser test parks a message there). */
    vhost: string;
    /** This run's messaging sandbox: the phone providers notification sends to (docs/messaging-sandbox.md). */
    messagingSandboxUrl: string;
  }
}

const SERVICES = ["catalogue", "notification", "identity", "order-payment", "billing"] as const;
/** The sandbox provider's secret in this run: order-payment calls it with it and checks its webhooks with it. */
const SANDBOX_SECRET = "e2e-sandbox-secret";
const entry = (service: string) => new URL(`../../services/${service}/dist/main.js`, import.meta.url).pathname;

/**
 * The whole shop for the browser tests, as it runs in production: every built service in its own process against
 * the real FerretDB, RabbitMQ, Redis and MailDev, each with a database, vhost and key prefix of this run only, and
 * the gateway in front serving the built SPA. Runs after the integration global setup (which resolves the servers).
 */
export default async function startShop(project: TestProject): Promise<() => Promise<void>> {
  try {
    return await startShopOnce(project);
  } catch (error) {
    // A start on a machine whose cores are all busy can miss a service's 20 s wait for /healthz; a second start,
    // everything of the first one stopped and dropped, sees the shop or the same failure again (a service that
    // crashes at start fails both).
    console.error(`${String(error)}\nstarting the shop once more`);
    return startShopOnce(project);
  }
}

async function startShopOnce(project: TestProject): Promise<() => Promise<void>> {
  const run = uniqueName("e2e");
  const [vhost, redis] = await Promise.all([isolatedVhost(run), isolatedRedis(run)]);
  const databases = new Map<string, TestDatabase>();
  for (const service of SERVICES) databases.set(service, await freshDatabase(`${run}-${service}`));
  const shopEmail = `shop+${run}@gokul-mithai.test`;
  // Identity publishes credential versions there; the gateway and the console read them (this run's only).
  const credentialVersionsPrefix = `${redis.prefix}:credential-version:`;
  const processes: ServiceProcess[] = [];
  // Known before anything starts: the services build their mail links on it (PUBLIC_URL), never on a request.
  const gatewayPort = await freePort();
  const shopUrl = `http://127.0.0.1:${gatewayPort}`;

  const stop = async () => {
    await Promise.all(processes.map((process) => process.stop("SIGTERM")));
    await Promise.all([...databases.values()].map((database) => database.drop()));
    await Promise.all([vhost.cleanup(), redis.cleanup()]);
  };

  try {
    const sandbox = await startServiceProcess({
      entry: entry("payment-sandbox"),
      // Refunds are credited 6 s after they are asked for: long enough for a journey to see "Refund initiated" first.
      env: { SANDBOX_SECRET, SANDBOX_REFUND_DELAY_MS: "6000", LOG_LEVEL: "warn" },
    });
    processes.push(sandbox);
    // The phone providers (WhatsApp, MSG91) notification sends to: the tests read a number's messages there.
    // Its signed webhooks go to this run's gateway (never to a shop running on this machine's default ports).
    const messaging = await startServiceProcess({
      entry: entry("messaging-sandbox"),
      env: {
        LOG_LEVEL: "warn",
        MESSAGING_SANDBOX_WHATSAPP_WEBHOOK_URL: `${shopUrl}/api/notify/webhooks/whatsapp`,
        MESSAGING_SANDBOX_SMS_WEBHOOK_URL: `${shopUrl}/api/notify/webhooks/sms?token=${PHONE_DEV_SECRETS.msg91WebhookToken}`,
      },
    });
    processes.push(messaging);
    const urls: Record<string, string> = {};
    const start = async (service: (typeof SERVICES)[number], extra: Record<string, string> = {}) => {
      const database = databases.get(service) as TestDatabase;
      const started = await startServiceProcess({
        entry: entry(service),
        env: {
          MONGO_URL: database.url,
          MONGO_DB: database.name,
          AMQP_URL: vhost.amqpUrl,
          REDIS_URL: redis.url,
          SMTP_URL: maildevSmtpUrl,
          SHOP_INBOX: shopEmail,
          PUBLIC_URL: shopUrl,
          REDIS_PREFIX: `${redis.prefix}:${service}`,
          CREDENTIAL_VERSIONS_PREFIX: credentialVersionsPrefix,
          LOG_LEVEL: "warn",
          ...extra,
        },
      });
      processes.push(started);
      urls[service] = started.url;
    };
    // One after another: a service must answer /healthz within 20 s of its start, and four loading at once on two
    // busy cores (other suites, the other e2e part) took longer than that; alone, each takes a few seconds.
    for (const service of SERVICES.filter((name) => name !== "order-payment")) {
      await start(
        service,
        service === "notification" ? { WHATSAPP_API_URL: messaging.url, MSG91_API_URL: messaging.url } : {},
      );
    }
    // order-payment prices from this run's catalogue and pays in this run's sandbox.
    await start("order-payment", {
      CATALOGUE_URL: urls.catalogue as string,
      CASHFREE_BASE_URL: `${sandbox.url}/pg`,
      CASHFREE_SECRET_KEY: SANDBOX_SECRET,
      PAYMENT_SANDBOX_URL: sandbox.url,
      // Journeys cancel whatever the time of day; the 18:00 cut-off itself is tried with a fake clock
      // (services/order-payment/test/lifecycle.int.test.ts).
      CANCELLATION_CUTOFF: "24:00",
      // Every journey comes from this machine's address with one mobile number; the attack suite sets the share.
      ...ONE_ADDRESS_MANY_SHOPPERS,
    });
    // The on-call console of this run: this run's vhost, and each service's metrics for the outbox backlogs.
    const opsDatabase = await freshDatabase(`${run}-ops`);
    databases.set("ops", opsDatabase);
    const ops = await startServiceProcess({
      entry: entry("ops"),
      env: {
        MONGO_URL: opsDatabase.url,
        MONGO_DB: opsDatabase.name,
        AMQP_URL: vhost.amqpUrl,
        REDIS_URL: redis.url,
        RABBITMQ_MANAGEMENT_URL: testInfra().rabbitManagementUrl,
        RABBITMQ_VHOST: vhost.vhost,
        PUBLIC_URL: shopUrl,
        IDENTITY_URL: urls.identity as string,
        CATALOGUE_URL: urls.catalogue as string,
        ORDER_PAYMENT_URL: urls["order-payment"] as string,
        BILLING_URL: urls.billing as string,
        NOTIFICATION_URL: urls.notification as string,
        CREDENTIAL_VERSIONS_PREFIX: credentialVersionsPrefix,
        LOG_LEVEL: "warn",
      },
    });
    processes.push(ops);
    const gateway = await startServiceProcess({
      entry: entry("gateway"),
      port: gatewayPort,
      env: {
        REDIS_URL: redis.url,
        // This run's broker: the gateway hears product changes there (its caches).
        AMQP_URL: vhost.amqpUrl,
        RATE_LIMIT_PREFIX: `${redis.prefix}:`,
        CREDENTIAL_VERSIONS_PREFIX: credentialVersionsPrefix,
        IDENTITY_URL: urls.identity as string,
        CATALOGUE_URL: urls.catalogue as string,
        ORDER_PAYMENT_URL: urls["order-payment"] as string,
        BILLING_URL: urls.billing as string,
        NOTIFICATION_URL: urls.notification as string,
        OPS_URL: ops.url,
        PAYMENT_SANDBOX_URL: sandbox.url,
        LOG_LEVEL: "warn",
      },
    });
    processes.push(gateway);
    project.provide("shopUrl", gateway.url);
    project.provide("mongoUrl", (databases.get("catalogue") as TestDatabase).url);
    project.provide("catalogueDb", (databases.get("catalogue") as TestDatabase).name);
    project.provide("identityDb", (databases.get("identity") as TestDatabase).name);
    project.provide("ordersDb", (databases.get("order-payment") as TestDatabase).name);
    project.provide("notificationDb", (databases.get("notification") as TestDatabase).name);
    project.provide("shopEmail", shopEmail);
    project.provide("vhost", vhost.vhost);
    project.provide("messagingSandboxUrl", messaging.url);
    // CI starts its e2e parts one shop at a time (scripts/test.sh): this file tells it this shop answers.
    if (process.env.SHOP_READY_FILE) await writeFile(process.env.SHOP_READY_FILE, `${gateway.url}\n`);
  } catch (error) {
    const output = processes.map((process) => process.output()).join("\n");
    await stop();
    throw new Error(`The shop did not start for the browser tests: ${String(error)}\n${output}`);
  }
  return stop;
}
