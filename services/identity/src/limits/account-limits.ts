import { clientKey, TRY_LATER_MESSAGE, TRY_LATER_SECONDS } from "@storefront/http";
import type { Redis } from "ioredis";
import { RateLimiterRedis, type RateLimiterRes } from "rate-limiter-flexible";
import type { IdentityConfig } from "../config.js";
import { IdentityError } from "../domain/errors.js";

const TRY_LATER = "Too many attempts. Please wait a little and try again.";

/** A counter of one kind of attempt per key, on rate-limiter-flexible's Redis store (shared by every replica). */
class Counter {
  private readonly limiter: RateLimiterRedis;

  constructor(
    redis: Redis,
    keyPrefix: string,
    readonly points: number,
    durationSeconds: number,
  ) {
    // A Redis that is not connected fails the call at once (refused as "store-down") instead of queueing it.
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix,
      points,
      duration: durationSeconds,
      rejectIfRedisNotReady: true,
    });
  }

  /** Seconds until `key` may try again, or 0 when it may now. Redis down -> IdentityError "store-down". */
  async waitFor(key: string): Promise<number> {
    const standing = await guard(this.limiter.get(key));
    return standing && standing.consumedPoints >= this.points ? Math.ceil(standing.msBeforeNext / 1000) : 0;
  }

  /** Counts one attempt. */
  async count(key: string): Promise<void> {
    await guard(this.limiter.penalty(key, 1));
  }

  async reset(key: string): Promise<void> {
    await guard(this.limiter.delete(key));
  }
}

async function guard<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    // rate-limiter-flexible rejects with a RateLimiterRes when over a limit, with an Error when Redis failed.
    if (error instanceof Error) throw new IdentityError("store-down", TRY_LATER_MESSAGE, TRY_LATER_SECONDS);
    throw error as RateLimiterRes;
  }
}

/** The counters of one kind of mail: per (email, client), the email's ceiling, and its pace past the ceiling. */
interface MailCounters {
  pair: Counter;
  ceiling: Counter;
  throttle: Counter;
}

/**
 * The per-account limits behind the gateway's per-address ones (OWASP Authentication Cheat Sheet, "login throttling";
 * rate-limiter-flexible's login-protection recipe):
 *  - failed logins per email + client address: a few, then that pair waits out the block (a guesser from one place);
 *  - failed logins per email alone: more, and a short block, so a stranger's guesses cannot lock a customer out for
 *    long; a successful login clears the pair's count;
 *  - OTP and reset mails per email per hour, so nobody's inbox can be bombed through the shop: a few per (email,
 *    client), which stops each client, and a ceiling per email from everywhere, which throttles instead of blocking:
 *    past it the email still gets one mail per MAILS_PAST_CEILING_EVERY_S, so a stranger spending the ceiling from
 *    many clients makes the customer wait minutes, not the hour (docs/security.md, "A stranger cannot lock a customer
 *    out"). A mail is counted only when it is allowed.
 * When Redis is down these refuse (503): they guard passwords and mailboxes.
 */
export function accountLimits(redis: Redis, config: IdentityConfig) {
  const prefix = `${config.REDIS_PREFIX}:limits`;
  const loginPair = new Counter(
    redis,
    `${prefix}:login-email-address`,
    config.LOGIN_FAILS_PER_EMAIL_AND_ADDRESS,
    config.LOGIN_BLOCK_EMAIL_AND_ADDRESS_S,
  );
  const loginEmail = new Counter(
    redis,
    `${prefix}:login-email`,
    config.LOGIN_FAILS_PER_EMAIL,
    config.LOGIN_BLOCK_EMAIL_S,
  );
  const mailCounters = (kind: string, perClient: number, ceiling: number): MailCounters => ({
    pair: new Counter(redis, `${prefix}:${kind}-email-client`, perClient, 3600),
    ceiling: new Counter(redis, `${prefix}:${kind}-email`, ceiling, 3600),
    // One point per interval: the last mail to the email, whatever its client.
    throttle: new Counter(redis, `${prefix}:${kind}-email-throttle`, 1, config.MAILS_PAST_CEILING_EVERY_S),
  });
  const otpSends = mailCounters(
    "otp-send",
    config.OTP_SENDS_PER_EMAIL_PER_HOUR,
    config.OTP_SENDS_PER_EMAIL_CEILING_PER_HOUR,
  );
  const resets = mailCounters("reset", config.RESETS_PER_EMAIL_PER_HOUR, config.RESETS_PER_EMAIL_CEILING_PER_HOUR);
  const pairKey = (email: string, address: string) => `${email}|${clientKey(address)}`;
  /**
   * One mail to `email` asked from `address`: refused while the pair is at its limit; past the email's ceiling,
   * refused until the interval since the email's last mail has passed. Counted in all three when it goes.
   */
  async function takeMail(counters: MailCounters, email: string, address: string) {
    const key = pairKey(email, address);
    const pairWait = await counters.pair.waitFor(key);
    if (pairWait > 0) throw new IdentityError("too-many", TRY_LATER, pairWait);
    const ceilingWait = await counters.ceiling.waitFor(email);
    const wait = ceilingWait > 0 ? Math.min(ceilingWait, await counters.throttle.waitFor(email)) : 0;
    if (wait > 0) throw new IdentityError("too-many", TRY_LATER, wait);
    await Promise.all([counters.pair.count(key), counters.ceiling.count(email), counters.throttle.count(email)]);
  }
  return {
    /** Throws "login-blocked" (429) while either login counter is at its limit. */
    async checkLogin(email: string, address: string): Promise<void> {
      const [pair, alone] = await Promise.all([loginPair.waitFor(pairKey(email, address)), loginEmail.waitFor(email)]);
      const wait = Math.max(pair, alone);
      if (wait > 0) throw new IdentityError("too-many", TRY_LATER, wait);
    },
    async loginFailed(email: string, address: string): Promise<void> {
      await Promise.all([loginPair.count(pairKey(email, address)), loginEmail.count(email)]);
    },
    async loginSucceeded(email: string, address: string): Promise<void> {
      await loginPair.reset(pairKey(email, address));
    },
    /** A reset password ends the lockouts of its account. */
    async clearLogin(email: string): Promise<void> {
      await loginEmail.reset(email);
    },
    takeOtpSend: (email: string, address: string) => takeMail(otpSends, email, address),
    takeResetMail: (email: string, address: string) => takeMail(resets, email, address),
  };
}
export type AccountLimits = ReturnType<typeof accountLimits>;
