import { buildApp, type Logger, type Service } from "@storefront/http";
import { Redis } from "ioredis";
import type { GatewayConfig } from "./config.js";
import { serveSpa } from "./http/spa.js";

/** The edge: serves the SPA (and, with the storefront issue, proxies the API to the owning services). */
export async function createGateway(config: GatewayConfig, logger: Logger): Promise<Service> {
  // Rate-limit counters live in Redis so every gateway replica shares them; producers fail fast, not hang.
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect();
  const app = buildApp({
    service: "gateway",
    logger,
    readinessChecks: {
      redis: async () => {
        await redis.ping();
      },
    },
    routes: (app) => serveSpa(app, config.WEB_DIST),
  });
  return {
    app,
    async close() {
      await redis.quit();
    },
  };
}
