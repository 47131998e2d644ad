import type { TestDatabase } from "./mongo.js";
import type { TestRedis } from "./redis.js";

/** Where an order-payment under test takes its orders: its database, broker, Redis prefix and the two it calls. */
export interface CheckoutPlaces {
  orders: TestDatabase;
  amqpUrl: string;
  redis: TestRedis;
  /** The catalogue it prices orders with. */
  catalogueUrl: string;
  /** The payment sandbox, standing in for Cashfree, with the secret both sides are given. */
  sandbox: { url: string; secret: string };
}

/**
 * order-payment's environment for a checkout against the payment sandbox: the variables every such test and bench
 * gives alike (its Redis keys under the run's prefix, Cashfree's API at the sandbox's /pg). The caller adds its own
 * (JWT keys, PUBLIC_URL, limits, log level).
 */
export function checkoutEnv(places: CheckoutPlaces): Record<string, string> {
  return {
    ...places.orders.env,
    AMQP_URL: places.amqpUrl,
    REDIS_URL: places.redis.url,
    REDIS_PREFIX: `${places.redis.prefix}:order-payment`,
    CATALOGUE_URL: places.catalogueUrl,
    CASHFREE_BASE_URL: `${places.sandbox.url}/pg`,
    CASHFREE_SECRET_KEY: places.sandbox.secret,
  };
}
