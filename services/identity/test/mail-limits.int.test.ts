import { isolatedRedis, type TestRedis } from "@storefront/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadIdentityConfig } from "../src/config.js";
import { IdentityError } from "../src/domain/errors.js";
import { accountLimits } from "../src/limits/account-limits.js";

let redis: TestRedis;
beforeEach(async () => {
  redis = await isolatedRedis("identity-mail-limits");
});
afterEach(async () => {
  await redis.cleanup();
});

/** The limits with small figures: 2 mails per (email, client), 3 per email, then one per 2 seconds. */
const limits = () =>
  accountLimits(
    redis.client,
    loadIdentityConfig({
      REDIS_PREFIX: redis.prefix,
      OTP_SENDS_PER_EMAIL_PER_HOUR: "2",
      RESETS_PER_EMAIL_PER_HOUR: "2",
      OTP_SENDS_PER_EMAIL_CEILING_PER_HOUR: "3",
      RESETS_PER_EMAIL_CEILING_PER_HOUR: "3",
      MAILS_PAST_CEILING_EVERY_S: "2",
    }),
  );

/** The seconds a refusal asks to wait, or 0 when the mail may go. */
const waitOf = (take: () => Promise<void>) =>
  take().then(
    () => 0,
    (error: unknown) => {
      if (!(error instanceof IdentityError) || error.kind !== "too-many") throw error;
      return error.retryAfterSeconds ?? Number.NaN;
    },
  );

describe.each(["takeResetMail", "takeOtpSend"] as const)("%s past the per-email ceiling", (kind) => {
  it("throttles the email to one mail per interval instead of blocking it for the hour", async () => {
    const take = limits()[kind];
    const email = "asha.mail@example.in";
    // A stranger from two networks spends the ceiling (3), and is stopped per network (2).
    expect(await waitOf(() => take(email, "203.0.113.1"))).toBe(0);
    expect(await waitOf(() => take(email, "203.0.113.1"))).toBe(0);
    expect(await waitOf(() => take(email, "203.0.113.1"))).toBeGreaterThan(2);
    expect(await waitOf(() => take(email, "198.51.100.1"))).toBe(0);
    // Past the ceiling: the owner waits for the interval only, then gets one mail, then waits again.
    const wait = await waitOf(() => take(email, "192.0.2.9"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 100));
    expect(await waitOf(() => take(email, "192.0.2.9"))).toBe(0);
    expect(await waitOf(() => take(email, "192.0.2.9"))).toBeLessThanOrEqual(2);
    // The per-network limit still holds past the ceiling: the stranger's first network waits out its hour.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await waitOf(() => take(email, "203.0.113.1"))).toBeGreaterThan(2);
  });
});
