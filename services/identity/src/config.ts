import {
  credentialVersionsEnv,
  defaultPorts,
  devDefault,
  jwtEnv,
  loadConfig,
  port,
  positiveInt,
  redisEnv,
  secret,
  serviceEnv,
  shopEnv,
} from "@storefront/config";
import { z } from "zod";

/** Every environment variable the identity service reads, with safe local defaults. */
export const identityEnv = {
  ...credentialVersionsEnv,
  ...serviceEnv,
  ...jwtEnv,
  ...redisEnv,
  ...shopEnv,
  PORT: port(defaultPorts.identity),
  MONGO_DB: z.string().min(1).default("identity"),
  /**
   * The shop's admin account, created (or its password reset to this) at every start. The development defaults keep
   * the quick start working (README prints them); production has none (docs/architecture.md, Identity).
   */
  ADMIN_EMAIL: devDefault(z.string().email(), "admin@shop.example"),
  ADMIN_PASSWORD: devDefault(z.string().min(12, "must be at least 12 characters"), "shop-admin-2026"),
  ADMIN_NAME: z.string().min(1).default("Shop Admin"),
  /** Seals OTPs and reset tokens inside events; notification holds the same key. */
  EVENT_SEAL_KEY: secret("dev-only-event-seal-key-change-me"),
  /** How long an access token lasts (seconds). */
  ACCESS_TOKEN_TTL_S: positiveInt(4 * 3600),
  /** How long the proof of a validated email lasts (seconds): about the time of one checkout. */
  EMAIL_PROOF_TTL_S: positiveInt(2 * 3600),
  /** How long an emailed OTP may be used; a BullMQ delayed job expires the challenge then. */
  OTP_TTL_MS: positiveInt(10 * 60_000),
  /** The resend countdown (spec section 9: 30 seconds), kept by a BullMQ job per email. */
  OTP_RESEND_MS: positiveInt(30_000),
  OTP_MAX_ATTEMPTS: positiveInt(5),
  /** How long a password-reset link works. */
  RESET_TOKEN_TTL_MS: positiveInt(30 * 60_000),
  /** Namespace of this service's BullMQ queues and rate-limit keys in Redis (tests give each run its own). */
  REDIS_PREFIX: z.string().min(1).default("identity"),
  /** argon2id cost (OWASP Password Storage Cheat Sheet: m=19 MiB, t=2, p=1 is the recommended minimum). */
  ARGON2_MEMORY_KIB: positiveInt(19_456),
  ARGON2_TIME_COST: positiveInt(2),
  /** Failed logins for one email from one address before a block, and for one email from anywhere. */
  LOGIN_FAILS_PER_EMAIL_AND_ADDRESS: positiveInt(5),
  LOGIN_FAILS_PER_EMAIL: positiveInt(20),
  /** How long each of those blocks lasts (seconds). The per-email one is short: a stranger cannot lock a customer out for long. */
  LOGIN_BLOCK_EMAIL_AND_ADDRESS_S: positiveInt(15 * 60),
  LOGIN_BLOCK_EMAIL_S: positiveInt(5 * 60),
  /**
   * OTP mails and reset mails one email address may be sent per hour when asked from one client (address, or IPv6
   * /64), and from all clients together (the ceiling, higher: a stranger spending the first from elsewhere cannot
   * lock the customer out of sign-up or reset; docs/security.md).
   */
  OTP_SENDS_PER_EMAIL_PER_HOUR: positiveInt(6),
  RESETS_PER_EMAIL_PER_HOUR: positiveInt(3),
  OTP_SENDS_PER_EMAIL_CEILING_PER_HOUR: positiveInt(20),
  RESETS_PER_EMAIL_CEILING_PER_HOUR: positiveInt(10),
  /**
   * Past its ceiling an email still gets one OTP or reset mail per this many seconds (each kind its own): the ceiling
   * throttles instead of blocking, so a stranger spending it makes the customer wait this long at most, never the
   * hour (docs/security.md).
   */
  MAILS_PAST_CEILING_EVERY_S: positiveInt(10 * 60),
};

export type IdentityConfig = z.infer<z.ZodObject<typeof identityEnv>>;

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig =>
  loadConfig(identityEnv, env);
