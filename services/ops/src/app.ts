import { EVENT_CONSUMERS, OPS_BOARD_PATH } from "@storefront/contracts";
import { buildApp, type Logger, type Service, startUp } from "@storefront/http";
import { consumerQueues, serviceBus, startEventBus, unroutedQueueName } from "@storefront/messaging";
import { connectDatabase, connectRedis } from "@storefront/stores";
import type { OpsConfig } from "./config.js";
import { consoleSessions } from "./console/console-sessions.js";
import { requireBoardAdmin } from "./http/access.js";
import { registerRoutes } from "./http/routes.js";
import { jobBoard } from "./jobs/board.js";
import { trailSubscriptions } from "./messaging/subscriptions.js";
import { ParkedDrain } from "./parking/drain.js";
import { watchParkingLot } from "./parking/metrics.js";
import { parkingLot } from "./parking/parking-lot.js";
import { ReplaySender } from "./parking/replay-sender.js";
import { unsubscribedEvents } from "./parking/unsubscribed-events.js";
import { trailStore } from "./trail/trail-store.js";

/**
 * The on-call console's service: drains the parked and unrouted queues into its parking lot, replays or discards
 * what is there once (with an audit log), shows queue depths and each service's outbox backlog, and serves
 * bull-board over the shop's BullMQ queues. Everything behind an ADMIN login.
 */
export function createOps(config: OpsConfig, logger: Logger): Promise<Service> {
  return startUp(async (keep) => {
    const database = keep(await connectDatabase(config.MONGO_URL, config.MONGO_DB, config.MONGO_POOL_SIZE));
    const lot = parkingLot(database.db);
    await lot.ensureIndexes();
    // Messages parked before the waiting list existed, listed once per database in the background.
    void lot
      .listStoredWaiting()
      .catch((error: unknown) =>
        logger.warn({ err: error }, "parked messages could not be listed; the next start tries"),
      );
    watchParkingLot(lot);
    const unsubscribed = unsubscribedEvents(database.db);
    const trail = trailStore(database.db);
    await trail.ensureIndexes();

    // The console's own queue (`ops`) takes the order and billing events it writes each order's trail from.
    const bus = await startEventBus({
      ...serviceBus(config, "ops", logger),
      subscriptions: (consumer) => trailSubscriptions(consumer, trail),
    });
    const replays = new ReplaySender(bus.connection, logger);
    await replays.start();
    const drain = new ParkedDrain(
      bus.connection,
      [
        ...EVENT_CONSUMERS.map((consumer) => ({
          name: consumerQueues(consumer, []).parked,
          source: "parked" as const,
        })),
        { name: unroutedQueueName(config.EVENTS_EXCHANGE), source: "unrouted" as const },
      ],
      lot,
      unsubscribed,
      logger.child({ component: "parked-drain" }),
    );
    await drain.start();
    const broker = keep({
      name: "rabbitmq",
      check: () => bus.check(),
      async close() {
        await drain.close();
        await replays.close();
        await bus.close();
      },
    });
    const board = jobBoard(config.REDIS_URL);
    // The credential versions identity publishes (a password change ends the admin's console sessions too).
    const credentials = keep(await connectRedis(config.REDIS_URL, { for: "requests" }));
    const sessions = consoleSessions(
      database.db,
      { redis: credentials.client, prefix: config.CREDENTIAL_VERSIONS_PREFIX },
      config.CONSOLE_SESSION_MS,
    );
    await sessions.ensureIndexes();
    const jobs = keep({ name: "redis", check: () => board.check(), close: () => board.close() });

    const tokenKeys = { secret: config.JWT_SECRET, issuer: config.JWT_ISSUER };
    const production = config.NODE_ENV === "production";
    const dependencies = [database, broker, jobs];
    const app = buildApp({
      service: "ops",
      logger,
      dependencies,
      // What losing each dependency does: docs/operations/readiness.md.
      ridesOut: ["rabbitmq", "redis"],
      metricsToken: config.METRICS_TOKEN,
      routes: (app) => {
        app.use(OPS_BOARD_PATH, requireBoardAdmin(tokenKeys, sessions, config.PUBLIC_URL), board.router);
        registerRoutes(app, {
          lot,
          unsubscribed,
          trail,
          orderPaymentUrl: config.ORDER_PAYMENT_URL,
          replays,
          publisher: bus.publisher,
          tokenKeys,
          sessions,
          publicUrl: config.PUBLIC_URL,
          management: {
            baseUrl: config.RABBITMQ_MANAGEMENT_URL,
            vhost: config.RABBITMQ_VHOST,
            timeoutMs: config.LOOKUP_TIMEOUT_MS,
          },
          exchange: config.EVENTS_EXCHANGE,
          services: {
            identity: config.IDENTITY_URL,
            catalogue: config.CATALOGUE_URL,
            "order-payment": config.ORDER_PAYMENT_URL,
            billing: config.BILLING_URL,
            notification: config.NOTIFICATION_URL,
          },
          metricsToken: config.METRICS_TOKEN,
          lookupTimeoutMs: config.LOOKUP_TIMEOUT_MS,
          links: production ? {} : { rabbitmq: config.RABBITMQ_UI_URL, maildev: config.MAILDEV_UI_URL },
        });
      },
    });
    return { app, dependencies: [...dependencies, { ...credentials, name: "credential-versions" }] };
  });
}
