import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { loadIdentityConfig } from "../config.js";
import { IdentityError } from "../domain/errors.js";
import { accountLimits } from "./account-limits.js";

describe("account limits without Redis", () => {
  it("refuse logins, OTP mails and reset mails (503) instead of letting them through uncounted", async () => {
    // Nothing listens on port 1: every command fails at once, as with Redis down.
    const away = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    away.on("error", () => {});
    const limits = accountLimits(away, loadIdentityConfig({}));
    for (const attempt of [
      () => limits.checkLogin("asha@example.in", "203.0.113.1"),
      () => limits.takeOtpSend("asha@example.in", "203.0.113.1"),
      () => limits.takeResetMail("asha@example.in", "203.0.113.1"),
    ]) {
      const error = await attempt().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(IdentityError);
      expect((error as IdentityError).kind).toBe("store-down");
    }
    away.disconnect();
  });
});
