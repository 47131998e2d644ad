import { describe, expect, it } from "vitest";
import { clientKey } from "./client-key.js";

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
