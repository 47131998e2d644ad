import type { Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";

/**
 * Wrong coupon codes tried from one client address (docs/coupons.md, Guessing): one count whether a code is tried with
 * "Apply coupon" or sent with a checkout, so trying codes through the checkout is no way around the limit. Kept in
 * Redis (rate-limiter-flexible), shared by every instance. Codes are advertised, not secrets: with Redis away the
 * shop keeps selling and counts nothing.
 */
export function couponGuesses(redis: Redis, prefix: string, limit: number, windowSeconds: number) {
  return wrongGuesses(redis, `${prefix}:coupon-guesses`, limit, windowSeconds);
}
export type CouponGuesses = ReturnType<typeof couponGuesses>;

/**
 * Wrong guesses of a code, counted per key (a client address for coupons, a staff account for booking passes:
 * docs/counter.md) in a window, in Redis: `waitFor` says how long the key must wait once it used up the window.
 */
export function wrongGuesses(redis: Redis, keyPrefix: string, limit: number, windowSeconds: number) {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points: limit,
    duration: windowSeconds,
    rejectIfRedisNotReady: true,
  });
  return {
    /** Seconds until `client` may try a code again, or 0 when it may now. */
    async waitFor(client: string): Promise<number> {
      const standing = await limiter.get(client).catch(() => null);
      return standing && standing.consumedPoints >= limit ? Math.max(1, Math.ceil(standing.msBeforeNext / 1000)) : 0;
    },
    /** Counts one wrong code from `client`. */
    async wrong(client: string): Promise<void> {
      // A penalty never refuses (the next try reads the limit); it fails only with Redis away, which counts nothing.
      await limiter.penalty(client, 1).catch(() => undefined);
    },
  };
}
export type WrongGuesses = ReturnType<typeof wrongGuesses>;
