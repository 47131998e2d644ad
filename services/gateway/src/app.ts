import { buildApp, type Dependency, type Logger, type Service, startUp } from "@storefront/http";
import { serviceBus, startEventBus } from "@storefront/messaging";
import { connectRedis } from "@storefront/stores";
import type { GatewayConfig } from "./config.js";
import { cors } from "./http/cors.js";
import { MicroCache } from "./http/micro-cache.js";
import { PrerenderedPages } from "./http/prerender.js";
import { createServiceProxy } from "./http/proxy.js";
import { rateLimiter, shopRateRules } from "./http/rate-limit.js";
import {
  contentSecurityPolicy,
  securityHeaders,
  securityHeaderValues,
  servedOverHttps,
} from "./http/security-headers.js";
import { seoRoutes } from "./http/seo.js";
import { serveSpa } from "./http/spa.js";
import { refuseStaleTokens } from "./http/stale-tokens.js";
import { upstreamOrigins } from "./http/upstreams.js";
import { subscriptions } from "./messaging/subscriptions.js";

/**
 * The edge: security headers and CORS on everything, Redis-backed rate limits on the API, the public API forwarded
 * to the owning services over pooled keep-alive connections, and the SPA for everything else.
 */
export function createGateway(config: GatewayConfig, logger: Logger): Promise<Service> {
  return startUp((keep) => assembleGateway(config, logger, keep));
}

async function assembleGateway(
  config: GatewayConfig,
  logger: Logger,
  keep: <D extends Dependency>(dependency: D) => D,
): Promise<Service> {
  // Rate-limit counters live in Redis so every gateway replica shares them.
  const redis = keep(await connectRedis(config.REDIS_URL, { for: "requests" }));
  const cache = new MicroCache({ maxAgeMs: config.MICRO_CACHE_MS });
  const proxy = createServiceProxy({
    cache,
    origins: upstreamOrigins(config),
    connectionsPerUpstream: config.UPSTREAM_CONNECTIONS,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    bodyLimitBytes: config.BODY_LIMIT_BYTES,
  });
  // Shutdown closes the pools too, but readiness checks Redis only: one slow service must not take the whole shop
  // (the SPA, the other services' paths) out of the load balancer.
  const upstreamPools = keep({ name: "upstream-pools", check: async () => {}, close: () => proxy.close() });
  const headerOptions = { https: servedOverHttps(config.PUBLIC_URL), paymentSandboxOrigin: config.PAYMENT_SANDBOX_URL };
  const prerendered = new PrerenderedPages({
    webDist: config.WEB_DIST,
    serverEntry: config.WEB_SSR_ENTRY,
    catalogueUrl: config.CATALOGUE_URL,
    publicUrl: config.PUBLIC_URL,
    refreshMs: config.PRERENDER_REFRESH_MS,
    logger,
    contentSecurityPolicy: (inlineScripts) => contentSecurityPolicy({ ...headerOptions, inlineScripts }),
  });
  // Product changes drop the caches at once. Connected in the background: with the broker away the gateway serves
  // as ever, its caches expiring by themselves (MICRO_CACHE_MS, PRERENDER_REFRESH_MS) as they did before it listened.
  const bus = keep(
    await startEventBus({
      ...serviceBus(config, "gateway", logger),
      background: true,
      consumer: { broadcast: true },
      subscriptions: (consumer) => subscriptions(consumer, { microCache: cache, prerendered }),
    }),
  );
  const app = buildApp({
    service: "gateway",
    metricsToken: config.METRICS_TOKEN,
    logger,
    dependencies: [redis, bus],
    // Without Redis the limiter refuses what it must and lets the rest through; without the broker only the caches
    // wait to expire: docs/operations/readiness.md.
    ridesOut: ["redis", "rabbitmq"],
    // Bodies stream through to the services untouched (a webhook's signature covers its raw bytes).
    parseBodies: false,
    requestIds: "mint",
    defaultCacheControl: "leave",
    routes: (app) => {
      app.set("trust proxy", config.TRUST_PROXY);
      app.use(securityHeaders(headerOptions));
      app.use(cors(config.CORS_ORIGINS));
      // Before the rate limiter: a cached public read costs no Redis round trip and no service hop.
      app.use(cache.serve);
      if (config.RATE_LIMITS_ENABLED) {
        const rules = shopRateRules(config.RATE_LIMIT_API_PER_MINUTE);
        app.use(rateLimiter({ redis: redis.client, rules, prefix: config.RATE_LIMIT_PREFIX }));
      }
      // After the public cache (its answers name nobody), before any service sees a token.
      app.use(refuseStaleTokens({ redis: redis.client, prefix: config.CREDENTIAL_VERSIONS_PREFIX }));
      app.use(proxy.handler);
      seoRoutes(app, config.PUBLIC_URL);
      serveSpa(app, config.WEB_DIST, prerendered.handler);
    },
  });
  return {
    app,
    dependencies: [redis, upstreamPools, bus],
    front: cache.front(securityHeaderValues(headerOptions)),
  };
}
