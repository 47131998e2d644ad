import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { clientKey, shopRateRules } from "./rate-limit.js";

describe("the key a client is counted under", () => {
  it("is an IPv4 address as it is, also when mapped into IPv6", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("is the /64 network of an IPv6 address, however it is written", () => {
    expect(clientKey("2001:db8:85a3:1234:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:85a3:1234::/64");
    expect(clientKey("2001:db8:85a3:1234::1")).toBe("2001:db8:85a3:1234::/64");
    expect(clientKey("2001:0db8:85a3:1234:0000:0000:0000:0002")).toBe("2001:db8:85a3:1234::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("64:ff9b::203.0.113.7")).toBe("64:ff9b:0:0::/64");
  });
});

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
  });
});
