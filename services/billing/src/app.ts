import { buildApp, type Logger, type Service } from "@storefront/http";
import { startEventBus } from "@storefront/messaging";
import type { BillingConfig } from "./config.js";
import { registerRoutes } from "./http/routes.js";
import { subscriptions } from "./messaging/subscriptions.js";
import { connectDatabase } from "./persistence/database.js";

/** Connects the billing service to what it needs and builds its HTTP app; `close()` lets go of it all in order. */
export async function createBilling(config: BillingConfig, logger: Logger): Promise<Service> {
  const database = await connectDatabase(config.MONGO_URL, config.MONGO_DB);
  const db = database.getClient().db(config.MONGO_DB);
  const bus = await startEventBus({
    url: config.AMQP_URL,
    exchange: config.EVENTS_EXCHANGE,
    service: "billing",
    logger,
    outboxCollections: [db.collection("receipts")],
    subscriptions,
  });
  const app = buildApp({
    service: "billing",
    logger,
    readinessChecks: {
      mongo: async () => {
        await db.command({ ping: 1 });
      },
      rabbitmq: bus.checkReady,
    },
    routes: (app) => registerRoutes(app),
  });
  return {
    app,
    async close() {
      await bus.close();
      await database.close();
    },
  };
}
