import type { Redis } from "ioredis";
import { wrongGuesses } from "../../coupons/persistence/coupon-guesses.js";
import { PHONE_CODES_PER_NUMBER_PER_HOUR } from "../domain/order-access.js";

/**
 * The tracking codes sent to each mobile number this hour (docs/messaging.md, Tracking by mobile number), in Redis
 * (rate-limiter-flexible), shared by every instance. With Redis away it counts nothing and lets the code go: the
 * gateway's per-address limit on the form refuses while that same Redis is away, so nothing is sent unlimited.
 */
export function phoneCodeCount(redis: Redis, prefix: string) {
  const sent = wrongGuesses(redis, `${prefix}:tracking-phone-codes`, PHONE_CODES_PER_NUMBER_PER_HOUR, 3600);
  return {
    /** Counts one code to `mobile` and says true, or false when the number had its codes this hour. */
    async take(mobile: string): Promise<boolean> {
      if ((await sent.waitFor(mobile)) > 0) return false;
      await sent.wrong(mobile);
      return true;
    },
  };
}
export type PhoneCodeCount = ReturnType<typeof phoneCodeCount>;
