import { buildApp, type Logger, type Service, startUp } from "@storefront/http";
import { startEventBus } from "@storefront/messaging";
import { connectDatabase } from "@storefront/stores";
import type { BillingConfig } from "./config.js";
import { registerRoutes } from "./http/routes.js";
import { subscriptions } from "./messaging/subscriptions.js";

/** Connects the billing service to what it needs and builds its HTTP app. */
export function createBilling(config: BillingConfig, logger: Logger): Promise<Service> {
  return startUp(async (keep) => {
    const database = keep(await connectDatabase(config.MONGO_URL, config.MONGO_DB));
    const bus = keep(
      await startEventBus({
        url: config.AMQP_URL,
        exchange: config.EVENTS_EXCHANGE,
        service: "billing",
        logger,
        outboxCollections: [database.db.collection("receipts")],
        subscriptions,
      }),
    );
    const dependencies = [database, bus];
    const app = buildApp({ service: "billing", logger, dependencies, routes: (app) => registerRoutes(app) });
    return { app, dependencies };
  });
}
