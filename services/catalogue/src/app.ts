import { buildApp, type Logger, type Service } from "@storefront/http";
import { startEventBus } from "@storefront/messaging";
import { connectDatabase } from "@storefront/stores";
import type { CatalogueConfig } from "./config.js";
import { registerRoutes } from "./http/routes.js";

/** Connects the catalogue service to what it needs and builds its HTTP app. */
export async function createCatalogue(config: CatalogueConfig, logger: Logger): Promise<Service> {
  const database = await connectDatabase(config.MONGO_URL, config.MONGO_DB);
  const bus = await startEventBus({
    url: config.AMQP_URL,
    exchange: config.EVENTS_EXCHANGE,
    service: "catalogue",
    logger,
    outboxCollections: [database.db.collection("enquiries")],
  });
  const dependencies = [database, bus];
  const app = buildApp({ service: "catalogue", logger, dependencies, routes: (app) => registerRoutes(app) });
  return { app, dependencies };
}
