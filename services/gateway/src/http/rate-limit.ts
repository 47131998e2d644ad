import { ApiPaths, PROVIDER_WEBHOOK_PATHS } from "@storefront/contracts";
import { HttpError, requestClientKey, tryLater } from "@storefront/http";
import type { Request, RequestHandler } from "express";
import type { Redis } from "ioredis";
import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { redisWithin } from "./redis-within.js";
import { isApiPath } from "./upstreams.js";

/** A limit on how often one client address may do something. */
export interface RateRule {
  name: string;
  /** Which requests count against the rule. */
  matches(req: Request): boolean;
  limit: number;
  windowMs: number;
  /**
   * Without Redis the gateway cannot count. For the shop as a whole it keeps serving ("allow": a sale beats a
   * counter); for password guessing and OTP mail it refuses ("refuse": those are what attackers would hammer).
   */
  whenStoreDown: "allow" | "refuse";
}

const MINUTE = 60_000;
const CHECK_EMAIL_PREFIX = ApiPaths.auth.checkEmail.slice(0, ApiPaths.auth.checkEmail.indexOf(":"));
const PROVIDER_WEBHOOKS = new Set<string>(PROVIDER_WEBHOOK_PATHS);
const post =
  (...paths: string[]) =>
  (req: Request) =>
    req.method === "POST" && paths.includes(req.path);

/**
 * The shop's limits per client address. Every API request counts against "api"; the sensitive calls also against
 * their own, stricter rule (identity adds per-account limits of its own behind these).
 */
export function shopRateRules(apiPerMinute: number): RateRule[] {
  return [
    { name: "login", matches: post(ApiPaths.auth.login), limit: 10, windowMs: 15 * MINUTE, whenStoreDown: "refuse" },
    { name: "signup", matches: post(ApiPaths.auth.signup), limit: 10, windowMs: 60 * MINUTE, whenStoreDown: "refuse" },
    {
      name: "password-reset",
      // A reset spends an argon2 hash per try, so it counts here with the mail that asks for one.
      matches: post(ApiPaths.auth.forgotPassword, ApiPaths.auth.resetPassword),
      limit: 5,
      windowMs: 15 * MINUTE,
      whenStoreDown: "refuse",
    },
    {
      name: "password-change",
      // A wrong current password is a password guess (identity counts it with failed logins too), and each try
      // spends an argon2 verification.
      matches: post(ApiPaths.auth.changePassword),
      limit: 5,
      windowMs: 15 * MINUTE,
      whenStoreDown: "refuse",
    },
    { name: "otp-send", matches: post(ApiPaths.otp.send), limit: 6, windowMs: 15 * MINUTE, whenStoreDown: "refuse" },
    {
      name: "check-email",
      // Whether an email has an account: asked once per sign-up at checkout, and a list of emails checked one by
      // one is what an enumerator would do.
      matches: (req) => req.method === "GET" && req.path.startsWith(CHECK_EMAIL_PREFIX),
      limit: 10,
      windowMs: 15 * MINUTE,
      whenStoreDown: "refuse",
    },
    {
      name: "otp-validate",
      matches: post(ApiPaths.otp.validate),
      limit: 20,
      windowMs: 15 * MINUTE,
      whenStoreDown: "refuse",
    },
    {
      name: "order-track",
      // The tracking form mails a code (order-payment sends at most one a minute per order) and its code is 6
      // digits: asking and guessing count together, per address (docs/order-lifecycle.md, The order page).
      matches: post(ApiPaths.payment.trackCode, ApiPaths.payment.trackPass),
      limit: 10,
      windowMs: 15 * MINUTE,
      whenStoreDown: "refuse",
    },
    {
      name: "order-cancel",
      // Each cancel may call the payment provider for a refund.
      matches: (req) => req.method === "POST" && /\/cancel$|\/refund$/.test(req.path),
      limit: 20,
      windowMs: 15 * MINUTE,
      whenStoreDown: "allow",
    },
    {
      name: "coupon",
      // Codes are advertised, not secret, but trying codes one after another is how a shared one is guessed.
      matches: post(ApiPaths.payment.applyCoupon),
      limit: 30,
      windowMs: 15 * MINUTE,
      whenStoreDown: "allow",
    },
    {
      name: "enquiry",
      matches: post(ApiPaths.catalogue.enquiry),
      limit: 10,
      windowMs: 60 * MINUTE,
      whenStoreDown: "allow",
    },
    {
      name: "api",
      // Not the providers' webhooks (payments, WhatsApp, SMS): they are authenticated by their signature, and a provider
      // sends its bursts from a few addresses; a 429 would only bring its retries back later (docs/payments.md,
      // docs/messaging.md).
      matches: (req) => isApiPath(req.path) && !PROVIDER_WEBHOOKS.has(req.path),
      limit: apiPerMinute,
      windowMs: MINUTE,
      whenStoreDown: "allow",
    },
  ];
}

export interface RateLimiterOptions {
  redis: Redis;
  rules: readonly RateRule[];
  prefix: string;
  /** How long to wait for Redis before treating it as down. */
  storeTimeoutMs?: number;
}

/**
 * The shop's limits on rate-limiter-flexible's Redis store, shared by every gateway replica: one counter per rule
 * and client (IPv4 address or IPv6 /64). An answer over a limit is 429 with Retry-After and the spec's error body;
 * the IETF RateLimit headers tell a well-behaved client where it stands.
 */
export function rateLimiter(options: RateLimiterOptions): RequestHandler {
  const { rules, prefix, storeTimeoutMs = 250 } = options;
  const limiters = new Map(
    rules.map((rule) => [
      rule.name,
      new RateLimiterRedis({
        storeClient: options.redis,
        keyPrefix: `${prefix}${rule.name}`,
        points: rule.limit,
        duration: Math.ceil(rule.windowMs / 1000),
        // A Redis that is not connected fails the call at once instead of queueing it (the rule's whenStoreDown).
        rejectIfRedisNotReady: true,
      }),
    ]),
  );

  return async (req, res, next) => {
    const applicable = rules.filter((rule) => rule.matches(req));
    if (applicable.length === 0) return next();
    const client = requestClientKey(req);
    let standings: Array<{ rule: RateRule; standing: RateLimiterRes; refused: boolean }>;
    try {
      standings = await redisWithin(
        Promise.all(
          applicable.map(async (rule) => {
            try {
              return { rule, standing: await limiters.get(rule.name)!.consume(client), refused: false };
            } catch (outcome) {
              // rate-limiter-flexible rejects with its answer when over the limit, with an Error when Redis failed.
              if (outcome instanceof RateLimiterRes) return { rule, standing: outcome, refused: true };
              throw outcome;
            }
          }),
        ),
        storeTimeoutMs,
      );
    } catch (error) {
      req.log.warn({ err: error }, "rate limits could not be counted");
      if (applicable.some((rule) => rule.whenStoreDown === "refuse")) {
        throw tryLater();
      }
      return next();
    }
    // Tell the client about the rule that refused it (the longest wait if several), else the closest to refusing.
    const refused = standings
      .filter((s) => s.refused)
      .sort((a, b) => b.standing.msBeforeNext - a.standing.msBeforeNext)[0];
    const { rule, standing } =
      refused ?? standings.reduce((a, b) => (b.standing.remainingPoints < a.standing.remainingPoints ? b : a));
    const resetSeconds = Math.max(1, Math.ceil(standing.msBeforeNext / 1000));
    res.setHeader("ratelimit-limit", rule.limit);
    res.setHeader("ratelimit-remaining", Math.max(0, standing.remainingPoints));
    res.setHeader("ratelimit-reset", resetSeconds);
    if (refused) {
      res.setHeader("retry-after", resetSeconds);
      req.log.info({ rule: rule.name, client }, "rate limited");
      throw new HttpError(429, "TOO_MANY_REQUESTS", "Too many requests. Please wait a little and try again.");
    }
    next();
  };
}
