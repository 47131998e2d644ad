import { type ServiceProcess, serviceEntry, startServiceProcess, type TestRedis } from "@storefront/testing";

/**
 * The built gateway in front of the services a bench measures (`upstreams`: CATALOGUE_URL, IDENTITY_URL, ...). Its
 * rate limit is counted as in production (one Redis round trip per request) but set where the load never reaches it.
 */
export function startUncappedGateway(redis: TestRedis, upstreams: Record<string, string>): Promise<ServiceProcess> {
  return startServiceProcess({
    entry: serviceEntry("gateway"),
    env: {
      REDIS_URL: redis.url,
      RATE_LIMIT_PREFIX: `${redis.prefix}:`,
      RATE_LIMIT_API_PER_MINUTE: "100000000",
      ...upstreams,
      LOG_LEVEL: "warn",
    },
  });
}
