import { buildApp, type Logger, type Service } from "@storefront/http";
import { connectRedis } from "@storefront/stores";
import type { GatewayConfig } from "./config.js";
import { serveSpa } from "./http/spa.js";

/** The edge: serves the SPA (and, with the storefront issue, proxies the API to the owning services). */
export async function createGateway(config: GatewayConfig, logger: Logger): Promise<Service> {
  // Rate-limit counters live in Redis so every gateway replica shares them.
  const redis = await connectRedis(config.REDIS_URL, { for: "requests" });
  const dependencies = [redis];
  const app = buildApp({ service: "gateway", logger, dependencies, routes: (app) => serveSpa(app, config.WEB_DIST) });
  return { app, dependencies };
}
