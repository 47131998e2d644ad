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
    /** Whether `mobile` had its codes this hour. */
    async spent(mobile: string): Promise<boolean> {
      return (await sent.waitFor(mobile)) > 0;
    },
    /**
     * Counts one code to `mobile`, once it is decided (written with its event): asks that send nothing (another code
     * of the order's minute, a request that lost the race) spend none of the number's codes.
     */
    async count(mobile: string): Promise<void> {
      await sent.wrong(mobile);
    },
  };
}
export type PhoneCodeCount = ReturnType<typeof phoneCodeCount>;
