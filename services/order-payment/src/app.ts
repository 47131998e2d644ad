import { buildApp, type Logger, type Service, startUp } from "@storefront/http";
import { startEventBus } from "@storefront/messaging";
import { connectDatabase, connectRedis } from "@storefront/stores";
import type { OrderPaymentConfig } from "./config.js";
import { registerRoutes } from "./http/routes.js";

/** Connects the order-payment service to what it needs and builds its HTTP app. */
export function createOrderPayment(config: OrderPaymentConfig, logger: Logger): Promise<Service> {
  return startUp(async (keep) => {
    const database = keep(await connectDatabase(config.MONGO_URL, config.MONGO_DB));
    const redis = keep(await connectRedis(config.REDIS_URL, { for: "jobs" }));
    const bus = keep(
      await startEventBus({
        url: config.AMQP_URL,
        exchange: config.EVENTS_EXCHANGE,
        service: "order-payment",
        logger,
        outboxCollections: [database.db.collection("orders")],
      }),
    );
    const dependencies = [database, redis, bus];
    const app = buildApp({ service: "order-payment", logger, dependencies, routes: (app) => registerRoutes(app) });
    return { app, dependencies };
  });
}
