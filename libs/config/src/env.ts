import { SHOP } from "@storefront/contracts/plain";
import { z } from "zod";
import { LOCAL_INFRA } from "./local-infra.js";

/** A TCP port, from a string, with a default. */
export const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);

/** A URL with a local default (safe: loopback only). */
export const url = (fallback: string) => z.string().url().default(fallback);

/**
 * A MongoDB connection string. Not a WHATWG URL: a replica set lists several hosts (`mongodb://a:27017,b:27017/`),
 * which `z.string().url()` refuses.
 */
export const mongoUrl = (fallback: string) =>
  z
    .string()
    .regex(/^mongodb(\+srv)?:\/\/\S+$/, "must be a mongodb:// or mongodb+srv:// connection string")
    .default(fallback);

/** A whole number (milliseconds, counts) of at least `min`, with a default. */
export const intAtLeast = (min: number, fallback: number) => z.coerce.number().int().min(min).default(fallback);

/** A positive integer (milliseconds, counts) with a default. */
export const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Comma-separated delays in milliseconds (a retry schedule), e.g. "10000,30000,120000": 1 to 10 of them. */
export const delayList = (fallback: string) =>
  z
    .string()
    .regex(/^\d+(,\d+)*$/, "must be comma-separated milliseconds, e.g. 10000,30000,120000")
    .default(fallback)
    .transform((list) => list.split(",").map(Number))
    .refine((delays) => delays.every((ms) => ms > 0) && delays.length <= 10, "1 to 10 delays, each above 0 ms");

/** "true"/"false"/"1"/"0" to a boolean. */
export const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0"])
    .default(fallback ? "true" : "false")
    .transform((v) => v === "true" || v === "1");

/**
 * A secret. Locally a clearly-named development default keeps the two quick-start commands working without setup;
 * in production that public default is refused, so a forgotten variable stops the service at start-up.
 */
export const secret = (devFallback: string) =>
  z
    .string()
    .min(16, "must be at least 16 characters")
    .default(devFallback)
    .refine((value) => process.env.NODE_ENV !== "production" || value !== devFallback, {
      message: "must be set in production (the development default is public)",
    });

const MISSING = Symbol("missing in production");

/**
 * A value with a default for local runs only: in production (NODE_ENV=production) an unset variable stops the start
 * instead of quietly taking a development value (localhost CORS origins, a seeded catalogue, a public admin login).
 */
export function devDefault<T extends z.ZodType>(schema: T, devFallback: z.input<T>) {
  return z.preprocess(
    (value) => value ?? (process.env.NODE_ENV === "production" ? MISSING : devFallback),
    z
      .any()
      .refine((value) => value !== MISSING, "must be set in production (its default is for local runs only)")
      .pipe(schema),
  );
}

/**
 * The payment sandbox's public origin (services/payment-sandbox), where browsers open its hosted checkout: read by
 * order-payment (get-key tells the SPA) and the gateway (the CSP lets the SPA frame it). Development only: it has
 * no default in production, where the sandbox never runs.
 */
export const paymentSandboxEnv = {
  PAYMENT_SANDBOX_URL: z.preprocess(
    (value) => value ?? (process.env.NODE_ENV === "production" ? undefined : "http://127.0.0.1:4006"),
    z
      .url()
      .transform((value) => new URL(value).origin)
      .optional(),
  ),
};

/** Variables every service reads: where it runs, how it logs, where the shared infrastructure is. */
export const serviceEnv = {
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  HOST: z.string().default("127.0.0.1"),
  MONGO_URL: mongoUrl(LOCAL_INFRA.MONGO_URL),
  /**
   * Connections one instance keeps to its database at most (the driver's default is 100 per client). A request does
   * one to three database calls, so 20 lets 20 of them run at once per instance; three instances of every service
   * then hold at most 360 connections, well within what the local server answers under a burst (400 concurrent
   * updates: tests/system/local-database.int.test.ts) and cheap for MongoDB (about 1 MB each on the server).
   */
  MONGO_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  AMQP_URL: url(LOCAL_INFRA.AMQP_URL),
  EVENTS_EXCHANGE: z.string().min(1).default("storefront.events"),
  SHUTDOWN_GRACE_MS: positiveInt(10_000),
  /**
   * The bearer token Prometheus scrapes GET /metrics with. Required in production (the gateway's port is public);
   * unset locally, where /metrics is open on loopback.
   */
  METRICS_TOKEN: devDefault(z.string().min(16).optional(), undefined),
};

/** Services that verify access tokens (signed by identity). */
export const jwtEnv = {
  JWT_SECRET: secret("dev-only-jwt-secret-change-me"),
  JWT_ISSUER: z.string().min(1).default("storefront-identity"),
};

/**
 * The shop itself, for services that write its name or a link to it (mails, payment providers' return URLs).
 * Links are built on PUBLIC_URL alone, never on a request's Host, X-Forwarded-Host or Origin (docs/architecture.md, Identity):
 * a forged Host must not carry a reset token to someone else's site. Production has no default.
 */
export const shopEnv = {
  PUBLIC_URL: devDefault(
    z
      .string()
      .url()
      .transform((value) => new URL(value).origin),
    "http://127.0.0.1:8080",
  ),
  /** The shop's name in mails and messages: SHOP's (docs/shop-details.md); tests name a shop of their own. */
  SHOP_NAME: z.string().min(1).default(SHOP.name),
};

/**
 * Where identity publishes each account's credential version and the gateway and the console read it (one Redis
 * key per account under this prefix): docs/security.md. A test run with its own shop on a shared Redis names its own.
 */
export const credentialVersionsEnv = {
  CREDENTIAL_VERSIONS_PREFIX: z.string().min(1).max(200).default("storefront:credential-version:"),
};

/** Services that use Redis (BullMQ queues, rate limits). */
export const redisEnv = {
  REDIS_URL: url(LOCAL_INFRA.REDIS_URL),
};

/** The loopback ports each service listens on by default (also used by the gateway and scripts). */
/**
 * The phone channels' development secrets (docs/messaging.md), one home for the two sides that must agree on them
 * locally: notification's WhatsApp and MSG91 adapters and the messaging sandbox that imitates both. `secret()` refuses
 * every `dev-only` value in production.
 */
export const PHONE_DEV_SECRETS = {
  whatsappAccessToken: "dev-only-whatsapp-access-token",
  whatsappAppSecret: "dev-only-whatsapp-app-secret",
  msg91AuthKey: "dev-only-msg91-auth-key",
  msg91WebhookToken: "dev-only-msg91-webhook-token",
} as const;

export const defaultPorts = {
  gateway: 8080,
  identity: 4001,
  catalogue: 4002,
  orderPayment: 4003,
  billing: 4004,
  notification: 4005,
  paymentSandbox: 4006,
  ops: 4007,
  messagingSandbox: 4008,
} as const;
