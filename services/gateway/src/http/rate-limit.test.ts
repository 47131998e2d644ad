import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { shopRateRules } from "./rate-limit.js";

describe("the shop's rate rules", () => {
  const rules = shopRateRules(600);
  const matching = (method: string, path: string) =>
    rules.filter((rule) => rule.matches({ method, path } as Request)).map((rule) => rule.name);

  it("count every API call against the api rule, and the sensitive ones against their own too", () => {
    expect(matching("POST", "/api/auth/login")).toEqual(["login", "api"]);
    expect(matching("POST", "/api/payment/cashfree-order")).toEqual(["api"]);
  });

  it("leave the providers' signed webhooks out of the per-address limits", () => {
    expect(matching("POST", "/api/payment/webhooks/cashfree")).toEqual([]);
    expect(matching("POST", "/api/payment/webhooks/razorpay")).toEqual([]);
    expect(matching("POST", "/api/notify/webhooks/whatsapp")).toEqual([]);
    expect(matching("GET", "/api/notify/webhooks/whatsapp")).toEqual([]);
    expect(matching("POST", "/api/notify/webhooks/sms")).toEqual([]);
    // A variant of the path is not the webhook: it counts (and is a 404 at the edge anyway).
    expect(matching("POST", "/api/notify/webhooks/sms/")).toEqual(["api"]);
  });
});
