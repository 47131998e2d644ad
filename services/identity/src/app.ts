import { buildApp, type Logger, type Service } from "@storefront/http";
import { startEventBus } from "@storefront/messaging";
import { connectDatabase, connectRedis } from "@storefront/stores";
import type { IdentityConfig } from "./config.js";
import { registerRoutes } from "./http/routes.js";

/** Connects the identity service to what it needs and builds its HTTP app. */
export async function createIdentity(config: IdentityConfig, logger: Logger): Promise<Service> {
  const database = await connectDatabase(config.MONGO_URL, config.MONGO_DB);
  const redis = await connectRedis(config.REDIS_URL, { for: "jobs" });
  const bus = await startEventBus({
    url: config.AMQP_URL,
    exchange: config.EVENTS_EXCHANGE,
    service: "identity",
    logger,
    outboxCollections: [database.db.collection("users")],
  });
  const dependencies = [database, redis, bus];
  const app = buildApp({ service: "identity", logger, dependencies, routes: (app) => registerRoutes(app) });
  return { app, dependencies };
}
