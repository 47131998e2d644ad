import { buildApp, type Logger, type Service, startUp } from "@storefront/http";
import { OutboxWriter, serviceBus, startEventBus } from "@storefront/messaging";
import { connectDatabase } from "@storefront/stores";
import { phoneChannels } from "./channels/phone-channels.js";
import { smsAfterWhatsAppFailed } from "./channels/send-phone-once.js";
import type { NotificationConfig } from "./config.js";
import { registerRoutes } from "./http/routes.js";
import { HeldPhoneSends } from "./jobs/held-phone-sends.js";
import { connectMailer } from "./mail/mailer.js";
import { subscriptions } from "./messaging/subscriptions.js";
import { deliveryLog } from "./persistence/delivery-log.js";
import { phoneMessageId, phoneMessages } from "./persistence/phone-messages.js";
import { phoneSends } from "./persistence/phone-sends.js";

export interface NotificationOptions {
  /** The clock quiet hours are read on (docs/messaging.md, Quiet hours): the tests set the night. */
  now?: () => Date;
}

/** Connects the notification service to what it needs and builds its HTTP app. */
export function createNotification(
  config: NotificationConfig,
  logger: Logger,
  options: NotificationOptions = {},
): Promise<Service & { heldSends: HeldPhoneSends }> {
  return startUp(async (keep) => {
    const database = keep(await connectDatabase(config.MONGO_URL, config.MONGO_DB, config.MONGO_POOL_SIZE));
    const mailer = keep(connectMailer(config.SMTP_URL));
    // The shoppers' phone replies carry their event in an outbox (docs/messaging.md).
    const outbox = new OutboxWriter(database.db);
    // The shoppers' phones (docs/messaging.md, Sending): both channels, the sends owed and the numbers that said STOP.
    const sends = phoneSends(database.db);
    await sends.ensureIndexes();
    const phone = {
      channels: phoneChannels(config),
      sends,
      logger: logger.child({ component: "phone" }),
      now: options.now ?? (() => new Date()),
    };
    const handlerDependencies = {
      phone,
      mailer,
      deliveries: deliveryLog(database.db),
      from: config.MAIL_FROM,
      shop: { name: config.SHOP_NAME, inbox: config.SHOP_INBOX, url: config.PUBLIC_URL },
      sealKey: config.EVENT_SEAL_KEY,
      logger: logger.child({ component: "handlers" }),
    };
    const bus = keep(
      await startEventBus({
        ...serviceBus(config, "notification", logger),
        subscriptions: (consumer) => subscriptions(consumer, handlerDependencies),
        outbox: { writer: outbox, collections: ["phone_replies"] },
        consumer: { retryDelaysMs: config.EVENT_RETRY_DELAYS_MS },
      }),
    );
    // The messages quiet hours held, sent at 08:00 India time (docs/messaging.md, Quiet hours).
    const heldSends = keep(
      new HeldPhoneSends({ phone, everyMs: config.PHONE_HELD_SWEEP_EVERY_MS, now: phone.now, logger }),
    );
    heldSends.start();
    const messages = phoneMessages(database.db, outbox, sends);
    const dependencies = [database, mailer, bus, heldSends];
    const app = buildApp({
      service: "notification",
      logger,
      dependencies,
      // What losing each dependency does: docs/operations/readiness.md.
      ridesOut: ["rabbitmq", "smtp", heldSends.name],
      metricsToken: config.METRICS_TOKEN,
      routes: (app) =>
        registerRoutes(app, {
          phoneMessages: messages,
          // A WhatsApp message that failed after it was taken goes by SMS once (docs/messaging.md).
          afterWhatsAppFailed: async (status) => {
            const record = await messages.byId(phoneMessageId(status.channel, status.messageId));
            if (record?.sendId) await smsAfterWhatsAppFailed(phone, record.sendId, status.messageId, status.failure);
          },
          whatsapp: {
            appSecret: config.WHATSAPP_APP_SECRET,
            verifyToken: config.WHATSAPP_VERIFY_TOKEN,
            phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
          },
          msg91: { webhookToken: config.MSG91_WEBHOOK_TOKEN },
          sends,
          tokenKeys: { secret: config.JWT_SECRET, issuer: config.JWT_ISSUER },
        }),
    });
    return { app, dependencies, heldSends };
  });
}
