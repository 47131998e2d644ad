import { ApiPaths } from "@storefront/contracts";
import { HttpError } from "@storefront/http";
import type { Request, RequestHandler } from "express";
import type { Redis } from "ioredis";
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
    { name: "otp-send", matches: post(ApiPaths.otp.send), limit: 6, windowMs: 15 * MINUTE, whenStoreDown: "refuse" },
    {
      name: "otp-validate",
      matches: post(ApiPaths.otp.validate),
      limit: 20,
      windowMs: 15 * MINUTE,
      whenStoreDown: "refuse",
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
      matches: (req) => isApiPath(req.path),
      limit: apiPerMinute,
      windowMs: MINUTE,
      whenStoreDown: "allow",
    },
  ];
}

// One round trip per rule: count the hit, start the window on the first one, report the count and time left.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

type CountingRedis = Redis & { rateLimitHit(key: string, windowMs: number): Promise<[number, number]> };

export interface RateLimiterOptions {
  redis: Redis;
  rules: readonly RateRule[];
  prefix: string;
  /** How long to wait for Redis before treating it as down. */
  storeTimeoutMs?: number;
}

/**
 * Fixed-window counters in Redis, shared by every gateway replica. An answer over a limit is 429 with Retry-After
 * and the spec's error body; the IETF RateLimit headers tell a well-behaved client where it stands.
 */
export function rateLimiter(options: RateLimiterOptions): RequestHandler {
  const { rules, prefix, storeTimeoutMs = 250 } = options;
  const redis = options.redis as CountingRedis;
  if (typeof redis.rateLimitHit !== "function") redis.defineCommand("rateLimitHit", { numberOfKeys: 1, lua: HIT });

  return async (req, res, next) => {
    const applicable = rules.filter((rule) => rule.matches(req));
    if (applicable.length === 0) return next();
    const client = req.ip ?? req.socket.remoteAddress ?? "unknown";
    let counts: Array<[number, number]>;
    try {
      counts = await withTimeout(
        Promise.all(applicable.map((rule) => redis.rateLimitHit(`${prefix}${rule.name}:${client}`, rule.windowMs))),
        storeTimeoutMs,
      );
    } catch (error) {
      req.log.warn({ err: error }, "rate limits could not be counted");
      if (applicable.some((rule) => rule.whenStoreDown === "refuse")) {
        throw new HttpError(503, "TRY_LATER", "This cannot be done right now. Please try again in a minute.");
      }
      return next();
    }
    const standings = applicable.map((rule, index) => {
      const [count, ttl] = counts[index] as [number, number];
      return { rule, count, remaining: rule.limit - count, resetMs: ttl > 0 ? ttl : rule.windowMs };
    });
    // Tell the client about the rule that refused it (the longest wait if several), else the closest to refusing.
    const refused = standings.filter((s) => s.remaining < 0).sort((a, b) => b.resetMs - a.resetMs)[0];
    const { rule, count, resetMs } = refused ?? standings.reduce((a, b) => (b.remaining < a.remaining ? b : a));
    const resetSeconds = Math.ceil(resetMs / 1000);
    res.setHeader("ratelimit-limit", rule.limit);
    res.setHeader("ratelimit-remaining", Math.max(0, rule.limit - count));
    res.setHeader("ratelimit-reset", resetSeconds);
    if (count > rule.limit) {
      res.setHeader("retry-after", resetSeconds);
      req.log.info({ rule: rule.name, client }, "rate limited");
      throw new HttpError(429, "TOO_MANY_REQUESTS", "Too many requests. Please wait a little and try again.");
    }
    next();
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
