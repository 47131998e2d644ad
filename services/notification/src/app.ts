import { buildApp, type Logger, type Service } from "@storefront/http";
import { startEventBus } from "@storefront/messaging";
import { Redis } from "ioredis";
import type { NotificationConfig } from "./config.js";
import { registerRoutes } from "./http/routes.js";
import { createMailer } from "./mail/mailer.js";
import { subscriptions } from "./messaging/subscriptions.js";
import { connectDatabase } from "./persistence/database.js";

/** Connects the notification service to what it needs and builds its HTTP app; `close()` lets go of it all in order. */
export async function createNotification(config: NotificationConfig, logger: Logger): Promise<Service> {
  const database = await connectDatabase(config.MONGO_URL, config.MONGO_DB);
  const db = database.getClient().db(config.MONGO_DB);
  // BullMQ workers need maxRetriesPerRequest: null; queues and workers share this connection's options.
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, lazyConnect: true });
  await redis.connect();
  const mailer = createMailer(config.SMTP_URL);
  const bus = await startEventBus({
    url: config.AMQP_URL,
    exchange: config.EVENTS_EXCHANGE,
    service: "notification",
    logger,
    subscriptions,
  });
  const app = buildApp({
    service: "notification",
    logger,
    readinessChecks: {
      mongo: async () => {
        await db.command({ ping: 1 });
      },
      rabbitmq: bus.checkReady,
      redis: async () => {
        await redis.ping();
      },
      smtp: async () => {
        await mailer.verify();
      },
    },
    routes: (app) => registerRoutes(app),
  });
  return {
    app,
    async close() {
      await bus.close();
      await redis.quit();
      mailer.close();
      await database.close();
    },
  };
}
