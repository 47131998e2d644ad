import { fileURLToPath } from "node:url";
import {
  bool,
  credentialVersionsEnv,
  defaultPorts,
  devDefault,
  loadConfig,
  paymentSandboxEnv,
  port,
  positiveInt,
  redisEnv,
  serviceEnv,
  shopEnv,
  url,
} from "@storefront/config";
import { z } from "zod";

const { MONGO_URL: _mongo, ...edgeEnv } = serviceEnv;

/** A comma-separated list of origins such as `https://shop.example,http://localhost:5173`. */
const originList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(",")
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url().transform((origin) => new URL(origin).origin)));

/**
 * Every environment variable the gateway reads. It owns no database and publishes no events; it hears
 * `catalogue.product.updated` on the broker (AMQP_URL, EVENTS_EXCHANGE) to drop its product caches at once.
 */
export const gatewayEnv = {
  ...credentialVersionsEnv,
  ...edgeEnv,
  ...redisEnv,
  ...paymentSandboxEnv,
  PORT: port(defaultPorts.gateway),
  /** The shop's public origin: the sitemap's and robots.txt's links are built on it, never on a request's Host. */
  PUBLIC_URL: shopEnv.PUBLIC_URL,
  /** The built SPA (web/dist of this checkout by default). */
  WEB_DIST: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL("../../../web/dist", import.meta.url))),
  /**
   * The SPA's server build, which renders the public pages (web/dist-ssr of this checkout by default). Missing, the
   * pages are served as the SPA shell.
   */
  WEB_SSR_ENTRY: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL("../../../web/dist-ssr/entry-server.js", import.meta.url))),
  /**
   * How often the prerendered pages check the catalogue for changed products (ms): the longest a change waits when
   * its `catalogue.product.updated` is not heard (the broker away); heard, the pages are rendered again at once.
   */
  PRERENDER_REFRESH_MS: positiveInt(5000),
  IDENTITY_URL: url(`http://127.0.0.1:${defaultPorts.identity}`),
  CATALOGUE_URL: url(`http://127.0.0.1:${defaultPorts.catalogue}`),
  ORDER_PAYMENT_URL: url(`http://127.0.0.1:${defaultPorts.orderPayment}`),
  BILLING_URL: url(`http://127.0.0.1:${defaultPorts.billing}`),
  /** Notification's public routes are the phone providers' webhooks only (docs/messaging.md). */
  NOTIFICATION_URL: url(`http://127.0.0.1:${defaultPorts.notification}`),
  /** The on-call console's service (its API and bull-board; every route ADMIN-only there). */
  OPS_URL: url(`http://127.0.0.1:${defaultPorts.ops}`),
  /** Keep-alive connections per service; requests beyond them wait in the pool's queue. */
  UPSTREAM_CONNECTIONS: positiveInt(64),
  /** How long a service may take to start answering before the shopper gets a 504. */
  UPSTREAM_TIMEOUT_MS: positiveInt(15_000),
  /** Largest request body passed on to a service (bytes). The spec's largest form is a few hundred bytes. */
  BODY_LIMIT_BYTES: positiveInt(100 * 1024),
  /** Other origins allowed to call the API from a browser (the SPA itself is same-origin), e.g. the Vite dev server. */
  CORS_ORIGINS: devDefault(originList(""), "http://localhost:5173,http://127.0.0.1:5173"),
  /**
   * Which hops may set X-Forwarded-For (express `trust proxy`): by default loopback and private networks, i.e. a
   * local reverse proxy or the cluster's ingress. Set to the ingress's address range in an unusual network, or
   * `none` when clients connect directly.
   */
  TRUST_PROXY: z
    .string()
    .min(1)
    .default("loopback, linklocal, uniquelocal")
    .transform((value): string | false => (value === "none" ? false : value)),
  /** Longest time a service's public answer (`Cache-Control: public, max-age`) is kept at the gateway; 0 turns it off. */
  MICRO_CACHE_MS: z.coerce.number().int().nonnegative().default(5000),
  RATE_LIMITS_ENABLED: bool(true),
  /** Requests per minute one client address may make to the API as a whole (stricter limits apply to login, OTP…). */
  RATE_LIMIT_API_PER_MINUTE: positiveInt(600),
  /** Namespace of the rate-limit counters in Redis. */
  RATE_LIMIT_PREFIX: z.string().min(1).default("ratelimit:"),
};

export type GatewayConfig = z.infer<z.ZodObject<typeof gatewayEnv>>;

export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env): GatewayConfig => loadConfig(gatewayEnv, env);
